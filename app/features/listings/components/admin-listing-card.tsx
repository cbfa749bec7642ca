import { CheckCircle2, ImageOff, MapPin, Pencil, RotateCcw, Star, UserRound } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { CATEGORY_OPTIONS, optionLabel, SPEC_CUISINE_OPTIONS, SUBCATEGORY_OPTIONS } from "../../../lib/catalogue";
import { kindLabel } from "../../directory/labels";
import type { AdminListItem } from "../types";
import { DeleteBusinessDialog } from "./delete-business-dialog";
import { ModerationDialog } from "./moderation-dialog";
import { StatusBadge } from "./status-badge";
import { formatRating } from "~/lib/rating";
import { countLabel } from "~/lib/plural";
import { placeLabel } from "~/lib/place-text";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

function kindOf(item: AdminListItem) {
  // The spec's labels, else the kind's own words: the category tree stays out of the admin page's JavaScript.
  const kind = item.category === "restaurants" ? item.cuisine : item.subcategory;
  const spec: readonly { value: string; label: string }[] =
    item.category === "restaurants"
      ? SPEC_CUISINE_OPTIONS
      : (SUBCATEGORY_OPTIONS[item.category as keyof typeof SUBCATEGORY_OPTIONS] ?? []);
  return spec.find((o) => o.value === kind)?.label ?? kindLabel(kind);
}

/** One listing on the admin screen: what it is, how it's rated, its status, and what an admin can do with it. */
export function AdminListingCard({
  item,
  eager = false,
  busy = false,
  onDelete,
  onModerate,
}: {
  item: AdminListItem;
  eager?: boolean;
  busy?: boolean;
  onDelete: () => void;
  onModerate: (action: "approve" | "reject" | "suspend", reason?: string) => void;
}) {
  const hasRating = item.reviewCount > 0 || item.rating > 0;
  const kind = kindOf(item);
  const headingId = `listing-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex flex-col gap-4 rounded-2xl border bg-card p-4 shadow-card transition-opacity sm:flex-row sm:p-5",
        busy && "pointer-events-none opacity-60",
      )}
      data-testid="admin-listing"
    >
      <div className="flex gap-4 sm:contents">
        <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-muted sm:h-24 sm:w-32">
          {item.cover ? (
            <img
              src={item.cover.src}
              srcSet={item.cover.srcSet}
              sizes="128px"
              width={item.cover.width}
              height={item.cover.height}
              alt=""
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="grid size-full place-items-center text-muted-foreground">
              <ImageOff aria-hidden="true" className="size-6" />
            </div>
          )}
        </div>
        {/* One shrinkable column: a long owner email truncates instead of widening the card (and the page). */}
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h3 id={headingId} className="min-w-0 text-lg leading-snug font-semibold break-words">
              {item.status === "published" ? (
                <Link to={businessPath(item)} className="hover:text-primary hover:underline">
                  {item.name}
                </Link>
              ) : (
                item.name
              )}
            </h3>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="soft" data-testid="category-badge">
              {optionLabel(CATEGORY_OPTIONS, item.category)}
            </Badge>
            <Badge variant="outline" data-testid="rating-badge">
              <Star
                aria-hidden="true"
                className={cn(hasRating ? "fill-amber-400 text-amber-400" : "text-muted-foreground")}
              />
              {hasRating ? (
                <>
                  <span className="sr-only">Rated </span>
                  {formatRating(item.rating)}
                  <span className="sr-only"> out of 5</span>
                </>
              ) : (
                "No rating"
              )}
            </Badge>
            <StatusBadge status={item.status} />
          </div>
          {item.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p> : null}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {kind ? `${kind} · ` : ""}
              {placeLabel(item.city, item.state)}
            </span>
            <span>
              {countLabel(item.reviewCount, "review")} · Added {dateFormat.format(new Date(item.createdAt))}
            </span>
            {item.owner ? (
              <span className="inline-flex max-w-full min-w-0 items-center gap-1">
                <UserRound aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{item.owner.email}</span>
              </span>
            ) : null}
          </p>
          {item.statusReason && (item.status === "rejected" || item.status === "suspended") ? (
            <p className="rounded-lg bg-muted px-3 py-2 text-xs">
              <span className="font-semibold">Reason: </span>
              {item.statusReason}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t pt-3 sm:shrink-0 sm:flex-nowrap sm:self-start sm:border-t-0 sm:pt-0">
        <div className="flex flex-wrap gap-2">
          {item.status === "pending" || item.status === "rejected" ? (
            <Button size="sm" disabled={busy} onClick={() => onModerate("approve")} aria-label={`Approve ${item.name}`}>
              <CheckCircle2 aria-hidden="true" />
              Approve
            </Button>
          ) : null}
          {item.status === "pending" ? (
            <ModerationDialog
              action="reject"
              name={item.name}
              disabled={busy}
              onConfirm={(reason) => onModerate("reject", reason)}
            />
          ) : null}
          {item.status === "published" ? (
            <ModerationDialog
              action="suspend"
              name={item.name}
              disabled={busy}
              onConfirm={(reason) => onModerate("suspend", reason)}
            />
          ) : null}
          {item.status === "suspended" ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => onModerate("approve")}
              aria-label={`Reinstate ${item.name}`}
            >
              <RotateCcw aria-hidden="true" />
              Reinstate
            </Button>
          ) : null}
        </div>
        <div className="ml-auto flex gap-1 sm:ml-1">
          <Button asChild variant="ghost" size="icon-sm" className="text-muted-foreground">
            <Link to={`/business/edit/${item.id}`} aria-label={`Edit ${item.name}`}>
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <DeleteBusinessDialog name={item.name} disabled={busy} onConfirm={onDelete} />
        </div>
      </div>
    </article>
  );
}

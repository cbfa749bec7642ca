import { Heart, Loader2, Trash2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { useEffect } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import { Button } from "~/components/ui/button";
import { RatingStars } from "~/components/ui/rating-stars";
import { BusinessImage } from "~/features/directory/components/business-image";
import { OpenStatusBadge } from "~/features/directory/components/open-status-badge";
import { categoryIcon, gradientIndex, PlaceholderArt } from "~/features/directory/components/placeholder-art";
import { CATEGORY_LABELS } from "~/features/directory/labels";
import { formatRating } from "~/lib/rating";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import type { FavoriteActionResult, FavoriteItem, FavoritePage } from "../types";

const fetcherKey = (businessId: string) => `favorite-remove-${businessId}`;

/**
 * The dashboard's Favorites: the signed-in user's saved businesses as cards
 * (newest first), each with Remove; the empty state when there are none (or
 * when signed out). Removing hides the card at once; the page's data then
 * confirms it.
 */
export function FavoritesPanel({ favorites }: { favorites: FavoritePage | null }) {
  // Cards being removed right now (optimistic): hidden, and not counted.
  const removing = new Set(
    useFetchers()
      .filter((f) => f.key.startsWith("favorite-remove-") && f.formData?.get("intent") === "favorite-remove")
      .map((f) => f.key),
  );
  const items = (favorites?.items ?? []).filter((item) => !removing.has(fetcherKey(item.id)));
  const total = Math.max(0, (favorites?.total ?? 0) - ((favorites?.items.length ?? 0) - items.length));

  return (
    <section
      aria-labelledby="favorites-heading"
      className="flex flex-col rounded-3xl border bg-card p-6 shadow-card"
      data-testid="favorites-panel"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Heart className="size-5" />
        </span>
        <h2 id="favorites-heading" className="text-lg font-bold">
          Favorites
        </h2>
        <span className="ml-auto text-2xl font-extrabold tracking-tight" data-testid="favorites-count">
          {total}
        </span>
      </div>
      {items.length > 0 ? (
        <>
          <ul className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Your favorites">
            {items.map((item) => (
              <li key={item.id}>
                <FavoriteCard item={item} />
              </li>
            ))}
          </ul>
          {total > items.length ? (
            <p className="mt-3 text-sm text-muted-foreground">Showing your {items.length} most recent favorites.</p>
          ) : null}
        </>
      ) : (
        <div className="mt-6 flex flex-1 flex-col items-center justify-center rounded-2xl border border-dashed px-6 py-10 text-center">
          <p className="font-semibold">No favorites yet</p>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">
            Save a business from its page and it will show up here.
          </p>
          <Button asChild variant="outline" className="mt-5">
            <Link to="/categories/restaurants">Browse restaurants</Link>
          </Button>
        </div>
      )}
    </section>
  );
}

function FavoriteCard({ item }: { item: FavoriteItem }) {
  const fetcher = useFetcher<FavoriteActionResult>({ key: fetcherKey(item.id) });
  const hydrated = useHydrated();

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === "idle" && result && !result.ok)
      toast({ title: "Error", description: result.error, variant: "destructive" });
  }, [fetcher.data, fetcher.state]);

  return (
    <article
      className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 rounded-2xl border p-3"
      data-testid="favorite-card"
      data-business-id={item.id}
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-muted">
        {item.image ? (
          <BusinessImage image={item.image} alt="" sizes="64px" className="size-full object-cover" />
        ) : (
          <PlaceholderArt
            index={gradientIndex(item.id)}
            icon={categoryIcon(item.category)}
            className="size-full [&_svg]:size-6"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold">
          <Link to={businessPath(item)} className="hover:underline">
            {item.name}
          </Link>
        </h3>
        <p className="text-xs text-muted-foreground">{CATEGORY_LABELS[item.category]}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          {item.reviewCount > 0 ? (
            <>
              <RatingStars rating={item.rating} size="xs" />
              <span className="font-semibold">{formatRating(item.rating)}</span>
            </>
          ) : (
            <span className="font-semibold">New</span>
          )}
        </div>
        <OpenStatusBadge status={item.openStatus} className="mt-0.5 text-xs" />
      </div>
      <fetcher.Form
        method="post"
        action={`/business/${item.id}`}
        preventScrollReset
        className="col-start-2 mt-1 justify-self-start"
      >
        <input type="hidden" name="intent" value="favorite-remove" />
        {/* Without JavaScript: back to the dashboard afterwards. */}
        {hydrated ? null : <input type="hidden" name="returnTo" value="/portal" />}
        <Button type="submit" variant="ghost" size="sm" className="-ml-3" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          <span>
            Remove<span className="sr-only">: {item.name}</span>
          </span>
        </Button>
      </fetcher.Form>
    </article>
  );
}

import { ChevronLeft, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The parts of a listing its owner manages, each on its own page (issue 36). */
export const LISTING_SECTIONS = [
  { id: "details", label: "Details", path: "" },
  { id: "showcase", label: "Testimonials & videos", path: "/showcase" },
  { id: "offers", label: "Coupons & offers", path: "/offers" },
  { id: "menus", label: "Menus", path: "/menus" },
] as const;
export type ListingSection = (typeof LISTING_SECTIONS)[number]["id"];

/**
 * The head of every page where a listing is managed (details, testimonials and videos, offers, menus): the way back,
 * the page's title, the listing's name with a badge, "View listing" when it is public, and the sections as one row of
 * links — the current one marked — instead of a button each.
 */
export function ListingManageHeader({
  businessId,
  name,
  badge,
  title,
  section,
  isAdmin,
  viewHref,
}: {
  businessId: string;
  name: string;
  badge: ReactNode;
  title: string;
  section: ListingSection;
  /** An admin came from the listings table; an owner goes back home. */
  isAdmin: boolean;
  /** The public page (with the section's anchor); none while the listing isn't published. */
  viewHref: string | null;
}) {
  const back = isAdmin ? { to: "/admin", label: "Business listings" } : { to: "/", label: "Home" };
  return (
    <div className="grid gap-4">
      <div className="grid gap-3">
        <Link
          to={back.to}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-2">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
            <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <span className="font-medium text-foreground">{name}</span>
              {badge}
            </p>
          </div>
          {viewHref ? (
            <Button asChild variant="outline">
              <Link to={viewHref}>
                View listing
                <ExternalLink aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <nav aria-label="Listing sections" className="flex flex-wrap gap-2">
        {LISTING_SECTIONS.map((s) => (
          <Link
            key={s.id}
            to={`/business/edit/${businessId}${s.path}`}
            aria-current={section === s.id ? "page" : undefined}
            className="inline-flex h-9 items-center rounded-full border bg-card px-4 text-sm font-semibold whitespace-nowrap transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
          >
            {s.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

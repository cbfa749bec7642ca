import { ChartColumn, Clapperboard, Inbox, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * On a business page, for the person who manages it (its business-account
 * owner, or an admin): a line saying so with "Edit listing" and "Stats" (and
 * the inbox, for the owner). Everyone else sees nothing. The edit route checks again.
 */
export function OwnerBar({
  businessId,
  viewer,
  isOwner,
}: {
  businessId: string;
  viewer: { isAdmin: boolean; type?: "customer" | "business" } | null | undefined;
  /** The signed-in viewer owns this listing (from the page's loader). */
  isOwner: boolean;
}) {
  const owns = isOwner && viewer?.type === "business";
  if (!viewer || (!owns && !viewer.isAdmin)) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-primary/30 bg-primary-soft/60 px-3 py-2 text-sm">
      <span className="font-medium">{owns ? "This is your listing." : "You can manage this listing as an admin."}</span>
      <Button asChild size="sm" variant="outline" className="ml-auto">
        <Link to={`/business/edit/${businessId}`}>
          <Pencil aria-hidden="true" />
          Edit listing
        </Link>
      </Button>
      <Button asChild size="sm" variant="ghost">
        <Link to={`/business/edit/${businessId}/showcase`}>
          <Clapperboard aria-hidden="true" />
          Testimonials &amp; videos
        </Link>
      </Button>
      {/* No icon: this bar is in every business page's first load (perf-budget.json). */}
      <Button asChild size="sm" variant="ghost">
        <Link to={`/business/edit/${businessId}/offers`}>Offers</Link>
      </Button>
      <Button asChild size="sm" variant="ghost">
        <Link to={`/portal/stats/${businessId}`}>
          <ChartColumn aria-hidden="true" />
          Stats
        </Link>
      </Button>
      {owns ? (
        <Button asChild size="sm" variant="ghost">
          <Link to="/portal/inbox">
            <Inbox aria-hidden="true" />
            Inbox
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

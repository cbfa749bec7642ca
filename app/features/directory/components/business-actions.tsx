import { CalendarCheck, Globe, MessageSquare, PenLine, Phone, Share2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SaveButton } from "~/features/favorites/components/save-button";
import { businessPath, businessUrl } from "~/lib/business-url";
import { toast } from "~/lib/toast";
import { safeExternalUrl, telHref } from "../links";

export interface ActionBusiness {
  id: string;
  slug: string;
  name: string;
  phone: string | null;
  /** The phone as people read it (national format); the stored E.164 without it. */
  phoneDisplay?: string | null;
  website: string | null;
  bookingUrl: string | null;
}

/** Web Share where the device has it; otherwise copy the link and say so. */
async function share(title: string, url: string) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to do.
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied", description: "The link to this business is on your clipboard." });
  } catch {
    toast({ title: "Error", description: `Couldn't copy the link. Here it is: ${url}`, variant: "destructive" });
  }
}

/**
 * The hero's buttons. Save and Write a Review need an account: a signed-out
 * visitor goes to sign in and comes back here.
 */
export function BusinessActions({
  business,
  shareBase,
  signInHref,
  writeReviewHref,
  signedIn,
  saved,
  onMessage,
}: {
  business: ActionBusiness;
  /** PUBLIC_URL when it is set; null: the page's own origin (the address it was opened at). */
  shareBase: string | null;
  /** /auth?redirectTo=/business/{slug}?save=1: Save signs in first and is saved on the way back. */
  signInHref: string;
  /** The Reviews section's form (#write-review), or signing in first; null for the business's owner (no button). */
  writeReviewHref: string | null;
  signedIn: boolean;
  /** The signed-in reader has saved this business. */
  saved: boolean;
  onMessage: () => void;
}) {
  const website = safeExternalUrl(business.website);
  const booking = safeExternalUrl(business.bookingUrl);

  return (
    <div className="flex flex-wrap gap-2" data-testid="business-actions">
      {writeReviewHref ? (
        <Button asChild>
          <Link to={writeReviewHref}>
            <PenLine aria-hidden="true" />
            Write a Review
          </Link>
        </Button>
      ) : null}
      {booking ? (
        <Button asChild variant="soft">
          <a href={booking} target="_blank" rel="noopener noreferrer" data-stat="book">
            <CalendarCheck aria-hidden="true" />
            Book Now
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
      <SaveButton
        businessId={business.id}
        pagePath={businessPath(business)}
        saved={saved}
        signedIn={signedIn}
        signInHref={signInHref}
      />
      <Button
        variant="outline"
        data-stat="share"
        onClick={() => void share(business.name, businessUrl(shareBase ?? window.location.origin, business))}
      >
        <Share2 aria-hidden="true" />
        Share
      </Button>
      {business.phone ? (
        <Button asChild variant="outline">
          <a href={telHref(business.phone)} data-testid="call-now" data-stat="call">
            <Phone aria-hidden="true" />
            Call Now
            <span className="font-normal text-muted-foreground">{business.phoneDisplay ?? business.phone}</span>
          </a>
        </Button>
      ) : null}
      {website ? (
        <Button asChild variant="outline">
          <a href={website} target="_blank" rel="noopener noreferrer" data-testid="website-link" data-stat="website">
            <Globe aria-hidden="true" />
            Website
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <a
          href="#send-message"
          onClick={(event) => {
            event.preventDefault();
            onMessage();
          }}
        >
          <MessageSquare aria-hidden="true" />
          Message
        </a>
      </Button>
    </div>
  );
}

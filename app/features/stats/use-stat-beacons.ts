import { useEffect } from "react";
import { directionsUrl, safeExternalUrl } from "~/features/directory/links";
import { STAT_EVENT_KINDS, type StatEventKind } from "~/lib/listing-stats";

export interface BeaconBusiness {
  id: string;
  website: string | null;
  bookingUrl: string | null;
  /** The address as the page shows it: the Directions links lead there. */
  addressLines: string[];
}

/** Sends one click to the listing stats without holding up the navigation it starts (fetch keepalive). */
export function sendStatEvent(businessId: string, kind: StatEventKind) {
  try {
    void fetch(`/api/v1/businesses/${encodeURIComponent(businessId)}/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind }),
      keepalive: true,
      credentials: "omit",
    }).catch(() => {
      // Stats must never disturb the page.
    });
  } catch {
    // Same.
  }
}

/** Which counter a click on the business page feeds: an element's data-stat, else what its link leads to. */
export function statKindOf(target: Element, business: BeaconBusiness): StatEventKind | null {
  const tagged = target.closest<HTMLElement>("[data-stat]")?.dataset.stat;
  if (tagged) return (STAT_EVENT_KINDS as readonly string[]).includes(tagged) ? (tagged as StatEventKind) : null;
  const href = target.closest("a[href]")?.getAttribute("href");
  if (!href) return null;
  if (href.startsWith("tel:")) return "call";
  if (href === directionsUrl(business.addressLines)) return "directions";
  if (href === safeExternalUrl(business.bookingUrl)) return "book";
  if (href === safeExternalUrl(business.website)) return "website";
  return null;
}

/**
 * Counts the business page's Call, Website, Directions, Share and Book clicks (wherever they sit on the page:
 * hero, contact card, location) in the listing's stats. One listener on the document; null (a listing shown to its
 * owner or an admin before it is public) counts nothing.
 */
export function useStatBeacons(business: BeaconBusiness | null) {
  useEffect(() => {
    if (!business) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const kind = statKindOf(event.target, business);
      if (kind) sendStatEvent(business.id, kind);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, [business]);
}

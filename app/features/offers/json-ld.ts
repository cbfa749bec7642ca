import type { OfferItem } from "./types";

/**
 * schema.org Offer data for a business page's current offers, each offered by the page's business (the
 * LocalBusiness node's @id, app/features/seo/json-ld.ts). Built in the loader, so it stays out of the browser's
 * JavaScript.
 */
export function offersJsonLd(businessUrl: string, offers: readonly OfferItem[]) {
  return offers.map((offer) => ({
    "@context": "https://schema.org",
    "@type": "Offer",
    name: offer.title,
    description: offer.terms,
    url: `${businessUrl}#offers`,
    validFrom: offer.startsOn,
    validThrough: offer.endsOn,
    offeredBy: { "@id": `${businessUrl}#business` },
  }));
}

/** An offer as the business page and the API show it. Dates are the site's calendar days (YYYY-MM-DD). */
export interface OfferItem {
  id: string;
  title: string;
  terms: string;
  code: string | null;
  startsOn: string;
  endsOn: string;
  firstCustomers: number | null;
}

/** An offer on /deals: with its business. */
export interface DealItem extends OfferItem {
  business: { id: string; slug: string; name: string; city: string; neighborhood: string | null };
  /** Kilometres from the page's place, when it has one and the business has a position. */
  distanceKm: number | null;
}

/** An offer as its owner manages it: where it stands today. */
export interface ManagedOffer extends OfferItem {
  /** scheduled: starts later; current: on today; ended: its last day has passed; hidden: over the plan's allowance. */
  state: "scheduled" | "current" | "ended" | "hidden";
}

/** What the plan's "coupons or events" allowance leaves: offers not ended and upcoming events together. */
export interface OfferAllowance {
  plan: "basic" | "featured" | "premium";
  limit: number;
  used: number;
  /** "2 of 5 coupons or events on the Featured plan". */
  summary: string;
  /** Why no more can be added (naming the plan that allows more); null while there is room. */
  refusal: string | null;
}

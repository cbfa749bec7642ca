import type { businessOffers, events } from "../../app/.server/db/schema";
import { instantToZonedDate } from "../../app/features/events/time";
import { PLAN_ALLOWANCES } from "../../app/lib/catalogue";
import type { DemoBusiness } from "./demo-city";

/**
 * The demo city's coupons and offers (issue 36): a few on Featured and Premium listings, dated from the seed's "now"
 * so they are current (one begun a few days ago, one just begun, one scheduled), within each plan's "coupons or
 * events" together with the events the listing hosts. Deterministic: chosen by slug, no random stream.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface OfferTemplate {
  title: string;
  terms: string;
  code?: string;
  firstCustomers?: number;
  /** Days from today to the first and last day. */
  from: number;
  to: number;
}

const BY_GROUP: Record<string, OfferTemplate[]> = {
  restaurants: [
    {
      title: "Free dessert with any entrée",
      terms: "Dine-in only, Monday to Thursday. One dessert per entrée. Not with other offers.",
      from: -3,
      to: 18,
    },
    {
      title: "Happy hour: half-price appetizers",
      terms: "Weekdays 3–6 pm at the bar. Drinks at regular price.",
      code: "HAPPYHOUR",
      from: 0,
      to: 30,
    },
  ],
  shopping: [
    {
      title: "15% off your first purchase",
      terms: "In store or online. Excludes gift cards and sale items. One per customer.",
      code: "WELCOME15",
      from: -5,
      to: 25,
    },
    {
      title: "Free gift wrapping all month",
      terms: "On any purchase over $20. Just ask at the register.",
      from: 0,
      to: 28,
    },
  ],
  services: [
    {
      title: "$25 off your first service call",
      terms: "New customers only. Mention the offer when you book. Not valid on emergency call-outs.",
      code: "NEAR25",
      firstCustomers: 50,
      from: -2,
      to: 21,
    },
  ],
  entertainment: [
    {
      title: "Kids play free on weekday afternoons",
      terms: "One child free with each paying adult, Monday to Friday 2–5 pm. School holidays excluded.",
      from: -4,
      to: 26,
    },
    {
      title: "Bring a friend, second ticket half price",
      terms: "Book two tickets together for any weekday session. Subject to availability.",
      code: "FRIEND50",
      from: 2,
      to: 40,
    },
  ],
};

const GENERAL: OfferTemplate[] = [
  {
    title: "10% off for first-time visitors",
    terms: "Show this offer on your phone at checkout. One per customer.",
    firstCustomers: 100,
    from: -1,
    to: 20,
  },
];

/** How many listings get offers, and how many each (at most): Premium 2, Featured 1. */
const LISTINGS = 8;

export function buildDemoOffers(
  city: DemoBusiness[],
  demoEvents: readonly (typeof events.$inferInsert)[],
  opts: { timezone: string; now: Date },
): (typeof businessOffers.$inferInsert)[] {
  const day = (offset: number) => instantToZonedDate(new Date(opts.now.getTime() + offset * DAY_MS), opts.timezone);
  const hosted = new Map<string, number>();
  for (const e of demoEvents)
    if (e.businessId && e.endsAt >= opts.now) hosted.set(e.businessId, (hosted.get(e.businessId) ?? 0) + 1);
  const chosen = city
    .map((b) => b.business)
    .filter((b) => b.plan === "featured" || b.plan === "premium")
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .filter((_, i) => i % 3 === 0)
    .slice(0, LISTINGS);
  return chosen.flatMap((b, index) => {
    const plan = b.plan === "premium" ? "premium" : "featured";
    const room = PLAN_ALLOWANCES[plan].coupons - (hosted.get(b.id) ?? 0);
    const templates = BY_GROUP[b.category ?? ""] ?? GENERAL;
    const count = Math.max(0, Math.min(room, plan === "premium" ? 2 : 1, templates.length));
    // Featured listings take turns with their group's offers, so neighbours don't all show the same one.
    const first = plan === "premium" ? 0 : index % templates.length;
    return Array.from({ length: count }, (_, k) => {
      const t = templates[(first + k) % templates.length]!;
      return {
        businessId: b.id,
        title: t.title,
        terms: t.terms,
        code: t.code ?? null,
        firstCustomers: t.firstCustomers ?? null,
        startsOn: day(t.from),
        endsOn: day(t.to),
        createdAt: new Date(opts.now.getTime() - (7 - k) * DAY_MS),
      };
    });
  });
}

import { type z } from "zod";
import { offerBodySchema, type OfferInput } from "~/features/offers/schema";
import { testimonialInputSchema, videoInputSchema, type TestimonialInput } from "~/features/showcase/schema";
import { PLAN_ALLOWANCES, PLAN_LABELS, PLANS } from "~/lib/catalogue";
import type { VideoRef } from "~/lib/video-url";

/**
 * The parts of a listing beyond its fields that travel in Near's own files (issue 36): testimonials, videos and
 * offers, each a list of objects with the API's own keys, checked by the API's own schemas. In JSON lines a list is
 * an array; in CSV it is that array as JSON text in one cell (the only unambiguous way to put quotes with commas and
 * semicolons in a cell). A column the file doesn't have leaves the listing's parts as they are; a column it has,
 * even empty, is the whole list (the export writes every one, so export → import is the same listing).
 *
 * The import is an admin's tool, and admins are not held to a listing's plan (as in the owner pages): the parts are
 * stored as given, and the business page shows only what its plan allows (the rest hidden, never deleted, as after a
 * downgrade). A list longer than any plan allows is refused with the plan's name: nothing would ever show it.
 */

export const PART_COLUMNS = ["testimonials", "videos", "offers"] as const;
export type PartColumn = (typeof PART_COLUMNS)[number];

export interface ImportVideo extends VideoRef {
  title: string;
}

export interface ListingParts {
  testimonials?: TestimonialInput[];
  videos?: ImportVideo[];
  offers?: OfferInput[];
}

const ALLOWANCE_KEY = { testimonials: "testimonials", videos: "videos", offers: "coupons" } as const;

const largestPlan = (column: PartColumn) =>
  PLANS.reduce((best, plan) =>
    PLAN_ALLOWANCES[plan][ALLOWANCE_KEY[column]] > PLAN_ALLOWANCES[best][ALLOWANCE_KEY[column]] ? plan : best,
  );

const SCHEMAS = {
  testimonials: testimonialInputSchema,
  videos: videoInputSchema,
  offers: offerBodySchema,
} as const;

type Parsed = { ok: true; parts: ListingParts } | { ok: false; reason: string };

/** One cell or value → its list, or the reason the row is refused (`videos 2: url: That isn't a YouTube…`). */
function parseList(column: PartColumn, value: unknown): { ok: true; items: unknown[] } | { ok: false; reason: string } {
  if (value === null || (typeof value === "string" && value.trim() === "")) return { ok: true, items: [] };
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return { ok: false, reason: `${column}: not a JSON list (docs/import.md, "Testimonials, videos and offers")` };
    }
  }
  if (!Array.isArray(list)) return { ok: false, reason: `${column}: not a list` };
  const plan = largestPlan(column);
  const most = PLAN_ALLOWANCES[plan][ALLOWANCE_KEY[column]];
  if (list.length > most)
    return { ok: false, reason: `${column}: at most ${most} (the ${PLAN_LABELS[plan]} plan's allowance)` };
  return { ok: true, items: list };
}

/** The row's parts (only those whose column it has), each item through the API's schema. */
export function parseListingParts(values: Partial<Record<PartColumn, unknown>>): Parsed {
  const parts: ListingParts = {};
  for (const column of PART_COLUMNS) {
    if (values[column] === undefined) continue;
    const list = parseList(column, values[column]);
    if (!list.ok) return list;
    const items = [];
    for (const [i, item] of list.items.entries()) {
      const parsed = (SCHEMAS[column] as z.ZodType).safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.length ? `${issue.path.join(".")}: ` : "";
        return { ok: false, reason: `${column} ${i + 1}: ${field}${issue.message}` };
      }
      items.push(parsed.data);
    }
    if (column === "videos")
      parts.videos = (items as z.output<typeof videoInputSchema>[]).map((v) => ({ ...v.url, title: v.title }));
    else if (column === "testimonials") parts.testimonials = items as TestimonialInput[];
    else parts.offers = items as OfferInput[];
  }
  return { ok: true, parts };
}

/**
 * The parts in a fixed shape for the row's hash: only the lists a row has with something in them, so files without
 * them, and the export's empty columns, hash as before (re-importing an export of listings without parts writes
 * nothing).
 */
export function partsForHash(parts: ListingParts | undefined): unknown[] {
  if (!parts) return [];
  return PART_COLUMNS.flatMap((column) => {
    const list = parts[column];
    if (!list?.length) return [];
    const canonical = list.map((item) =>
      column === "testimonials"
        ? (({ author, quote, source, givenOn }: TestimonialInput) => [author, quote, source ?? null, givenOn ?? null])(
            item as TestimonialInput,
          )
        : column === "videos"
          ? (({ provider, id, title }: ImportVideo) => [provider, id, title])(item as ImportVideo)
          : (({ title, terms, code, startsOn, endsOn, firstCustomers }: OfferInput) => [
              title,
              terms,
              code ?? null,
              startsOn,
              endsOn,
              firstCustomers ?? null,
            ])(item as OfferInput),
    );
    // Offers have no order of their own (the page orders them by dates): a file listing them otherwise is the same.
    return [column, column === "offers" ? canonical.map((o) => JSON.stringify(o)).sort() : canonical];
  });
}

import type { Readable } from "node:stream";
import type { PriceRange } from "~/lib/catalogue";
import { postalCodeValid } from "~/lib/postal-codes";
import type { DayHoursInput } from "./hours-text";
import { numberedLines } from "./near-rows.server";
import type { RawListing, ReadRow, RowProblem } from "./listing.server";
import { mapYelpCategories } from "./yelp-categories";

/**
 * The Yelp Open Dataset's business file (yelp_academic_dataset_business.json):
 * one JSON object a line. Its categories map onto Near's category tree
 * (yelp-categories.ts: a primary and additional categories; one with no
 * mapping is filed and noted, never rejected), RestaurantsPriceRange2 onto the
 * price range, attributes onto features; closed businesses (is_open 0) are
 * skipped unless asked.
 * Stars and review counts are not imported: a Near rating comes from Near's reviews.
 */

export interface YelpBusiness {
  business_id?: unknown;
  name?: unknown;
  address?: unknown;
  city?: unknown;
  state?: unknown;
  postal_code?: unknown;
  /** Not in the open dataset; other Yelp exports carry it. */
  phone?: unknown;
  /** Absent from today's open dataset; older dumps have `neighborhoods`, a list, and some exports `neighborhood`. */
  neighborhood?: unknown;
  neighborhoods?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  stars?: unknown;
  review_count?: unknown;
  is_open?: unknown;
  attributes?: Record<string, unknown> | null;
  categories?: unknown;
  hours?: Record<string, unknown> | null;
}

/** Attributes are strings such as "True", "u'free'", "'full_bar'" (Python reprs). */
function attribute(attributes: Record<string, unknown> | null | undefined, name: string): string | null {
  const value = attributes?.[name];
  if (value === undefined || value === null) return null;
  return String(value)
    .replace(/^u?'(.*)'$/, "$1")
    .trim();
}

/** Yelp's nested attributes are Python dicts in a string: "{'garage': False, 'street': True, ...}". */
const anyTrue = (v: string) => /:\s*True\b/.test(v);
/** One key of such a dict is True ("{'latenight': True, ...}"). */
const keyTrue = (key: string) => (v: string) => new RegExp(`'${key}'\\s*:\\s*True\\b`).test(v);

/**
 * Yelp attributes → Near's features, in the labels Near's form suggests and search knows (app/lib/spellings.ts);
 * RestaurantsPriceRange2 is the price range (yelpPriceRange).
 */
const FEATURE_ATTRIBUTES: [string, string, (v: string) => boolean][] = [
  ["RestaurantsTakeOut", "Takeout", (v) => v === "True"],
  ["RestaurantsDelivery", "Delivery", (v) => v === "True"],
  ["OutdoorSeating", "Outdoor Seating", (v) => v === "True"],
  ["RestaurantsReservations", "Reservations", (v) => v === "True"],
  ["WheelchairAccessible", "Wheelchair Accessible", (v) => v === "True"],
  ["GoodForKids", "Family Friendly", (v) => v === "True"],
  ["WiFi", "Wi-Fi", (v) => v === "free" || v === "paid"],
  ["Alcohol", "Full Bar", (v) => v === "full_bar"],
  ["BusinessAcceptsCreditCards", "Accepts Credit Cards", (v) => v === "True"],
  ["DogsAllowed", "Dog Friendly", (v) => v === "True"],
  ["BikeParking", "Bike Parking", (v) => v === "True"],
  ["BusinessParking", "Parking", anyTrue],
  ["RestaurantsGoodForGroups", "Good for Groups", (v) => v === "True"],
  ["Caters", "Catering", (v) => v === "True"],
  ["HappyHour", "Happy Hour", (v) => v === "True"],
  ["DriveThru", "Drive-Through", (v) => v === "True"],
  ["HasTV", "TV", (v) => v === "True"],
  ["ByAppointmentOnly", "By Appointment Only", (v) => v === "True"],
  ["AcceptsInsurance", "Accepts Insurance", (v) => v === "True"],
  // The ones "More Filters" offers (RESTAURANT_FEATURES) and a few more Near's pages show as they are.
  ["DietaryRestrictions", "Vegetarian Options", keyTrue("vegetarian")],
  ["DietaryRestrictions", "Vegan Options", keyTrue("vegan")],
  ["DietaryRestrictions", "Gluten-Free Options", keyTrue("gluten-free")],
  ["GoodForMeal", "Late Night", keyTrue("latenight")],
  ["Alcohol", "Beer & Wine", (v) => v === "beer_and_wine"],
  ["BYOB", "BYOB", (v) => v === "True"],
  ["Music", "Live Music", keyTrue("live")],
  ["GoodForDancing", "Good for Dancing", (v) => v === "True"],
  ["Open24Hours", "Open 24 Hours", (v) => v === "True"],
];

/** Canada's provinces and territories as Yelp writes them (the open dataset's Edmonton businesses are "AB"). */
const CANADIAN_PROVINCES = new Set(["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"]);

/**
 * A Yelp business's country, which Yelp doesn't give: a Canadian province, or a postal code that only reads as
 * British or Canadian (postcode-validator), else the US when the postal code is a ZIP code; null: the site's.
 */
export function yelpCountry(state: unknown, postalCode: unknown): string | null {
  const region = typeof state === "string" ? state.trim().toUpperCase() : "";
  const zip = typeof postalCode === "string" ? postalCode.trim() : "";
  if (CANADIAN_PROVINCES.has(region)) return "CA";
  if (/^\d{5}(-\d{4})?$/.test(zip)) return "US";
  if (zip && postalCodeValid(zip, "CA")) return "CA";
  if (zip && postalCodeValid(zip, "GB")) return "GB";
  return null;
}

export function yelpFeatures(attributes: Record<string, unknown> | null | undefined): string[] {
  const features: string[] = [];
  for (const [name, feature, test] of FEATURE_ATTRIBUTES) {
    const value = attribute(attributes, name);
    if (value !== null && test(value)) features.push(feature);
  }
  return features;
}

export function yelpPriceRange(attributes: Record<string, unknown> | null | undefined): PriceRange | null {
  const value = attribute(attributes, "RestaurantsPriceRange2");
  return value === "1" ? "$" : value === "2" ? "$$" : value === "3" ? "$$$" : value === "4" ? "$$$$" : null;
}

const YELP_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function yelpTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/**
 * Yelp's hours ({"Monday": "8:0-18:30"}): "0:0-0:0" is open all day, a
 * closing time of "0:0" is midnight, one before the opening runs past
 * midnight. Days it leaves out are closed (when it gives any hours at all).
 */
export function yelpHours(hours: Record<string, unknown> | null | undefined): DayHoursInput[] | string {
  if (!hours || typeof hours !== "object" || Object.keys(hours).length === 0) return [];
  const days: DayHoursInput[] = [];
  for (const [day, name] of YELP_DAYS.entries()) {
    const value = hours[name];
    if (value === undefined || value === null) {
      days.push({ day, isClosed: true });
      continue;
    }
    const [from, to, extra] = String(value).split("-");
    const open = from === undefined ? null : yelpTime(from);
    const close = to === undefined ? null : yelpTime(to);
    if (!open || !close || extra !== undefined) return `hours: cannot read ${name} "${String(value)}"`;
    if (open === "00:00" && close === "00:00") days.push({ day, allDay: true });
    else if (close === "00:00") days.push({ day, open, close: "24:00" });
    else days.push({ day, open, close, overnight: close <= open });
  }
  return days;
}

export function mapYelp(b: YelpBusiness, options: { includeClosed?: boolean } = {}): RawListing | RowProblem {
  if (typeof b.business_id !== "string" || !b.business_id) return { problem: "reject", reason: "missing business_id" };
  if (!options.includeClosed && (b.is_open === 0 || b.is_open === "0"))
    return { problem: "skip", reason: "closed (is_open 0)" };
  const yelpCategories =
    typeof b.categories === "string"
      ? b.categories
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
  const filed = mapYelpCategories(yelpCategories);
  const hours = yelpHours(b.hours);
  if (typeof hours === "string") return { problem: "reject", reason: hours };
  const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
  return {
    source: "yelp",
    externalId: b.business_id,
    name: b.name,
    // The tree decides `category` and `kind` (validateListing derives them from the primary category).
    primaryCategory: filed.primary,
    categories: filed.additional,
    ...(filed.notes.length ? { categoryNotes: filed.notes } : {}),
    address: b.address,
    city: b.city,
    state: b.state,
    zip: b.postal_code,
    country: yelpCountry(b.state, b.postal_code),
    phone: typeof b.phone === "string" ? b.phone : null,
    neighborhood: Array.isArray(b.neighborhoods) && !b.neighborhood ? b.neighborhoods[0] : b.neighborhood,
    priceRange: yelpPriceRange(b.attributes),
    features: yelpFeatures(b.attributes),
    latitude: num(b.latitude),
    longitude: num(b.longitude),
    hours,
  };
}

export async function* readYelp(input: Readable, options: { includeClosed?: boolean } = {}): AsyncGenerator<ReadRow> {
  for await (const { line, text } of numberedLines(input)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, row: { problem: "reject", reason: "not valid JSON" } };
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      yield { line, row: { problem: "reject", reason: "not a JSON object" } };
      continue;
    }
    yield { line, row: mapYelp(value as YelpBusiness, options) };
  }
}

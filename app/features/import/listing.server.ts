import { createHash } from "node:crypto";
import { checkLocation, parsePhone, timezoneAt } from "~/features/listings/location.server";
import { approximatePosition } from "~/features/listings/position.server";
import type { LocationPrecision } from "~/lib/location-precision";
import { postalCodeValid } from "~/lib/postal-codes";
import { businessImportSchema, type BusinessInput } from "~/features/listings/schema";
import { isAppError } from "~/lib/app-error";
import { DEFAULT_COUNTRY, SERVICE_AREA_LIMITS } from "~/lib/address";
import { LIMITS, LISTING_CATEGORIES, LISTING_STATUSES, type ListingStatus } from "~/lib/catalogue";
import { categoryForKind, categoryGroup, resolveCategory } from "~/lib/category-tree";
import { hasSocialLinks, normalizeSocialUrl, SOCIAL_NETWORKS, type SocialLinks } from "~/lib/social-links";
import type { DayHoursInput } from "./hours-text";
import { parseListingParts, partsForHash, type ListingParts, type PartColumn } from "./listing-parts";

/**
 * The one shape every reader (CSV, Near's JSON lines, Yelp, OpenStreetMap)
 * maps a row onto, and its validation: the listing form's own fields and
 * rules (businessImportSchema), so an imported listing obeys the rules an
 * owner's does — its address leniently: a row is kept without the postal code,
 * region or phone that doesn't read for its country (issue 34).
 */

export const IMPORT_FORMATS = ["csv", "jsonl", "yelp", "osm"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What a reader yields for one row, before validation. */
export interface RawListing {
  source: string;
  /** The row's id in its source; null: derived from name, address and ZIP. */
  externalId: string | null;
  /** A status the row itself carries (Near's export); otherwise the import's. */
  status?: string | null;
  name?: unknown;
  /** A slug (or name) of the category tree (issue 34); the importers' mapping tables give one. Else `category`. */
  primaryCategory?: unknown;
  /** How the row's categories were mapped where no mapping fitted ("no category for Yelp …"): the summary's notes. */
  categoryNotes?: string[];
  category?: unknown;
  /** Restaurants: the cuisine; other categories: the kind (subcategory). */
  kind?: unknown;
  description?: unknown;
  address?: unknown;
  city?: unknown;
  state?: unknown;
  zip?: unknown;
  /** ISO 3166-1 alpha-2 (or the data's name for it, mapped by the reader); none: the site's country. */
  country?: unknown;
  /** A service-area business's cities and postal codes (a row without a street address serves its city). */
  serviceArea?: string[];
  serviceRadiusKm?: number | null;
  neighborhood?: unknown;
  phone?: unknown;
  website?: unknown;
  email?: unknown;
  bookingUrl?: unknown;
  /** Social links by network (Near's `social_<network>` columns). */
  socialLinks?: Record<string, unknown>;
  priceRange?: unknown;
  features?: string[];
  categories?: string[];
  ageGroups?: string[];
  latitude?: number | null;
  longitude?: number | null;
  timezone?: unknown;
  hours?: DayHoursInput[] | null;
  /** Testimonials, videos and offers as the file has them (only the columns it has): listing-parts.ts. */
  parts?: Partial<Record<PartColumn, unknown>>;
}

/** A row the reader could not map at all (bad JSON, bad hours text…), or one it leaves out on purpose. */
export interface RowProblem {
  problem: "reject" | "skip";
  reason: string;
}

export interface ReadRow {
  /** The row's line in the file (CSV, JSON lines), or its position in the array (GeoJSON / Overpass). */
  line: number;
  row: RawListing | RowProblem;
}

export interface ImportListing {
  source: string;
  externalId: string;
  status: ListingStatus | null;
  input: BusinessInput;
  /** The parts the row has (a list each; none: the listing's stay as they are). */
  parts?: ListingParts;
  /** Hash of the validated fields: equal hashes mean nothing to write. */
  hash: string;
  /**
   * How exact its position is (app/lib/location-precision.ts): `exact` for the row's coordinates; a row without
   * them is placed by the built-in gazetteer (`postal`, `city`), never a remote geocoder — an import of thousands
   * of rows would hammer it (docs/maps.md, "Positions and precision"). Null: no position.
   */
  locationPrecision: LocationPrecision | null;
}

export type Validated = { ok: true; listing: ImportListing } | { ok: false; reason: string };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function derivedExternalId(name: string, address: string | null | undefined, zip: string | null | undefined) {
  return createHash("sha1")
    .update([name, address ?? "", zip ?? ""].map((s) => s.trim().toLowerCase()).join("\n"))
    .digest("hex")
    .slice(0, 20);
}

const FIELD_NAMES: Record<string, string> = {
  bookingUrl: "booking_url",
  priceRange: "price_range",
  ageGroups: "age_groups",
  subcategory: "kind",
  cuisine: "kind",
};

/**
 * Checks and normalizes one row with the listing form's schema; the reason names the first problem. Its location
 * goes through the listings' own rules leniently (location.server.ts): a postal code or phone that doesn't read for
 * the row's country is left out, never the row.
 */
export function validateListing(raw: RawListing, defaults: { timezone?: string; country?: string } = {}): Validated {
  if (blank(raw.name)) return { ok: false, reason: "missing name" };
  const located = (raw.latitude ?? null) !== null || [raw.address, raw.city, raw.zip].some((v) => !blank(v));
  if (!located) return { ok: false, reason: "no location (no address, city, postal code or coordinates)" };
  // The primary category when the row names one (the Yelp and OpenStreetMap mapping tables, a CSV's
  // primary_category); else a group and a kind, as Near's older exports and the spec name them; else a category
  // column that names any category of the tree ("Dentists"), which is then the primary one.
  let primary = blank(raw.primaryCategory) ? null : resolveCategory(String(raw.primaryCategory));
  if (!blank(raw.primaryCategory) && !primary)
    return { ok: false, reason: `unknown category "${String(raw.primaryCategory).trim()}"` };
  let category = primary ? categoryGroup(primary)! : "";
  if (!primary) {
    const named = typeof raw.category === "string" ? raw.category.trim() : "";
    if (!named) return { ok: false, reason: "missing category" };
    if ((LISTING_CATEGORIES as readonly string[]).includes(named.toLowerCase())) category = named.toLowerCase();
    else {
      primary = resolveCategory(named);
      if (!primary) return { ok: false, reason: `unknown category "${named}"` };
      category = categoryGroup(primary)!;
    }
  }
  const lat = raw.latitude ?? null;
  const lng = raw.longitude ?? null;
  if (
    (lat !== null && (!Number.isFinite(lat) || lat < -90 || lat > 90)) ||
    (lng !== null && (!Number.isFinite(lng) || lng < -180 || lng > 180)) ||
    (lat === null) !== (lng === null)
  ) {
    return { ok: false, reason: `bad coordinates (${lat ?? "none"}, ${lng ?? "none"})` };
  }
  let status: ListingStatus | null = null;
  if (!blank(raw.status)) {
    const s = String(raw.status).trim().toLowerCase();
    if (!(LISTING_STATUSES as readonly string[]).includes(s)) return { ok: false, reason: `unknown status "${s}"` };
    status = s as ListingStatus;
  }
  const kind = blank(raw.kind) ? null : String(raw.kind);
  // A row without a street address is a business that serves customers where they are (a food truck, a mobile
  // mechanic): in its own service area, else in its city (docs/import.md).
  const serving = blank(raw.address);
  const city = typeof raw.city === "string" ? raw.city.trim() : "";
  const area = raw.serviceArea?.length ? raw.serviceArea : city ? [city] : [];
  const candidate = {
    name: raw.name,
    ...(primary
      ? { primaryCategory: primary }
      : {
          category,
          cuisine: category === "restaurants" ? kind : null,
          subcategory: category === "restaurants" ? null : kind,
        }),
    ageGroups: category === "entertainment" ? (raw.ageGroups ?? []).map((g) => g.trim().toLowerCase()) : [],
    description: raw.description ?? null,
    address: serving ? null : raw.address,
    serviceAreaBusiness: serving,
    ...(serving
      ? // A radius needs the base's position: without one the row serves its places (or its city) only.
        {
          serviceArea: area.slice(0, SERVICE_AREA_LIMITS.places),
          serviceRadiusKm: (raw.latitude ?? null) === null ? null : (raw.serviceRadiusKm ?? null),
        }
      : {}),
    city: raw.city ?? "",
    state: raw.state ?? "",
    zip: typeof raw.zip === "string" ? raw.zip : raw.zip == null ? "" : String(raw.zip),
    country: typeof raw.country === "string" ? raw.country : null,
    neighborhood: raw.neighborhood ?? null,
    phone: raw.phone ?? null,
    website: raw.website ?? null,
    email: raw.email ?? null,
    bookingUrl: raw.bookingUrl ?? null,
    // Like a phone that doesn't read, a social link that isn't its network's https page is left out, never the row.
    ...(raw.socialLinks ? { socialLinks: importedSocialLinks(raw.socialLinks) } : {}),
    priceRange: raw.priceRange ?? null,
    features: [
      ...new Set([...(raw.features ?? []), ...(raw.categories ?? []).filter((c) => !resolveCategory(c))]),
    ].slice(0, LIMITS.features),
    // Additional categories the tree knows; a label it doesn't is kept as a feature (never the row's reason to fail).
    categories: (raw.categories ?? []).filter((c) => resolveCategory(c)).slice(0, LIMITS.labels),
    latitude: lat,
    longitude: lng,
    ...(blank(raw.timezone) ? {} : { timezone: raw.timezone }),
    hours: raw.hours ?? [],
  };
  // A postal code or phone that doesn't read for the row's country is left out before the form's rules see it: the
  // row stays (location.server.ts reads the rest the same way).
  const country = typeof candidate.country === "string" ? candidate.country : (defaults.country ?? DEFAULT_COUNTRY);
  if (typeof candidate.zip === "string" && candidate.zip.trim() && !postalCodeValid(candidate.zip, country))
    candidate.zip = "";
  if (typeof candidate.phone === "string" && candidate.phone.trim() && !parsePhone(candidate.phone, country))
    candidate.phone = null;
  const parsed = businessImportSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? "");
    const field = FIELD_NAMES[key] ?? key;
    return { ok: false, reason: field ? `${field}: ${issue.message}` : issue.message };
  }
  let input: BusinessInput;
  let precision: LocationPrecision | null = null;
  try {
    const siteCountry = defaults.country ?? DEFAULT_COUNTRY;
    const { dropped: _dropped, ...checked } = checkLocation(parsed.data, { siteCountry, lenient: true });
    // Every listing has a place (issue 40): a row without coordinates gets its postal code's or city's centre.
    const approximate = checked.latitude == null && !checked.serviceAreaBusiness ? approximatePosition(checked) : null;
    precision = checked.latitude != null ? "exact" : (approximate?.locationPrecision ?? null);
    const located = approximate
      ? { ...checked, latitude: approximate.latitude, longitude: approximate.longitude }
      : checked;
    // No time zone in the row: the one at its position, or its country's (location.server.ts), else the site's.
    const timezone =
      located.timezone ??
      (defaults.timezone
        ? (timezoneAt(located, { country: siteCountry, timezone: defaults.timezone }) ?? defaults.timezone)
        : undefined);
    input = { ...located, ...(timezone ? { timezone } : {}) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const [key, message] = Object.entries(error.fields ?? {})[0] ?? ["", error.message];
    return { ok: false, reason: key ? `${FIELD_NAMES[key] ?? key}: ${message}` : message };
  }
  const externalId = blank(raw.externalId)
    ? derivedExternalId(input.name, input.address, input.zip)
    : String(raw.externalId).trim();
  if (externalId.length > 200) return { ok: false, reason: "external_id: at most 200 characters" };
  const parts = raw.parts && Object.keys(raw.parts).length ? parseListingParts(raw.parts) : null;
  if (parts && !parts.ok) return { ok: false, reason: parts.reason };
  const partsHash = parts ? partsForHash(parts.parts) : [];
  const hash = partsHash.length
    ? createHash("sha256")
        .update(JSON.stringify([hashInput(input), partsHash]))
        .digest("base64url")
        .slice(0, 32)
    : hashInput(input);
  return {
    ok: true,
    listing: {
      source: raw.source,
      externalId,
      status,
      input,
      ...(parts ? { parts: parts.parts } : {}),
      hash,
      locationPrecision: precision,
    },
  };
}

function importedSocialLinks(raw: Record<string, unknown>): SocialLinks {
  return Object.fromEntries(
    SOCIAL_NETWORKS.flatMap((n) => {
      const v = raw[n];
      const url = typeof v === "string" ? normalizeSocialUrl(n, v) : null;
      return url ? [[n, url]] : [];
    }),
  );
}

/** A stable hash of the validated fields (fixed key order, hours sorted by day). */
export function hashInput(input: BusinessInput): string {
  const canonical = [
    input.name,
    input.category,
    input.cuisine ?? null,
    input.subcategory ?? null,
    input.ageGroups ?? [],
    input.description ?? null,
    input.address,
    input.city,
    input.state,
    input.zip,
    input.phone ?? null,
    input.website ?? null,
    input.email ?? null,
    input.bookingUrl ?? null,
    input.priceRange ?? null,
    input.features ?? [],
    input.categories ?? [],
    input.latitude ?? null,
    input.longitude ?? null,
    input.timezone ?? null,
    [...(input.hours ?? [])].sort((a, b) => a.day - b.day).map((h) => [h.day, h.isClosed, h.open, h.close]),
    // Last and only when set (issue 14): the rows of a file without neighbourhoods keep the hashes they had, so
    // re-importing them after the upgrade still writes nothing.
    ...(input.neighborhood ? [input.neighborhood] : []),
    // Likewise (issue 34's tree): only a primary category that its group and kind don't already name.
    ...(input.primaryCategory !== categoryForKind(input.category, input.cuisine ?? input.subcategory)
      ? [input.primaryCategory]
      : []),
    // Likewise (issue 34): a listing in the US hashes as before countries existed, a storefront as before service
    // areas did.
    ...(input.country && input.country !== "US" ? [input.country] : []),
    ...(input.serviceAreaBusiness ? ["serves", input.serviceArea ?? [], input.serviceRadiusKm ?? null] : []),
    // Likewise (issue 36): social links only when a row has some.
    ...(hasSocialLinks(input.socialLinks)
      ? ["social", SOCIAL_NETWORKS.map((n) => input.socialLinks?.[n] ?? null)]
      : []),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("base64url").slice(0, 32);
}

/** Splits a list cell: `Takeout; Wi-Fi` (also `|`). */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((s) => s.trim() !== "");
  if (typeof value !== "string") return [];
  return value
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

import { SOCIAL_NETWORKS } from "../../lib/social-links";

/**
 * Near's own columns: the CSV header and the JSON lines keys the export
 * writes and the import reads (docs/import.md). Other names map onto them by
 * the aliases below, a mapping file or `--map "Their Name=name"`.
 */
export const NEAR_COLUMNS = [
  "source",
  "external_id",
  "name",
  "category",
  "kind",
  "description",
  "address",
  "city",
  "state",
  "zip",
  "country",
  "service_area",
  "service_radius_km",
  "neighborhood",
  "phone",
  "website",
  "email",
  "booking_url",
  // Social links (issue 36): one column per network, an https address on its host (app/lib/social-links.ts).
  ...SOCIAL_NETWORKS.map((n) => `social_${n}` as const),
  "price_range",
  "features",
  "categories",
  "age_groups",
  "latitude",
  "longitude",
  "timezone",
  "hours",
  "status",
  // What a listing holds beyond its fields (issue 36): lists of objects (listing-parts.ts). Menus are files an owner
  // uploads: the export lists them (title, kind, link), the import leaves them be.
  "testimonials",
  "videos",
  "offers",
  "menus",
] as const;
export type NearColumn = (typeof NEAR_COLUMNS)[number];

/** Common other spellings of the columns (compared lower-case, spaces and dashes as underscores). */
export const COLUMN_ALIASES: Record<string, NearColumn> = {
  id: "external_id",
  externalid: "external_id",
  business_id: "external_id",
  business_name: "name",
  title: "name",
  cuisine: "kind",
  subcategory: "kind",
  type: "kind",
  street: "address",
  address1: "address",
  street_address: "address",
  postal_code: "zip",
  postcode: "zip",
  zipcode: "zip",
  zip_code: "zip",
  country_code: "country",
  service_areas: "service_area",
  areas_served: "service_area",
  service_radius: "service_radius_km",
  countrycode: "country",
  neighbourhood: "neighborhood",
  district: "neighborhood",
  lat: "latitude",
  lng: "longitude",
  lon: "longitude",
  long: "longitude",
  url: "website",
  tags: "features",
  labels: "categories",
  price: "price_range",
  opening_hours: "hours",
  age: "age_groups",
};

export function headerKey(header: string) {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/**
 * Which Near column each header of a file fills (null: ignored). `mapping`
 * names a file's header → a Near column, and wins over the built-in names.
 */
export function mapHeaders(headers: readonly string[], mapping: Record<string, string> = {}): (NearColumn | null)[] {
  const explicit = new Map(Object.entries(mapping).map(([from, to]) => [headerKey(from), headerKey(to)]));
  const seen = new Set<NearColumn>();
  return headers.map((header) => {
    const key = headerKey(header);
    const target = explicit.get(key) ?? key;
    const column = (NEAR_COLUMNS as readonly string[]).includes(target)
      ? (target as NearColumn)
      : (COLUMN_ALIASES[target] ?? null);
    if (!column || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
}

/** Parses `--map "Business Name=name" --map Lat=latitude` or a mapping file's JSON object. */
export function parseMapping(pairs: readonly string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.lastIndexOf("=");
    if (at <= 0) throw new Error(`--map wants "Their column=near_column", got "${pair}"`);
    const to = headerKey(pair.slice(at + 1));
    if (!(NEAR_COLUMNS as readonly string[]).includes(to))
      throw new Error(`--map: "${to}" is not a Near column (${NEAR_COLUMNS.join(", ")})`);
    mapping[pair.slice(0, at)] = to;
  }
  return mapping;
}

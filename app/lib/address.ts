/**
 * Addresses in any country (issue 34, docs/maps.md "Where a business is"): what a region and a postal code are
 * called, the order of an address's lines, a service area in words, and the site's distance unit (postal code
 * formats are in postal-codes.ts). Isomorphic and small: the listing form checks postal codes in the
 * browser with postal-codes.ts. Country names come from i18n-iso-countries on the server (app/.server/countries.ts), phone
 * numbers from libphonenumber-js on the server (app/features/listings/location.server.ts), so neither weighs on a
 * page's first load.
 */

export const COUNTRY_RE = /^[A-Z]{2}$/;

/** A service-area business's limits: its cities and postal codes, and the kilometres around its base. */
export const SERVICE_AREA_LIMITS = { places: 20, radiusKm: 500 } as const;

/** What the region field is called in a country's addresses. */
const REGION_NAMES: Record<string, "State" | "Province" | "County"> = {
  US: "State",
  AU: "State",
  BR: "State",
  DE: "State",
  IN: "State",
  MX: "State",
  MY: "State",
  NG: "State",
  CA: "Province",
  AR: "Province",
  CN: "Province",
  ES: "Province",
  IT: "Province",
  NL: "Province",
  PH: "Province",
  ZA: "Province",
  GB: "County",
  IE: "County",
};

export function regionLabel(country: string): string {
  return REGION_NAMES[country] ?? "Region";
}

/** Countries whose addresses need the region (a US address without its state is not an address). */
const REGION_REQUIRED = new Set(["US", "CA", "AU"]);

export function regionRequired(country: string): boolean {
  return REGION_REQUIRED.has(country);
}

/** What the postal code is called. */
export function postalLabel(country: string): string {
  if (country === "US") return "ZIP code";
  if (country === "GB" || country === "AU" || country === "NZ") return "Postcode";
  return "Postal code";
}

/** An example for the field's placeholder and its error message, where we know one. */
const POSTAL_EXAMPLES: Record<string, string> = {
  US: "62701 or 62701-1234",
  CA: "T5J 0N3",
  GB: "SW1A 1AA",
  AU: "2000",
  DE: "10115",
  FR: "75001",
  IE: "D02 X285",
  NL: "1012 AB",
};

export function postalExample(country: string): string | undefined {
  return POSTAL_EXAMPLES[country];
}

/**
 * The postal code as stored: trimmed, upper case, single spaces; the Canadian and British ones get the space their
 * format has ("t5j0n3" → "T5J 0N3", "sw1a1aa" → "SW1A 1AA").
 */
export function normalizePostalCode(zip: string, country: string): string {
  const text = zip.trim().toUpperCase().replace(/\s+/g, " ");
  if ((country === "CA" || country === "GB") && !text.includes(" ") && text.length > 4)
    return `${text.slice(0, -3)} ${text.slice(-3)}`;
  return text;
}

/**
 * The line after the street in a country's order (kept to what is simple and common; data, not code):
 * - "City, Region Postal" (the US, Canada, Australia, and the default);
 * - "Postal City" (most of continental Europe);
 * - City, then the postal code on its own line (the UK and Ireland).
 */
const POSTAL_FIRST = new Set([
  "AT",
  "BE",
  "CH",
  "CZ",
  "DE",
  "DK",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IS",
  "IT",
  "LU",
  "NL",
  "NO",
  "PL",
  "PT",
  "SE",
  "SI",
  "SK",
]);
const POSTAL_LAST_LINE = new Set(["GB", "IE"]);

export interface AddressParts {
  address?: string | null;
  city: string;
  state: string | null;
  zip: string | null;
  country: string;
}

/**
 * The address as lines, in the country's order; the country's name last when it isn't the site's own
 * (`countryName`, null to leave it out). A service-area business has no street (`address` null).
 */
export function addressLines(b: AddressParts, countryName: string | null = null): string[] {
  const lines: string[] = [];
  if (b.address) lines.push(b.address);
  const region = b.state && b.state.toLowerCase() !== b.city.toLowerCase() ? b.state : null;
  if (POSTAL_FIRST.has(b.country)) {
    lines.push([b.zip, b.city].filter(Boolean).join(" ") + (region ? `, ${region}` : ""));
  } else if (POSTAL_LAST_LINE.has(b.country)) {
    lines.push([b.city, region].filter(Boolean).join(", "));
    if (b.zip) lines.push(b.zip);
  } else {
    lines.push([b.city, [region, b.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "));
  }
  if (countryName) lines.push(countryName);
  return lines;
}

// The small parts pages import (cards, the layout) live apart, so those pages load none of the tables above.
export { DEFAULT_COUNTRY, distanceUnit, METRES_PER_MILE, metresPer, type DistanceUnit } from "./distance-unit";
export { placeLabel, servedAreaText, type ServedArea } from "./place-text";

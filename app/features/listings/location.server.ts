import tzlookup from "@photostructure/tz-lookup";
import ct from "countries-and-timezones";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { AppError, fieldsSummary } from "~/lib/app-error";
import {
  addressLines,
  distanceUnit,
  normalizePostalCode,
  servedAreaText,
  type AddressParts,
  type ServedArea,
} from "~/lib/address";
import { countryName, isCountryCode } from "~/.server/countries";
import { addressRuleIssues, MESSAGES } from "./schema";

/**
 * Where a business is, on the server (issue 34, docs/maps.md "Where a business is"): the country's address rules
 * (shared with the browser, schema.ts), the phone number parsed with libphonenumber-js in the business's country
 * and stored in E.164, the postal code in its country's spelling, and the time zone that follows the location.
 * Every write goes through here: the form and the API (mutations.server.ts) and the importers (listing.server.ts).
 */

/** "+12175550142" from "(217) 555-0142" in the US, "+442079460958" from "020 7946 0958" in GB; null if not a number. */
export function parsePhone(text: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(text, country as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A stored phone as people read it: the national format ("(217) 555-0142", "020 7946 0958"), or the international
 * one ("+44 20 7946 0958") when the business is in another country than the site. A phone stored before E.164 (one
 * the migration could not read, docs/maps.md) is shown as stored.
 */
export function formatPhone(stored: string, country: string, siteCountry: string): string {
  const parsed = parsePhoneNumberFromString(stored, country as CountryCode);
  if (!parsed?.isValid()) return stored;
  return parsed.country === siteCountry ? parsed.formatNational() : parsed.formatInternational();
}

export function phoneMessage(country: string): string {
  return country === "US" ? MESSAGES.phoneInvalid : `Enter a valid phone number for ${countryName(country)}.`;
}

/**
 * The time zone that follows a location: the one at its coordinates (tz-lookup's map of the zones), else its
 * country's when the country has one, else the site's when it is the site's country. Null: nothing tells (a country
 * of several zones without a position) — the caller keeps what it has.
 */
export function timezoneAt(
  place: { latitude?: number | null; longitude?: number | null; country: string },
  site: { country: string; timezone: string },
): string | null {
  if (typeof place.latitude === "number" && typeof place.longitude === "number") {
    try {
      return tzlookup(place.latitude, place.longitude);
    } catch {
      // Out of range: the schema refuses it before this.
    }
  }
  if (place.country === site.country) return site.timezone;
  const zones = ct.getCountry(place.country)?.timezones ?? [];
  return zones.length === 1 ? zones[0]! : null;
}

export interface LocationFields {
  country?: string | null;
  state?: string | null;
  zip?: string | null;
  phone?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** No storefront: its postal code is optional. */
  serviceAreaBusiness?: boolean;
}

export interface LocationOptions {
  siteCountry: string;
  /**
   * Imports keep every usable row: a postal code or phone that doesn't read for the country is dropped (and
   * counted in `dropped`) instead of refusing the row. The form and the API refuse it with a message.
   */
  lenient?: boolean;
}

/**
 * Checks and normalises a listing's location fields for its country (SITE_COUNTRY when it has none): the
 * country code exists, the region and postal code follow the country's rules, the phone is a number there (stored
 * in E.164). Returns the normalised fields; throws a 400 AppError naming each refused field.
 */
export function checkLocation<T extends LocationFields>(
  values: T,
  options: LocationOptions,
): T & { country: string; dropped: string[] } {
  const fields: Record<string, string> = {};
  const dropped: string[] = [];
  const country = values.country ?? options.siteCountry;
  if (!isCountryCode(country)) {
    fields.country = MESSAGES.countryInvalid;
    throw new AppError("bad_request", fieldsSummary(fields), fields);
  }
  const next = { ...values, country };
  if (next.zip) next.zip = normalizePostalCode(next.zip, country);
  for (const issue of addressRuleIssues(next)) {
    if (!options.lenient) fields[issue.path] = issue.message;
    else if (issue.path === "zip" && next.zip) {
      // A row's postal code that doesn't read for its country: the row stays, without it.
      dropped.push("zip");
      next.zip = null;
    }
  }
  if (next.phone) {
    const e164 = parsePhone(next.phone, country);
    if (e164) next.phone = e164;
    else if (options.lenient) {
      dropped.push("phone");
      next.phone = null;
    } else fields.phone = phoneMessage(country);
  }
  if (Object.keys(fields).length) throw new AppError("bad_request", fieldsSummary(fields), fields);
  return { ...next, dropped };
}

/**
 * What a business page shows of where a business is: its address in its country's order with the country's name
 * when it isn't the site's, and its phone as people there read it.
 */
export function displayLocation(b: AddressParts & ServedArea & { phone: string | null }, siteCountry: string) {
  const serves = servedAreaText(b, distanceUnit(siteCountry));
  const country = b.country === siteCountry ? null : countryName(b.country);
  return {
    // A service-area business: its city and region only (no street, no postal code: its base may be a home).
    addressLines: serves ? addressLines({ ...b, address: null, zip: null }, country) : addressLines(b, country),
    /** "Serves: …" for a business that serves customers at their location; null for a storefront. */
    serves,
    phoneDisplay: b.phone ? formatPhone(b.phone, b.country, siteCountry) : null,
  };
}

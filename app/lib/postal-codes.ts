import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";
import { normalizePostalCode, postalExample, postalLabel } from "./address";

/**
 * Postal codes by country (postcode-validator's per-country formats): apart from address.ts, so pages that only show
 * addresses (search, business pages) don't load the formats; the listing form and the server check with them.
 */

/** Whether the country's addresses have postal codes (postcode-validator knows its format); else a listing has none. */
export function hasPostalCodes(country: string): boolean {
  return postcodeValidatorExistsForCountry(country);
}

/** A postal code valid for the country (its format, not whether the code exists). */
export function postalCodeValid(zip: string, country: string): boolean {
  if (!hasPostalCodes(country)) return false;
  try {
    return postcodeValidator(normalizePostalCode(zip, country), country);
  } catch {
    return false;
  }
}

export function postalCodeMessage(country: string): string {
  const example = postalExample(country);
  const label = postalLabel(country);
  return `Enter a valid ${label === "ZIP code" ? label : label.toLowerCase()}${example ? `, like ${example}` : ""}.`;
}

import { createRequire } from "node:module";
import countries from "i18n-iso-countries";

// The package's English names are a JSON file. Node 20 imports JSON only with an import attribute, which the
// server's bundle (build/server) would keep as it is; require() reads it on every Node version.
const en = createRequire(import.meta.url)("i18n-iso-countries/langs/en.json") as countries.LocaleData;

/**
 * Country codes and names (ISO 3166-1 alpha-2) from i18n-iso-countries, in English: the listing form's Country
 * select, the business page's country line, SITE_COUNTRY's check. Server-only, so the names never weigh on a page's
 * JavaScript (the form's options arrive with its loader's data).
 */
countries.registerLocale(en);

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** "Canada" for "CA"; the code itself when unknown. */
export function countryName(code: string): string {
  return countries.getName(code, "en", { select: "official" }) ?? code;
}

export interface CountryOption {
  value: string;
  label: string;
}

/**
 * A country as data spells it, as a code: "ca", "CA", "CAN", "Canada", "United Kingdom" → CA, GB. Blank: null.
 * Text that names no country comes back as it was (upper case), for the listing rules to refuse by name.
 */
export function toCountryCode(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const text = value.trim();
  // "UK" is what people write (and the United Kingdom's own top-level domain), not its ISO code.
  if (/^(uk|great britain)$/i.test(text)) return "GB";
  if (/^[a-z]{2}$/i.test(text)) return text.toUpperCase();
  if (/^[a-z]{3}$/i.test(text)) return countries.alpha3ToAlpha2(text.toUpperCase()) ?? text.toUpperCase();
  return countries.getAlpha2Code(text, "en") ?? text.toUpperCase();
}

let options: CountryOption[] | null = null;

/** Every country, by name. */
export function countryOptions(): CountryOption[] {
  options ??= Object.entries(countries.getNames("en", { select: "official" }))
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
  return options;
}

import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { safeText } from "~/lib/text";

/** "Find on map" in the listing form: 20 look-ups a user per 10 minutes (Nominatim asks for at most one a second). */
export const GEOCODE_RATE = { limit: 20, windowMs: 10 * 60_000 };

export const geocodeInputSchema = z
  .object({
    q: safeText()
      .trim()
      .min(3, "Type an address first (at least 3 characters).")
      .max(300, "An address is at most 300 characters."),
  })
  .strict();

export interface GeocodeResult {
  lat: number;
  lng: number;
  label: string;
}

const nominatimSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string(),
  }),
);

/**
 * Looks an address up in a Nominatim-compatible geocoder (GEOCODER_URL,
 * `/search?format=json&q=`), from the server: the browser never talks to it,
 * so the CSP's connect-src stays 'self' and the limit below holds. The first
 * match, or null. AppError when no geocoder is configured or it fails.
 */
export async function geocodeAddress(
  deps: { geocoderUrl: string | undefined; userAgent: string; fetch?: typeof fetch },
  q: string,
): Promise<GeocodeResult | null> {
  if (!deps.geocoderUrl) throw new AppError("not_found", "No geocoder is configured (GEOCODER_URL).");
  const url = new URL(`${deps.geocoderUrl.replace(/\/+$/, "")}/search`);
  url.searchParams.set("format", "json");
  url.searchParams.set("limit", "1");
  url.searchParams.set("q", q);
  let body: unknown;
  try {
    const response = await (deps.fetch ?? fetch)(url, {
      headers: { accept: "application/json", "user-agent": deps.userAgent },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    body = await response.json();
  } catch {
    throw new AppError("service_unavailable", "The address lookup is unavailable right now. Set the pin by hand.");
  }
  const parsed = nominatimSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError("service_unavailable", "The address lookup is unavailable right now. Set the pin by hand.");
  const first = parsed.data[0];
  return first ? { lat: first.lat, lng: first.lon, label: first.display_name.slice(0, 300) } : null;
}

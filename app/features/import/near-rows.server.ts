import { createInterface } from "node:readline";
import { toCountryCode } from "~/.server/countries";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { unescapeCsvFormula } from "~/.server/csv";
import { mapHeaders, type NearColumn } from "./columns";
import { SOCIAL_NETWORKS } from "~/lib/social-links";
import { HoursTextError, parseHoursText } from "./hours-text";
import { PART_COLUMNS } from "./listing-parts";
import { splitList, type RawListing, type ReadRow, type RowProblem } from "./listing.server";

/** Near's own formats: CSV with a header row, and JSON lines (the export's two formats). */

function numberOrNull(value: unknown): number | null {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  return n;
}

function text(value: unknown): unknown {
  return typeof value === "number" ? String(value) : value;
}

/** One row keyed by Near's columns → the shared shape. */
export function nearRow(values: Partial<Record<NearColumn, unknown>>, defaultSource: string): RawListing | RowProblem {
  let hours: RawListing["hours"] = null;
  const hoursText = values.hours;
  if (typeof hoursText === "string" && hoursText.trim()) {
    try {
      hours = parseHoursText(hoursText);
    } catch (error) {
      if (error instanceof HoursTextError) return { problem: "reject", reason: `hours: ${error.message}` };
      throw error;
    }
  }
  const source = typeof values.source === "string" && values.source.trim() ? values.source.trim() : defaultSource;
  const externalId = values.external_id == null || values.external_id === "" ? null : String(values.external_id);
  return {
    source,
    externalId,
    status: typeof values.status === "string" ? values.status : null,
    name: values.name,
    category: values.category,
    kind: values.kind,
    description: values.description,
    address: values.address,
    city: values.city,
    state: values.state,
    zip: text(values.zip),
    country: toCountryCode(values.country),
    serviceArea: splitList(values.service_area),
    serviceRadiusKm: numberOrNull(values.service_radius_km),
    neighborhood: values.neighborhood,
    phone: text(values.phone),
    website: values.website,
    email: values.email,
    bookingUrl: values.booking_url,
    socialLinks: Object.fromEntries(
      SOCIAL_NETWORKS.flatMap((n) => {
        const v = values[`social_${n}`];
        return v == null || v === "" ? [] : [[n, v]];
      }),
    ),
    priceRange: values.price_range,
    features: splitList(values.features),
    categories: splitList(values.categories),
    ageGroups: splitList(values.age_groups),
    latitude: numberOrNull(values.latitude),
    longitude: numberOrNull(values.longitude),
    timezone: values.timezone,
    hours,
    parts: Object.fromEntries(PART_COLUMNS.flatMap((c) => (values[c] === undefined ? [] : [[c, values[c]]]))),
  };
}

export interface CsvOptions {
  source: string;
  /** A file's header → a Near column. */
  mapping?: Record<string, string>;
  /** Called once with the file's headers and what each maps to (the preview's mapping). */
  onHeaders?: (headers: string[], columns: (NearColumn | null)[]) => void;
}

/** A CSV file with a header row, as rows numbered by the file's line where each record ends. */
export async function* readCsv(input: Readable, options: CsvOptions): AsyncGenerator<ReadRow> {
  let columns: (NearColumn | null)[] = [];
  const parser = input.pipe(
    parse({
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      columns: (headers: string[]) => {
        columns = mapHeaders(headers, options.mapping);
        options.onHeaders?.(headers, columns);
        return headers.map((_, i) => `c${i}`);
      },
    }),
  );
  for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    const values: Partial<Record<NearColumn, unknown>> = {};
    columns.forEach((column, i) => {
      // Our own export's apostrophe before a formula character (app/.server/csv.ts) comes off again.
      const cell = item.record[`c${i}`];
      if (column) values[column] = cell === undefined ? cell : unescapeCsvFormula(cell);
    });
    yield { line: item.info.lines, row: nearRow(values, options.source) };
  }
}

/** Lines of a stream with their numbers (1-based), blank lines left out. */
export async function* numberedLines(input: Readable): AsyncGenerator<{ line: number; text: string }> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    if (text.trim()) yield { line, text };
  }
}

/** Near's JSON lines: one object a line with the CSV's column names (lists as arrays or `a; b` text). */
export async function* readNearJsonLines(input: Readable, options: { source: string }): AsyncGenerator<ReadRow> {
  for await (const { line, text } of numberedLines(input)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      yield { line, row: { problem: "reject", reason: "not valid JSON" } };
      continue;
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      yield { line, row: { problem: "reject", reason: "not a JSON object" } };
      continue;
    }
    yield { line, row: nearRow(value as Partial<Record<NearColumn, unknown>>, options.source) };
  }
}

import type { Readable } from "node:stream";
import type { Database } from "~/.server/db/client";
import type { NearColumn } from "./columns";
import { validateListing, type ImportFormat, type ReadRow } from "./listing.server";
import { readCsv, readNearJsonLines } from "./near-rows.server";
import { readOsm } from "./osm.server";
import { writeBatch, type BatchResult, type BatchRow, type Reject, type WriteOptions } from "./writer.server";
import { readYelp } from "./yelp.server";

/**
 * An import from start to end: a reader streams the file's rows, each is
 * validated, valid ones are written a batch at a time (writer.server.ts);
 * every rejected row is reported with its line and reason, and one bad row
 * never stops the rest. Memory stays constant: one batch at a time.
 */

export interface ImportSummary {
  /** Rows read from the file. */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Changed in the file, but edited by their owner since the last import: the owner's edits kept. */
  kept: number;
  /** Left out on purpose (Yelp's closed businesses). */
  skipped: number;
  rejected: number;
  /**
   * Rows filed by a fallback (issue 34): a category of theirs that the Yelp or OpenStreetMap mapping table has no
   * entry for was filed with the row's others, by its words, or under Services (category-mapping.ts).
   */
  filedByFallback: number;
  /** What those fallbacks were, the most frequent first (at most CATEGORY_NOTES_SHOWN distinct notes). */
  categoryNotes: { note: string; count: number }[];
}

/** How many distinct fallback notes a summary lists. */
export const CATEGORY_NOTES_SHOWN = 20;

/** A summary before any row. */
export const emptySummary = (): ImportSummary => ({
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  kept: 0,
  skipped: 0,
  rejected: 0,
  filedByFallback: 0,
  categoryNotes: [],
});

/** Counts the fallback notes of an import's rows: every distinct note, shown as the most frequent few. */
export class CategoryNoteCounter {
  private readonly counts = new Map<string, number>();
  rows = 0;

  add(notes: readonly string[] | undefined) {
    if (!notes?.length) return;
    this.rows++;
    for (const note of new Set(notes)) this.counts.set(note, (this.counts.get(note) ?? 0) + 1);
  }

  top(limit = CATEGORY_NOTES_SHOWN): { note: string; count: number }[] {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([note, count]) => ({ note, count }));
  }
}

export interface ReaderOptions {
  /** CSV and Near JSON lines: the source of rows that name none (default the format's name). */
  source?: string;
  /** CSV: a file's header → a Near column. */
  mapping?: Record<string, string>;
  onHeaders?: (headers: string[], columns: (NearColumn | null)[]) => void;
  /** Yelp: also import closed businesses. */
  includeClosed?: boolean;
}

export function openReader(format: ImportFormat, input: Readable, options: ReaderOptions = {}): AsyncIterable<ReadRow> {
  switch (format) {
    case "csv":
      return readCsv(input, {
        source: options.source ?? "csv",
        mapping: options.mapping,
        onHeaders: options.onHeaders,
      });
    case "jsonl":
      return readNearJsonLines(input, { source: options.source ?? "jsonl" });
    case "yelp":
      return readYelp(input, { includeClosed: options.includeClosed });
    case "osm":
      return readOsm(input);
  }
}

/**
 * The format a file's name and first bytes suggest: .csv → csv; a JSON
 * document with `features` or `elements` → osm; JSON lines with
 * `business_id` → yelp, otherwise Near's JSON lines. Null: can't tell.
 */
export function detectFormat(filename: string, head: string): ImportFormat | null {
  const name = filename.toLowerCase();
  if (name.endsWith(".csv") || name.endsWith(".tsv")) return "csv";
  if (name.endsWith(".geojson")) return "osm";
  const text = head.replace(/^\uFEFF/, "").trimStart();
  const firstLine = text.split("\n", 1)[0] ?? "";
  if (/"(features|elements)"\s*:/.test(text.slice(0, 4096)) && !firstLine.trimEnd().endsWith("}")) return "osm";
  if (text.startsWith("{")) {
    if (/"business_id"\s*:/.test(firstLine)) return "yelp";
    if (/"(features|elements)"\s*:/.test(firstLine) && /"type"\s*:\s*"FeatureCollection"|"elements"/.test(firstLine))
      return "osm";
    return "jsonl";
  }
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return "jsonl";
  return text ? "csv" : null;
}

export interface RunOptions extends WriteOptions {
  /** Rows per transaction (default 500). */
  batchSize?: number;
  /** After each batch: the counts so far. */
  onProgress?: (summary: ImportSummary) => void;
  /** Every rejected row, in order (the rejects file). */
  onReject?: (reject: Reject) => void | Promise<void>;
  signal?: AbortSignal;
}

export async function runImport(
  db: Database,
  rows: AsyncIterable<ReadRow>,
  options: RunOptions,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const notes = new CategoryNoteCounter();
  const progress = () => {
    summary.filedByFallback = notes.rows;
    summary.categoryNotes = notes.top();
    options.onProgress?.({ ...summary });
  };
  const batchSize = options.batchSize ?? 500;
  let batch: BatchRow[] = [];
  const reject = async (r: Reject) => {
    summary.rejected++;
    await options.onReject?.(r);
  };
  // One batch is written while the next is read and validated (on PostgreSQL the two run on two cores).
  // Rows rejected meanwhile wait for the written batch's rejects, so the rejects come in the same order
  // as when each batch was awaited.
  let writing: Promise<BatchResult> | null = null;
  let held: Reject[] = [];
  const settle = async () => {
    if (!writing) return;
    const result = await writing;
    writing = null;
    summary.inserted += result.inserted;
    summary.updated += result.updated;
    summary.unchanged += result.unchanged;
    summary.kept += result.kept;
    for (const r of result.rejects) await reject(r);
    const waiting = held;
    held = [];
    for (const r of waiting) await reject(r);
    progress();
  };
  const rejectRow = async (r: Reject) => {
    if (writing) held.push(r);
    else await reject(r);
  };
  const flush = async () => {
    await settle();
    if (!batch.length) return;
    writing = writeBatch(db, batch, options);
    // Awaited in settle(); until then a failure must not count as unhandled (which ends the process).
    writing.catch(() => undefined);
    batch = [];
  };
  try {
    for await (const { line, row } of rows) {
      options.signal?.throwIfAborted();
      summary.read++;
      if ("problem" in row) {
        if (row.problem === "skip") summary.skipped++;
        else await rejectRow({ line, reason: row.reason });
        continue;
      }
      const checked = validateListing(row, { timezone: options.defaultTimezone, country: options.siteCountry });
      if (!checked.ok) {
        await rejectRow({ line, reason: checked.reason, externalId: row.externalId ?? undefined });
        continue;
      }
      notes.add(row.categoryNotes);
      batch.push({ line, listing: checked.listing });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await settle();
  } catch (error) {
    // Stopped (aborted, or the file can't be read): the batch being written still ends before this returns.
    await (writing as Promise<BatchResult> | null)?.catch(() => undefined);
    throw error;
  }
  progress();
  return summary;
}

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { csvRecord } from "~/.server/csv";
import type { Database } from "~/.server/db/client";
import { AppError } from "~/lib/app-error";
import type { ListingStatus } from "~/lib/catalogue";
import type { NearColumn } from "./columns";
import { DAY_ABBREVIATIONS } from "./hours-text";
import { IMPORT_FORMATS, validateListing, type ImportFormat, type ReadRow } from "./listing.server";
import { detectFormat, emptySummary, openReader, runImport, type ImportSummary } from "./run.server";
import type { ImportFormatChoice } from "./upload-schema";

/**
 * The /admin import page's side of an import (docs/import.md): an uploaded
 * file waits on disk with its preview until the admin runs it, then the
 * import runs in this process in the background while the page polls its
 * progress. Jobs are kept in memory, keyed by unguessable ids and visible to
 * the admin who started them only; one import runs at a time.
 */

export const PREVIEW_ROWS = 10;
/** Rows per transaction for the page's imports: smaller than the command line's, so the bar moves. */
const PAGE_BATCH_SIZE = 100;
/** Uploads never run are deleted after this long. */
const UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Finished jobs remembered (their summaries and rejects files). */
const KEPT_JOBS = 20;

export interface PreviewListing {
  name: string;
  category: string;
  kind: string | null;
  address: string | null;
  city: string;
  state: string | null;
  zip: string | null;
  country: string | null;
  phone: string | null;
  website: string | null;
  hours: string | null;
  features: string[];
  /** Where a category with no mapping was filed (issue 34). */
  categoryNotes?: string[];
}

export type PreviewRow =
  { line: number; ok: true; listing: PreviewListing } | { line: number; ok: false; reason: string };

export interface ImportPreview {
  format: ImportFormat;
  /** The format came from the file (auto), not the admin's choice. */
  detected: boolean;
  /** CSV: each header of the file and the Near column it fills (null: ignored). */
  columns: { header: string; column: NearColumn | null }[] | null;
  rows: PreviewRow[];
  /** More rows follow the previewed ones. */
  more: boolean;
}

export interface ImportUpload {
  id: string;
  ownerId: string;
  file: string;
  filename: string;
  size: number;
  status: ListingStatus;
  dryRun: boolean;
  preview: ImportPreview;
  createdAt: number;
}

export interface ImportJobView {
  id: string;
  filename: string;
  format: ImportFormat;
  status: ListingStatus;
  dryRun: boolean;
  state: "running" | "done" | "failed";
  /** 0–100: the share of the file read (100 once finished). */
  percent: number;
  summary: ImportSummary;
  /** Rows written: inserted, updated, unchanged and kept. */
  written: number;
  rowsPerSecond: number;
  elapsedMs: number;
  error: string | null;
  /** The first rejected rows (all of them in the rejects file). */
  firstRejects: { line: number; reason: string }[];
}

/** Rejected rows shown on the page; the rest are in the rejects file. */
const SHOWN_REJECTS = 20;

interface ImportJob {
  id: string;
  ownerId: string;
  filename: string;
  format: ImportFormat;
  status: ListingStatus;
  dryRun: boolean;
  size: number;
  bytesRead: number;
  summary: ImportSummary;
  state: "running" | "done" | "failed";
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
  rejectsFile: string;
  firstRejects: { line: number; reason: string }[];
  abort: AbortController;
  done: Promise<void>;
}

const newId = () => randomBytes(18).toString("base64url");

function stat(file: string) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}

function readHead(file: string, bytes = 8192) {
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(bytes);
    const n = fs.readSync(fd, head, 0, bytes, 0);
    return head.subarray(0, n).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

/** "Mon-Fri 07:00–15:00, Sat 08:00–14:00": consecutive days with the same hours grouped. */
export function hoursSummary(
  hours: readonly { day: number; isClosed: boolean; open: string | null; close: string | null }[],
) {
  if (!hours.length) return null;
  const byDay = new Map(hours.map((h) => [h.day, h.isClosed ? "closed" : `${h.open}–${h.close}`]));
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { from: number; to: number; text: string }[] = [];
  for (const day of order) {
    const text = byDay.get(day);
    if (text === undefined) continue;
    const last = groups.at(-1);
    if (last && last.text === text && order.indexOf(last.to) === order.indexOf(day) - 1) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups
    .map((g) => `${DAY_ABBREVIATIONS[g.from]}${g.from === g.to ? "" : `–${DAY_ABBREVIATIONS[g.to]}`} ${g.text}`)
    .join(", ");
}

function readerSource(format: ImportFormat, filename: string) {
  return format === "csv" || format === "jsonl" ? path.basename(filename).replace(/\.[^.]+$/, "") || format : undefined;
}

/** The first rows of a file as they would be imported, and the file's column mapping. */
export async function previewFile(
  file: string,
  filename: string,
  choice: ImportFormatChoice,
  defaults: { timezone: string; country?: string },
): Promise<ImportPreview> {
  const size = stat(file)?.size ?? 0;
  if (size === 0) throw new AppError("bad_request", "The file is empty.", { file: "The file is empty." });
  const detectedFormat = choice === "auto" ? detectFormat(filename, readHead(file)) : choice;
  if (!detectedFormat || !(IMPORT_FORMATS as readonly string[]).includes(detectedFormat)) {
    const message = "Near can't tell this file's format: choose it.";
    throw new AppError("bad_request", message, { format: message });
  }
  const format = detectedFormat;
  let columns: ImportPreview["columns"] = null;
  const input = fs.createReadStream(file);
  const rows: PreviewRow[] = [];
  let more = false;
  try {
    const reader = openReader(format, input, {
      source: readerSource(format, filename),
      onHeaders: (headers, mapped) => {
        columns = headers.map((header, i) => ({ header, column: mapped[i] ?? null }));
      },
    });
    for await (const { line, row } of reader) {
      if (rows.length === PREVIEW_ROWS) {
        more = true;
        break;
      }
      rows.push(previewRow(line, row, defaults));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = `The file can't be read as ${format.toUpperCase()}: ${(error as Error).message}`;
    throw new AppError("bad_request", message, { file: message });
  } finally {
    input.destroy();
  }
  if (!rows.length) {
    const message = "No rows found in the file.";
    throw new AppError("bad_request", message, { file: message });
  }
  return { format, detected: choice === "auto", columns, rows, more };
}

function previewRow(line: number, row: ReadRow["row"], defaults: { timezone: string; country?: string }): PreviewRow {
  if ("problem" in row)
    return { line, ok: false, reason: row.problem === "skip" ? `skipped: ${row.reason}` : row.reason };
  const checked = validateListing(row, defaults);
  if (!checked.ok) return { line, ok: false, reason: checked.reason };
  const input = checked.listing.input;
  return {
    line,
    ok: true,
    listing: {
      name: input.name,
      category: input.category,
      kind: input.cuisine ?? input.subcategory ?? null,
      address: input.address ?? null,
      city: input.city,
      state: input.state ?? null,
      zip: input.zip ?? null,
      country: input.country ?? null,
      phone: input.phone ?? null,
      website: input.website ?? null,
      hours: hoursSummary(input.hours ?? []),
      features: input.features ?? [],
      ...(row.categoryNotes?.length ? { categoryNotes: row.categoryNotes } : {}),
    },
  };
}

function view(job: ImportJob): ImportJobView {
  const end = job.finishedAt ?? Date.now();
  const elapsedMs = Math.max(end - job.startedAt, 1);
  const s = job.summary;
  return {
    id: job.id,
    filename: job.filename,
    format: job.format,
    status: job.status,
    dryRun: job.dryRun,
    state: job.state,
    percent: job.state === "done" ? 100 : Math.min(99, Math.floor((job.bytesRead / Math.max(job.size, 1)) * 100)),
    summary: { ...s },
    written: s.inserted + s.updated + s.unchanged + s.kept,
    rowsPerSecond: Math.round((s.read / elapsedMs) * 1000),
    elapsedMs,
    error: job.error,
    firstRejects: [...job.firstRejects],
  };
}

/** The uploads waiting for their run and the imports started from the page, of one server process. */
export class ImportJobs {
  private readonly uploads = new Map<string, ImportUpload>();
  private readonly jobs = new Map<string, ImportJob>();

  constructor(readonly dir: string) {}

  /** A fresh path for an upload to stream into (under DATA_DIR/tmp/import). */
  newUploadFile() {
    fs.mkdirSync(this.dir, { recursive: true });
    this.sweep();
    return path.join(this.dir, `${newId()}.upload`);
  }

  /** Previews a stored upload and keeps it for its run; a file that can't be read is deleted and refused. */
  async prepare(
    ownerId: string,
    upload: { file: string; filename: string; format: ImportFormatChoice; status: ListingStatus; dryRun: boolean },
    defaults: { timezone: string; country?: string },
  ): Promise<ImportUpload> {
    let preview: ImportPreview;
    try {
      preview = await previewFile(upload.file, upload.filename, upload.format, defaults);
    } catch (error) {
      fs.rmSync(upload.file, { force: true });
      throw error;
    }
    const stored: ImportUpload = {
      id: newId(),
      ownerId,
      file: upload.file,
      filename: upload.filename,
      size: stat(upload.file)?.size ?? 0,
      status: upload.status,
      dryRun: upload.dryRun,
      preview,
      createdAt: Date.now(),
    };
    this.uploads.set(stored.id, stored);
    return stored;
  }

  /** An upload of this admin's, or undefined (another admin's is undefined too). */
  upload(id: string, ownerId: string) {
    const upload = this.uploads.get(id);
    return upload && upload.ownerId === ownerId ? upload : undefined;
  }

  discard(id: string, ownerId: string) {
    const upload = this.upload(id, ownerId);
    if (!upload) return;
    this.uploads.delete(id);
    fs.rmSync(upload.file, { force: true });
  }

  /** Starts an upload's import in the background; one at a time. */
  start(
    db: Database,
    uploadId: string,
    ownerId: string,
    defaults: { timezone: string; country?: string },
  ): ImportJobView {
    const upload = this.upload(uploadId, ownerId);
    if (!upload) throw new AppError("not_found", "This upload has expired or was already run: upload the file again.");
    if ([...this.jobs.values()].some((j) => j.state === "running"))
      throw new AppError("conflict", "An import is already running: wait for it to finish.");
    this.uploads.delete(uploadId);
    const job: ImportJob = {
      id: newId(),
      ownerId,
      filename: upload.filename,
      format: upload.preview.format,
      status: upload.status,
      dryRun: upload.dryRun,
      size: upload.size,
      bytesRead: 0,
      summary: emptySummary(),
      state: "running",
      error: null,
      startedAt: Date.now(),
      finishedAt: null,
      rejectsFile: path.join(this.dir, `${newId()}.rejects.csv`),
      firstRejects: [],
      abort: new AbortController(),
      done: Promise.resolve(),
    };
    job.done = this.run(db, job, upload, defaults);
    this.jobs.set(job.id, job);
    for (const old of [...this.jobs.values()].filter((j) => j.state !== "running").slice(0, -KEPT_JOBS)) {
      this.jobs.delete(old.id);
      fs.rmSync(old.rejectsFile, { force: true });
    }
    return view(job);
  }

  private async run(
    db: Database,
    job: ImportJob,
    upload: ImportUpload,
    defaults: { timezone: string; country?: string },
  ) {
    const rejects = fs.createWriteStream(job.rejectsFile);
    rejects.write(csvRecord(["line", "external_id", "reason"]));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        job.bytesRead += chunk.length;
        next(null, chunk);
      },
    });
    const input = fs.createReadStream(upload.file);
    try {
      const rows = openReader(job.format, input.pipe(counter), { source: readerSource(job.format, upload.filename) });
      // Rows read count as they are read, not only after each batch.
      async function* counted() {
        for await (const row of rows) {
          job.summary.read++;
          yield row;
        }
      }
      const summary = await runImport(db, counted(), {
        status: job.status,
        defaultTimezone: defaults.timezone,
        siteCountry: defaults.country,
        dryRun: job.dryRun,
        batchSize: PAGE_BATCH_SIZE,
        signal: job.abort.signal,
        onReject: (r) => {
          if (job.firstRejects.length < SHOWN_REJECTS) job.firstRejects.push({ line: r.line, reason: r.reason });
          rejects.write(csvRecord([r.line, r.externalId, r.reason]));
        },
        onProgress: (s) => {
          job.summary = { ...s, read: Math.max(s.read, job.summary.read) };
        },
      });
      job.summary = summary;
      job.state = "done";
    } catch (error) {
      job.state = "failed";
      job.error = job.abort.signal.aborted
        ? "The import was stopped when the server shut down."
        : `The import stopped: ${(error as Error).message}`;
    } finally {
      input.destroy();
      job.finishedAt = Date.now();
      await new Promise<void>((resolve) => rejects.end(resolve));
      fs.rmSync(upload.file, { force: true });
    }
  }

  /** A job of this admin's, or undefined. */
  job(id: string, ownerId: string): ImportJobView | undefined {
    const job = this.jobs.get(id);
    return job && job.ownerId === ownerId ? view(job) : undefined;
  }

  /** The rejects file (CSV: line, external id, reason) of a finished job of this admin's. */
  rejectsFile(id: string, ownerId: string): string | undefined {
    const job = this.jobs.get(id);
    return job && job.ownerId === ownerId && job.state !== "running" ? job.rejectsFile : undefined;
  }

  /** Resolves when this job has finished (tests). */
  async settled(id: string) {
    await this.jobs.get(id)?.done;
  }

  /** Stops a running import (server shutdown) and waits for it. */
  async close() {
    for (const job of this.jobs.values()) job.abort.abort();
    await Promise.all([...this.jobs.values()].map((j) => j.done));
  }

  /** Deletes uploads left unrun for an hour. */
  private sweep() {
    const now = Date.now();
    for (const upload of this.uploads.values()) {
      if (now - upload.createdAt > UPLOAD_TTL_MS) this.discard(upload.id, upload.ownerId);
    }
  }
}

// `npm run import -- FILE [--format csv|jsonl|yelp|osm] [--status published|pending] [--dry-run]
//   [--source NAME] [--map "Their column=near_column"]… [--mapping FILE.json] [--rejects FILE] [--include-closed]
//   [--batch N]`: bulk import of listings (docs/import.md).
// The embedded database can't be opened while the server runs (it holds DATA_DIR/near.lock): stop it, or
// import into PostgreSQL (DATABASE_URL), which any number of processes share.
import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { parseArgs } from "node:util";
import { parseConfig, ConfigError } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { parseMapping } from "../app/features/import/columns";
import { IMPORT_FORMATS, type ImportFormat } from "../app/features/import/listing.server";
import { detectFormat, openReader, runImport } from "../app/features/import/run.server";
import { progressLine } from "./progress";

const USAGE =
  "usage: npm run import -- FILE [--format csv|jsonl|yelp|osm] [--status published|pending] [--dry-run]\n" +
  '  [--source NAME] [--map "Their column=near_column"]… [--mapping FILE.json] [--rejects FILE] [--include-closed]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: "string" },
      status: { type: "string", default: "published" },
      "dry-run": { type: "boolean", default: false },
      source: { type: "string" },
      map: { type: "string", multiple: true, default: [] },
      mapping: { type: "string" },
      rejects: { type: "string" },
      "include-closed": { type: "boolean", default: false },
      batch: { type: "string", default: "500" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const file = positionals[0]!;
  const size = fs.statSync(file).size;
  const head = Buffer.alloc(Math.min(size, 8192));
  const fd = fs.openSync(file, "r");
  fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  const format = (values.format ?? detectFormat(file, head.toString("utf8"))) as ImportFormat | null;
  if (!format || !(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`Say which format the file is: --format ${IMPORT_FORMATS.join("|")}`);
  if (values.status !== "published" && values.status !== "pending")
    throw new Error("--status must be published or pending");
  const batchSize = Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) throw new Error("--batch must be 1 to 5000");
  const mapping = {
    ...(values.mapping ? (JSON.parse(fs.readFileSync(values.mapping, "utf8")) as Record<string, string>) : {}),
    ...parseMapping(values.map),
  };

  const config = parseConfig(process.env);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const rejectsOut = values.rejects ? fs.createWriteStream(values.rejects) : null;
  rejectsOut?.write("line,external_id,reason\r\n");
  const shownRejects: string[] = [];
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  try {
    const input = fs.createReadStream(file).pipe(counter);
    const rows = openReader(format, input, {
      source:
        values.source ??
        (format === "csv" || format === "jsonl" ? path.basename(file).replace(/\.[^.]+$/, "") : undefined),
      mapping,
      includeClosed: values["include-closed"],
      onHeaders: (headers, columns) => {
        const ignored = headers.filter((_, i) => columns[i] === null);
        if (ignored.length) console.error(`Columns ignored (no Near column): ${ignored.join(", ")}`);
      },
    });
    const summary = await runImport(handle.db, rows, {
      status: values.status,
      defaultTimezone: config.SITE_TIMEZONE,
      siteCountry: config.SITE_COUNTRY,
      dryRun: values["dry-run"],
      batchSize,
      onReject: (r) => {
        if (shownRejects.length < 20) shownRejects.push(`  line ${r.line}: ${r.reason}`);
        rejectsOut?.write(
          `${r.line},"${(r.externalId ?? "").replace(/"/g, '""')}","${r.reason.replace(/"/g, '""')}"\r\n`,
        );
      },
      onProgress: (s) => {
        const now = Date.now();
        if (now - lastDraw < 200) return;
        lastDraw = now;
        const line = progressLine({ done: bytes, total: size, rows: s.read, elapsedMs: now - started });
        if (tty) process.stderr.write(`\r${line}\u001b[K`);
        else if (now - started > 0) process.stderr.write(`${line}\n`);
      },
    });
    if (tty)
      process.stderr.write(
        `\r${progressLine({ done: size, total: size, rows: summary.read, elapsedMs: Date.now() - started })}\u001b[K\n`,
      );
    await new Promise<void>((resolve) => (rejectsOut ? rejectsOut.end(resolve) : resolve()));
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${values["dry-run"] ? "Dry run (nothing written): " : ""}${summary.read} rows read in ${seconds.toFixed(1)} s ` +
        `(${Math.round(summary.read / Math.max(seconds, 0.001))} rows/s): ${summary.inserted} inserted, ${summary.updated} updated, ` +
        `${summary.unchanged} unchanged, ${summary.kept} kept (edited by their owner), ${summary.skipped} skipped, ${summary.rejected} rejected.`,
    );
    if (summary.filedByFallback) {
      // Kept, not rejected: categories the mapping tables lack, and where their rows went (docs/import.md).
      console.log(
        `${summary.filedByFallback} rows filed by a category fallback (no mapping for one of their categories):`,
      );
      console.log(summary.categoryNotes.map((n) => `  ${n.count} × ${n.note}`).join("\n"));
    }
    if (shownRejects.length) {
      console.log(`Rejected rows${summary.rejected > shownRejects.length ? ` (first ${shownRejects.length})` : ""}:`);
      console.log(shownRejects.join("\n"));
      if (values.rejects) console.log(`All rejected rows: ${values.rejects}`);
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe server is running on this DATA_DIR and holds the embedded database: stop it and run the import again, ` +
        "or use the import page in /admin, or import into PostgreSQL (DATABASE_URL).",
    );
  } else {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  }
  process.exit(1);
}

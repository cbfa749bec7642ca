/**
 * Import benchmark: generated CSV rows (a stream, never a file in memory)
 * through the real import (readCsv → validateListing → writeBatch), into an
 * in-memory PGlite and into PostgreSQL; rows/s for a first import and for a
 * second import of the same rows (all unchanged), and the process's peak
 * RSS. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/import.ts
 *
 * BENCH_SIZE (default 20,000 rows), BENCH_BATCH (default 500). PostgreSQL
 * uses its own database `near_import_bench`, dropped at the end.
 */
import os from "node:os";
import { Readable } from "node:stream";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../app/.server/db/client";
import { openReader, runImport } from "../app/features/import/run.server";

const size = Number(process.env.BENCH_SIZE ?? 20_000);
const batchSize = Number(process.env.BENCH_BATCH ?? 500);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const dbName = "near_import_bench";
const KINDS = [
  ["restaurants", "italian"],
  ["shopping", "gifts"],
  ["services", "plumbing"],
  ["entertainment", "arcade"],
];

function* csvRows() {
  yield "external_id,name,category,kind,address,city,state,zip,phone,features,latitude,longitude,hours\n";
  for (let i = 0; i < size; i++) {
    const [category, kind] = KINDS[i % 4]!;
    yield `b-${i},Bench Place ${i},${category},${kind},${i} Main St,Springfield,IL,62701,(217) 555-0100,Takeout; Wi-Fi,${39 + (i % 1000) / 1000},${-89 - (i % 997) / 1000},"Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed"\n`;
  }
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

async function measure(handle: DatabaseHandle) {
  const results: Record<string, number> = {};
  for (const run of ["first import", "second import (unchanged)"]) {
    const started = performance.now();
    const summary = await runImport(handle.db, openReader("csv", Readable.from(csvRows()), { source: "bench" }), {
      status: "published",
      defaultTimezone: "America/Chicago",
      batchSize,
    });
    const seconds = (performance.now() - started) / 1000;
    if (summary.rejected) throw new Error(`${summary.rejected} rows rejected`);
    results[run] = Math.round(summary.read / seconds);
    console.log(
      `${handle.driver} ${run}: ${summary.read} rows in ${seconds.toFixed(1)} s = ${results[run]} rows/s`,
      summary,
    );
  }
  return results;
}

const lines: string[] = [];
const pglite = await openDatabase({});
try {
  const r = await measure(pglite);
  lines.push(`| PGlite (in memory) | ${r["first import"]} | ${r["second import (unchanged)"]} |`);
} finally {
  await pglite.close();
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
try {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const postgres = await openDatabase({ databaseUrl: url.toString() });
  try {
    const r = await measure(postgres);
    lines.push(`| PostgreSQL | ${r["first import"]} | ${r["second import (unchanged)"]} |`);
  } finally {
    await postgres.close();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
clearInterval(sampler);
console.log(
  `\n${size.toLocaleString("en-US")} rows, batches of ${batchSize}, ${os.cpus().length} cores, peak RSS ${Math.round(peakRss / 1048576)} MB\n`,
);
console.log("| database | first import (rows/s) | second import, unchanged (rows/s) |\n| --- | --- | --- |");
console.log(lines.join("\n"));

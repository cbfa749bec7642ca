/**
 * Import benchmark: generated CSV rows (a stream, never a file in memory)
 * through the real import (readCsv → validateListing → writeBatch), into an
 * in-memory PGlite and into PostgreSQL; rows/s for a first import and for a
 * second import of the same rows (all unchanged), the CPU time per row of
 * this process and (PostgreSQL on this machine) of the database's backends,
 * and the process's high-water marks of RSS and JS heap. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/import.ts
 *
 * BENCH_SIZE (default 20,000 rows), BENCH_BATCH (default 500), BENCH_ONLY
 * (pglite or postgres: one database only — the constant-memory run is
 * `BENCH_SIZE=200000 BENCH_ONLY=postgres`, as an in-memory PGlite's own RSS
 * grows with the data it holds). PostgreSQL uses its own database
 * `near_import_bench`, dropped at the end.
 */
import fs from "node:fs";
import os from "node:os";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type DatabaseHandle } from "../app/.server/db/client";
import { openReader, runImport } from "../app/features/import/run.server";

const size = Number(process.env.BENCH_SIZE ?? 20_000);
const batchSize = Number(process.env.BENCH_BATCH ?? 500);
const only = process.env.BENCH_ONLY;
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
let peakHeap = 0;
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const sampler = setInterval(sample, 100);
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** CPU milliseconds the database's client backends used so far (PostgreSQL on this machine; else null). */
async function backendCpu(handle: DatabaseHandle): Promise<number | null> {
  if (handle.driver !== "postgres") return null;
  const rows = await queryRows<{ pid: number }>(
    handle.db,
    sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
  );
  let ms = 0;
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks (USER_HZ 100)
    } catch {
      return null;
    }
  }
  return ms;
}

async function measure(handle: DatabaseHandle) {
  const results: Record<string, string> = {};
  for (const run of ["first import", "second import (unchanged)"]) {
    const cpu = process.cpuUsage();
    const db0 = await backendCpu(handle);
    const started = performance.now();
    const summary = await runImport(handle.db, openReader("csv", Readable.from(csvRows()), { source: "bench" }), {
      status: "published",
      defaultTimezone: "America/Chicago",
      batchSize,
      onProgress: sample,
    });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const db1 = await backendCpu(handle);
    if (summary.rejected) throw new Error(`${summary.rejected} rows rejected`);
    const perRow = (ms: number) => (ms / summary.read).toFixed(2);
    const nodeMs = perRow((used.user + used.system) / 1000);
    const dbMs = db0 !== null && db1 !== null ? perRow(db1 - db0) : "–";
    results[run] = `${Math.round(summary.read / seconds).toLocaleString("en-US")} (${nodeMs} + ${dbMs})`;
    console.log(
      `${handle.driver} ${run}: ${summary.read} rows in ${seconds.toFixed(1)} s = ${Math.round(summary.read / seconds)} rows/s;` +
        ` CPU ms/row: this process ${nodeMs}, database ${dbMs}`,
      summary,
    );
  }
  return results;
}

const lines: string[] = [];
if (only !== "postgres") {
  const pglite = await openDatabase({});
  try {
    const r = await measure(pglite);
    lines.push(`| PGlite (in memory) | ${r["first import"]} | ${r["second import (unchanged)"]} |`);
  } finally {
    await pglite.close();
  }
}

if (only !== "pglite") {
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
}
clearInterval(sampler);
sample();
console.log(
  `\n${size.toLocaleString("en-US")} rows, batches of ${batchSize}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}; peak RSS ${mb(peakRss)} MB, peak JS heap ${mb(peakHeap)} MB\n`,
);
console.log(
  "| database | first import: rows/s (CPU ms/row: import + database) | second import, unchanged |\n| --- | --- | --- |",
);
console.log(lines.join("\n"));

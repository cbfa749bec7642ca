/**
 * "Near me" benchmark (issue 14, docs/maps.md): BENCH_SIZE published businesses (default 100,000) in
 * cities of 10,000 each, spread over the United States (a directory grows by adding cities, so a
 * city's density stays the same at 1,000,000), through the real query code (searchBusinesses):
 * radius filters, nearest first, a typed ZIP code. p50/p95/p99 latencies. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/near.ts
 *   BENCH_DRIVER=pglite npx tsx bench/near.ts          # the embedded database, in memory
 *
 * On PostgreSQL it creates (and at the end drops) its own database `near_bench_near`; BENCH_KEEP=1
 * keeps it. Appends the figures to docs/benchmarks.md when BENCH_WRITE=1.
 */
import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type DatabaseHandle } from "../app/.server/db/client";
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";

const driver = process.env.BENCH_DRIVER === "pglite" ? "pglite" : "postgres";
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const dbName = "near_bench_near";
const PER_CITY = 10_000;

let handle: DatabaseHandle;
if (driver === "pglite") handle = await openDatabase({});
else {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
}
const { db } = handle;

console.log(`Generating ${size.toLocaleString()} businesses (${driver})…`);
let started = Date.now();
await db.execute(sql`alter table businesses disable trigger user`);
// City c (0, 1, 2…) sits on a grid over the United States (37 across, from 30°N -120°E); the first is
// Springfield's own spot. Each city's listings spread over about ±10 mi north–south and ±11 mi east–west.
await db.execute(sql`
  insert into businesses (slug, name, category, cuisine, subcategory, address, city, state, zip, timezone,
                          price_range, features, categories, rating, review_count, plan, status, latitude, longitude)
  select
    'bench-' || g,
    (array['Golden','Rustic','Urban','Blue','Happy','Little','Grand','Sunny'])[1 + g % 8] || ' ' ||
      (array['Pizza','Coffee','Tacos','Curry','Bakery','Boutique','Repairs','Games'])[1 + (g / 8) % 8] || ' ' || g,
    (array['restaurants','shopping','services','entertainment'])[1 + g % 4],
    case when g % 4 = 0 then (array['italian','chinese','mexican','indian','cafe','pizza'])[1 + (g / 4) % 6] end,
    case when g % 4 <> 0 then (array['clothing','gifts','plumbing','cleaning','theater','arcade'])[1 + (g / 4) % 6] end,
    g || ' Main St', 'City ' || c, 'IL', lpad((10000 + c * 10 + g % 10)::text, 5, '0'), 'America/Chicago',
    (array['$','$$','$$$','$$$$'])[1 + g % 4], array['Wi-Fi'], array['Pizza'],
    round((1 + random() * 4)::numeric, 2), (random() * 200)::int, 'basic', 'published',
    case when c = 0 then 39.8 else 30 + (c % 37) * 0.5 end + (random() - 0.5) * 0.3,
    case when c = 0 then -89.644 else -120 + (c / 37) * 1.2 end + (random() - 0.5) * 0.4
  from (select g, (g - 1) / ${PER_CITY} as c from generate_series(1, ${size}) g) s`);
await db.execute(sql`alter table businesses enable trigger user`);
await db.execute(sql`${sql.raw(driver === "pglite" ? "analyze" : "vacuum analyze")}`);
const generateSeconds = (Date.now() - started) / 1000;
console.log(`Generated in ${generateSeconds.toFixed(1)} s`);

const here = { lat: "39.8", lng: "-89.644" };
const mix: Record<string, Record<string, string>> = {
  "within 1 mi, nearest first": { ...here, radius: "1", sort: "distance" },
  "within 5 mi, best rated": { ...here, radius: "5" },
  "within 10 mi, nearest first": { ...here, radius: "10", sort: "distance" },
  "within 25 mi, nearest first": { ...here, radius: "25", sort: "distance" },
  "nearest first, no radius (KNN)": { ...here, sort: "distance" },
  "nearest first, page 5": { ...here, sort: "distance", page: "5" },
  "category + within 5 mi, nearest": { ...here, category: "restaurants", radius: "5", sort: "distance" },
  "text pizza + within 10 mi, nearest": { ...here, q: "pizza", radius: "10", sort: "distance" },
  "near=ZIP 10000 + within 5 mi": { near: "10000", radius: "5", sort: "distance" },
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const rows: { name: string; p50: number; p95: number; p99: number; total: number }[] = [];
const all: number[] = [];
for (const [name, params] of Object.entries(mix)) {
  const parsed = searchParamsSchema.parse(params);
  await searchBusinesses(db, parsed); // warm up
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < iterations; i++) {
    started = performance.now();
    const result = await searchBusinesses(db, parsed);
    times.push(performance.now() - started);
    total = result.total;
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  rows.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), total });
}
all.sort((a, b) => a - b);
const overall = { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99) };

const fmt = (n: number) => n.toFixed(1);
const table = [
  "| query | matches | p50 ms | p95 ms | p99 ms |",
  "| --- | ---: | ---: | ---: | ---: |",
  ...rows.map((r) => `| ${r.name} | ${r.total.toLocaleString()} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`),
  `| **all (${all.length} searches)** | | **${fmt(overall.p50)}** | **${fmt(overall.p95)}** | **${fmt(overall.p99)}** |`,
].join("\n");
console.log(`\n${table}\n`);

if (process.env.BENCH_WRITE === "1") {
  const [version] = await queryRows<{ version: string }>(db, sql`select version()`);
  const engine = driver === "pglite" ? "PGlite (in memory)" : (version?.version.split(",")[0] ?? "PostgreSQL");
  const section =
    `\n### Near me, ${size.toLocaleString()} businesses, ${engine} — ${new Date().toISOString().slice(0, 10)}\n\n` +
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}. ` +
    `${iterations} runs per query after one warm-up, through \`searchBusinesses\`. Data generated in ${generateSeconds.toFixed(0)} s.\n\n${table}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
}

await handle.close();
if (driver === "postgres" && process.env.BENCH_KEEP !== "1") {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

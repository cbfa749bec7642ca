/**
 * What the directory benchmarks share: a database of their own on PostgreSQL, the generated
 * directory of bench/search.ts (BENCH_SIZE published businesses with hours, features,
 * categories, ratings, review counts and the search dictionary), and p50/p95/p99 tables.
 */
import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../app/.server/db/client";
import { ALL_CATEGORIES, kindOfCategory } from "../app/lib/category-tree";

export const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A fresh database `dbName` on the server of BENCH_DATABASE_URL; `drop()` removes it unless
 * BENCH_KEEP=1. With BENCH_REUSE=1 an existing one (kept by an earlier run) is opened as it is
 * and `fresh` is false, so a large directory is generated once and measured many times.
 */
export async function openBenchDatabase(
  dbName: string,
): Promise<{ handle: DatabaseHandle; fresh: boolean; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reuse = process.env.BENCH_REUSE === "1";
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount === 1;
  const fresh = !(reuse && exists);
  if (fresh) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    handle,
    fresh,
    drop: async () => {
      await handle.close();
      if (process.env.BENCH_KEEP === "1" || reuse) return;
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * `size` published businesses named "{adjective} {noun} {n}" (16 × 16 words, so a name's first
 * word is shared by 1 in 16 listings), in four categories with cuisines and kinds (one in eight anywhere else in the
 * category tree), weekly hours
 * in three time zones, and `pending` more that are not public. They live in cities of
 * PER_CITY listings each (a directory grows by adding cities, so a city is as dense at
 * 1,000,000 as at 100,000): the first is Springfield, IL (SITE_CITY's default), the others
 * "City 1", "City 2"… on a grid over the United States, each spread over about ±10 miles. Bulk-loaded with the row
 * triggers off, then what they maintain is derived in one pass each. Returns the seconds taken.
 */
export const PER_CITY = 10_000;

/**
 * Every category of the tree below its group (issue 34: hundreds, as a real city's data has), with the group and the
 * spec's facet it settles to, so one listing in eight is filed somewhere other than the four verticals' kinds.
 */
const TREE = ALL_CATEGORIES.filter((c) => c.depth > 0).map((c) => ({
  slug: c.slug,
  group: c.group,
  kind: kindOfCategory(c.slug),
}));
const textArray = (values: readonly (string | null)[]) =>
  sql.raw(`array[${values.map((v) => (v === null ? "null" : `'${v.replaceAll("'", "''")}'`)).join(",")}]::text[]`);

export async function seedDirectory(db: Database, size: number, { pending = 0 } = {}): Promise<number> {
  const started = Date.now();
  await db.execute(sql`alter table businesses disable trigger user`);
  await db.execute(sql`alter table business_hours disable trigger user`);
  await db.execute(sql`
  with words as (
    select
      array['Golden','Rustic','Urban','Blue','Happy','Little','Grand','Old Town','Sunny','Green','Silver','Maple','Harbor','Corner','Riverside','Lucky'] as adj,
      array['Dragon','Oak','Spoon','Garden','Lantern','Anchor','Fox','Bridge','Table','Market','Studio','Works','House','Kitchen','Corner','Lane'] as noun,
      array['restaurants','shopping','services','entertainment'] as cats,
      array['italian','chinese','mexican','indian','cafe','pizza'] as cuisines,
      array['clothing','jewelry','gifts','home','plumbing','electrical','cleaning','landscaping','theater','arcade','escape','attractions'] as kinds,
      array['Pizza','Coffee','Tacos','Curry','Noodles','Bakery','Boutique','Repairs','Games','Live Music'] as labels,
      array['Outdoor Seating','Wi-Fi','Delivery','Wheelchair Accessible','Free Estimates','Parking','Family Friendly','24/7 Emergency'] as feats,
      ${textArray(TREE.map((c) => c.slug))} as tree_slugs,
      ${textArray(TREE.map((c) => c.group))} as tree_groups,
      ${textArray(TREE.map((c) => c.kind))} as tree_kinds
  )
  insert into businesses (slug, name, category, primary_category, cuisine, subcategory, description, address, city, state, zip, timezone,
                          price_range, features, categories, rating, review_count, plan, status, created_at,
                          latitude, longitude)
  select
    'bench-' || g,
    adj[1 + g % 16] || ' ' || noun[1 + (g / 16) % 16] || ' ' || g,
    case when g % 8 = 7 then tree_groups[1 + (g / 8) % ${TREE.length}] else cats[1 + g % 4] end,
    -- The primary category the group and kind name (the tree's slugs: issue 34); one in eight anywhere in the tree.
    case when g % 8 = 7 then tree_slugs[1 + (g / 8) % ${TREE.length}]
         when g % 4 = 0 then (array['italian','chinese','mexican','indian','cafes','pizza'])[1 + (g / 4) % 6]
         else (array['clothing','jewelry','gifts','home-decor','plumbing','electrical','cleaning','landscaping','theater','arcade','escape-rooms','attractions'])[1 + (g / 4) % 12] end,
    case when g % 8 = 7 then (case when tree_groups[1 + (g / 8) % ${TREE.length}] = 'restaurants' then tree_kinds[1 + (g / 8) % ${TREE.length}] end)
         when g % 4 = 0 then cuisines[1 + (g / 4) % 6] end,
    case when g % 8 = 7 then (case when tree_groups[1 + (g / 8) % ${TREE.length}] <> 'restaurants' then tree_kinds[1 + (g / 8) % ${TREE.length}] end)
         when g % 4 <> 0 then kinds[1 + (g / 4) % 12] end,
    'A ' || lower(adj[1 + (g / 7) % 16]) || ' local favorite known for ' || lower(labels[1 + g % 10]) || ' and friendly service in the ' || lower(noun[1 + (g / 3) % 16]) || ' district.',
    g || ' Main St',
    case when c = 0 then 'Springfield' else 'City ' || c end,
    case when c = 0 then 'IL' else (array['IL','IN','OH','MO','WI','IA','MI','KY'])[1 + c % 8] end,
    case when c = 0 then '62701' else lpad((10000 + c * 10 + g % 10)::text, 5, '0') end,
    (array['America/Chicago','America/New_York','America/Los_Angeles'])[1 + g % 3],
    (array['$','$$','$$$','$$$$'])[1 + g % 4],
    array[feats[1 + g % 8], feats[1 + (g / 8) % 8]],
    array[labels[1 + g % 10]],
    round((1 + random() * 4)::numeric, 2), (random() * 200)::int,
    (array['basic','basic','basic','featured','premium'])[1 + g % 5],
    case when g > ${size} then 'pending' else 'published' end,
    now() - (g % 1000) * interval '1 hour',
    case when c = 0 then 39.8 else 30 + (c % 37) * 0.5 end + (random() - 0.5) * 0.3,
    case when c = 0 then -89.644 else -120 + (c / 37) * 1.2 end + (random() - 0.5) * 0.4
  from words, (select g, ((g - 1) % ${size}) / ${PER_CITY} as c from generate_series(1, ${size + pending}) g) s`);
  await db.execute(sql`
  insert into business_hours (business_id, day, open_time, close_time, is_closed)
  select b.id, d,
    case when d = 0 and hashtext(b.slug) % 3 = 0 then null else (array['08:00','09:00','11:00','17:00'])[1 + abs(hashtext(b.slug)) % 4] end,
    case when d = 0 and hashtext(b.slug) % 3 = 0 then null else (array['17:00','21:00','23:00','02:00'])[1 + abs(hashtext(b.slug)) % 4] end,
    d = 0 and hashtext(b.slug) % 3 = 0
  from businesses b, generate_series(0, 6) d`);
  await db.execute(sql`update businesses set open_minutes = near_compute_open_minutes(id)`);
  await db.execute(sql`
  insert into search_words (word)
  select distinct w from businesses b, regexp_split_to_table(
    lower(b.name || ' ' || coalesce(b.cuisine, '') || ' ' || coalesce(b.subcategory, '') || ' ' ||
          near_array_text(b.categories) || ' ' || near_array_text(b.features)), '[^a-z0-9]+') as w
  where length(w) >= 3 and b.status = 'published'
  on conflict do nothing`);
  await db.execute(
    sql`insert into business_timezones (timezone) select distinct timezone from businesses on conflict do nothing`,
  );
  await db.execute(sql`alter table businesses enable trigger user`);
  await db.execute(sql`alter table business_hours enable trigger user`);
  // The visibility map for index-only scans; PGlite (in memory) has no use for a vacuum.
  await db.execute(sql`vacuum analyze`).catch(() => db.execute(sql`analyze`));
  return (Date.now() - started) / 1000;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface LatencyRow {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  /** What the query found (matches, suggestions). */
  count: number;
}

/**
 * Runs each query of `mix` once to warm up, then `iterations` times, and returns the
 * p50/p95/p99 of each and of all together. Each query returns what it found.
 */
export async function measure(
  mix: Record<string, () => Promise<number>>,
  iterations: number,
): Promise<{ rows: LatencyRow[]; overall: Omit<LatencyRow, "name" | "count">; runs: number }> {
  const rows: LatencyRow[] = [];
  const all: number[] = [];
  for (const [name, run] of Object.entries(mix)) {
    await run(); // warm up
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      count = await run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    rows.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), count });
  }
  all.sort((a, b) => a - b);
  return {
    rows,
    overall: { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99) },
    runs: all.length,
  };
}

/** The Markdown table docs/benchmarks.md keeps. */
export function latencyTable(
  { rows, overall, runs }: Awaited<ReturnType<typeof measure>>,
  { countHeader, runsLabel }: { countHeader: string; runsLabel: string },
) {
  const fmt = (n: number) => n.toFixed(1);
  return [
    `| query | ${countHeader} | p50 ms | p95 ms | p99 ms |`,
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${r.count.toLocaleString()} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} |`),
    `| **all (${runs} ${runsLabel})** | | **${fmt(overall.p50)}** | **${fmt(overall.p95)}** | **${fmt(overall.p99)}** |`,
  ].join("\n");
}

/** "2 cores (AMD EPYC), 24 GiB; PostgreSQL 15.20 (…); Node v20.20.2" with the load average at the time. */
export async function machineLine(db: Database) {
  const [version] = await queryRows<{ version: string }>(db, sql`select version()`);
  const pgVersion = version?.version.split(",")[0] ?? "PostgreSQL";
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${load}; ${pgVersion}; Node ${process.version}`;
}

/** BENCH_SIZES (comma-separated) or BENCH_SIZE, default 100,000. */
export function benchSizes(): number[] {
  const sizes = (process.env.BENCH_SIZES ?? process.env.BENCH_SIZE ?? "100000")
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return sizes.length ? sizes : [100_000];
}

interface SizeResult {
  size: number;
  result: Awaited<ReturnType<typeof measure>>;
  generateSeconds: number | null;
  machine: string;
}

/**
 * Runs a benchmark's mix at each size of BENCH_SIZES on the shared generated directory
 * (`near_bench_<size>`, seedDirectory's data, so the search, suggestion and distance benchmarks
 * measure the same listings), prints each table and, for two sizes or more, the growth from the
 * smallest to the largest (issue 19's rule: at most 2× for ten times the listings). BENCH_ONLY
 * keeps the queries whose name contains it; BENCH_WRITE=1 appends everything to docs/benchmarks.md.
 */
export async function benchAcrossSizes({
  title,
  describe,
  countHeader,
  runsLabel,
  mix,
  driver = "postgres",
}: {
  title: string;
  /** The sentence after "Machine: …" in docs/benchmarks.md: what runs and how. */
  describe: (iterations: number) => string;
  countHeader: string;
  runsLabel: string;
  mix: (db: Database) => Record<string, () => Promise<number>>;
  driver?: "postgres" | "pglite";
}) {
  const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
  const only = process.env.BENCH_ONLY;
  const results: SizeResult[] = [];
  for (const size of benchSizes()) {
    let handle: DatabaseHandle;
    let fresh = true;
    let drop = async () => handle.close();
    if (driver === "pglite") handle = await openDatabase({});
    else ({ handle, fresh, drop } = await openBenchDatabase(`near_bench_${size}`));
    let generateSeconds: number | null = null;
    if (fresh) {
      console.log(`Generating ${size.toLocaleString()} businesses (${driver})…`);
      generateSeconds = await seedDirectory(handle.db, size);
      console.log(`Generated in ${generateSeconds.toFixed(1)} s`);
    } else console.log(`Reusing near_bench_${size}`);
    const queries = Object.entries(mix(handle.db)).filter(([name]) => !only || name.includes(only));
    const result = await measure(Object.fromEntries(queries), iterations);
    const machine = await machineLine(handle.db);
    console.log(`\n${size.toLocaleString()} businesses\n${latencyTable(result, { countHeader, runsLabel })}\n`);
    results.push({ size, result, generateSeconds, machine });
    await drop();
  }
  const ratio = results.length > 1 ? ratioTable(results[0]!, results[results.length - 1]!) : null;
  if (ratio) console.log(`${ratio}\n`);
  if (process.env.BENCH_WRITE !== "1") return;
  const day = new Date().toISOString().slice(0, 10);
  let section = "";
  for (const r of results)
    section +=
      `\n## ${title}, ${r.size.toLocaleString()} businesses${driver === "pglite" ? " (PGlite, in memory)" : ""} — ${day}\n\n` +
      `Machine: ${r.machine}. ${describe(iterations)} ` +
      `${r.generateSeconds === null ? "Data generated by an earlier run (BENCH_REUSE=1)." : `Data generated in ${r.generateSeconds.toFixed(0)} s.`}\n\n` +
      `${latencyTable(r.result, { countHeader, runsLabel })}\n`;
  if (ratio)
    section += `\n### ${title}: growth from ${results[0]!.size.toLocaleString()} to ${results.at(-1)!.size.toLocaleString()}\n\n${ratio}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
  console.log("Appended to docs/benchmarks.md");
}

/** p95 at the largest size over p95 at the smallest, query by query. */
function ratioTable(small: SizeResult, large: SizeResult) {
  const bySmall = new Map<string, LatencyRow>(small.result.rows.map((r) => [r.name, r]));
  const rows = large.result.rows.map((r) => {
    const s = bySmall.get(r.name);
    return `| ${r.name} | ${s ? s.p95.toFixed(1) : "–"} | ${r.p95.toFixed(1)} | ${s ? `${(r.p95 / s.p95).toFixed(2)}×` : "–"} |`;
  });
  return [
    `| query | p95 ms at ${small.size.toLocaleString()} | p95 ms at ${large.size.toLocaleString()} | ratio |`,
    "| --- | ---: | ---: | ---: |",
    ...rows,
    `| **all** | **${small.result.overall.p95.toFixed(1)}** | **${large.result.overall.p95.toFixed(1)}** | **${(large.result.overall.p95 / small.result.overall.p95).toFixed(2)}×** |`,
  ].join("\n");
}

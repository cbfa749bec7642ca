/**
 * Search benchmark: 100,000 published businesses on PostgreSQL, a mix of
 * queries and filters through the real query code (searchBusinesses), and
 * p50/p95/p99 latencies. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *
 * It creates (and at the end drops) its own database `near_bench`; set
 * BENCH_KEEP=1 to keep it, BENCH_SIZE to change the size. Appends the figures
 * to docs/benchmarks.md when BENCH_WRITE=1.
 */
import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows } from "../app/.server/db/client";
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const dbName = "near_bench";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = handle;

console.log(`Generating ${size.toLocaleString()} businesses…`);
let started = Date.now();
// Bulk load with the row triggers off, then derive what they maintain in one pass each.
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
      array['Outdoor Seating','Wi-Fi','Delivery','Wheelchair Accessible','Free Estimates','Parking','Family Friendly','24/7 Emergency'] as feats
  )
  insert into businesses (slug, name, category, cuisine, subcategory, description, address, city, state, zip, timezone,
                          price_range, features, categories, rating, review_count, plan, status, created_at)
  select
    'bench-' || g,
    adj[1 + g % 16] || ' ' || noun[1 + (g / 16) % 16] || ' ' || g,
    cats[1 + g % 4],
    case when g % 4 = 0 then cuisines[1 + (g / 4) % 6] end,
    case when g % 4 <> 0 then kinds[1 + (g / 4) % 12] end,
    'A ' || lower(adj[1 + (g / 7) % 16]) || ' local favorite known for ' || lower(labels[1 + g % 10]) || ' and friendly service in the ' || lower(noun[1 + (g / 3) % 16]) || ' district.',
    g || ' Main St', 'Springfield', 'IL', '62701',
    (array['America/Chicago','America/New_York','America/Los_Angeles'])[1 + g % 3],
    (array['$','$$','$$$','$$$$'])[1 + g % 4],
    array[feats[1 + g % 8], feats[1 + (g / 8) % 8]],
    array[labels[1 + g % 10]],
    round((1 + random() * 4)::numeric, 2), (random() * 200)::int,
    (array['basic','basic','basic','featured','premium'])[1 + g % 5],
    'published',
    now() - (g % 1000) * interval '1 hour'
  from words, generate_series(1, ${size}) g`);
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
  where length(w) >= 3
  on conflict do nothing`);
await db.execute(
  sql`insert into business_timezones (timezone) select distinct timezone from businesses on conflict do nothing`,
);
await db.execute(sql`alter table businesses enable trigger user`);
await db.execute(sql`alter table business_hours enable trigger user`);
await db.execute(sql`vacuum analyze`);
const generateSeconds = (Date.now() - started) / 1000;
console.log(`Generated in ${generateSeconds.toFixed(1)} s`);

const mix: Record<string, Record<string, string>> = {
  "text: pizza": { q: "pizza" },
  "text typo: cofee": { q: "cofee" },
  "text 2 words: golden dragon": { q: "golden dragon" },
  "text + category + sort rating": { q: "tacos", category: "restaurants", sort: "rating" },
  "category only": { category: "shopping" },
  "category + kind + price": { category: "services", kind: "plumbing", price: "$,$$" },
  "min rating 4.5, most reviewed": { rating: "4.5", sort: "reviews" },
  "category + open now": { category: "restaurants", open: "1" },
  "text + open now": { q: "coffee", open: "1" },
  "no filters, page 5": { page: "5" },
  newest: { sort: "newest" },
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
  const pgVersion = version?.version.split(",")[0] ?? "PostgreSQL";
  const section =
    `\n## Search, ${size.toLocaleString()} businesses — ${new Date().toISOString().slice(0, 10)}\n\n` +
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${pgVersion}; Node ${process.version}. ` +
    `${iterations} runs per query after one warm-up, through \`searchBusinesses\` (the page and API code path: results page + total count + cover images + hours). ` +
    `Data generated in ${generateSeconds.toFixed(0)} s.\n\n${table}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
  console.log("Appended to docs/benchmarks.md");
}

await handle.close();
if (process.env.BENCH_KEEP !== "1") {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
}

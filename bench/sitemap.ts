/**
 * Sitemap benchmark: 100,000 published businesses (and 5,000 unpublished) on
 * PostgreSQL; times the sitemap index and every child page through the real
 * code (app/features/seo/sitemap.server.ts) and prints the plan of the paged
 * query. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sitemap.ts
 *
 * Creates and drops its own database `near_bench_sitemap`.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../app/.server/db/client";
import {
  businessPageRange,
  renderSitemapIndex,
  renderUrlSet,
  sitemapChildEntries,
  sitemapChildren,
} from "../app/features/seo/sitemap.server";

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const dbName = "near_bench_sitemap";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
const { db } = handle;

console.log(`Generating ${size.toLocaleString()} published businesses…`);
await db.execute(sql`alter table businesses disable trigger user`);
await db.execute(sql`
  insert into businesses (slug, name, category, primary_category, address, city, state, zip, timezone, status, created_at, updated_at)
  select 'bench-' || g, 'Business ' || g, (array['restaurants','shopping','services','entertainment'])[1 + g % 4],
         (array['restaurants','shopping','services','entertainment'])[1 + g % 4],
         g || ' Main St', 'Springfield', 'IL', '62701', 'America/Chicago',
         case when g % 21 = 0 then 'pending' else 'published' end,
         now() - (g % 5000) * interval '1 hour', now() - (g % 300) * interval '1 day'
  from generate_series(1, ${Math.round(size * 1.05)}) g`);
await db.execute(sql`alter table businesses enable trigger user`);
await db.execute(sql`vacuum analyze businesses`);

async function time<T>(fn: () => Promise<T>) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

await sitemapChildren(db); // warm up
const index = await time(async () => renderSitemapIndex("https://near.example", await sitemapChildren(db)));
console.log(`index: ${index.ms.toFixed(1)} ms, ${index.value.length.toLocaleString()} bytes`);
const children = await sitemapChildren(db);
let urls = 0;
const times: number[] = [];
for (const child of children) {
  const page = await time(async () =>
    renderUrlSet("https://near.example", (await sitemapChildEntries(db, child.name, child.page))!),
  );
  urls += (page.value.match(/<url>/g) ?? []).length;
  times.push(page.ms);
  console.log(`${child.name}-${child.page}: ${page.ms.toFixed(1)} ms, ${(page.value.length / 1024).toFixed(0)} KB`);
}
console.log(`${children.length} children, ${urls.toLocaleString()} URLs, slowest ${Math.max(...times).toFixed(1)} ms`);
const pages = children.length - 1;
const { from, to } = businessPageRange(Math.ceil(pages / 2), pages);
const plan = await db.execute(sql`explain analyze
  select id, updated_at from businesses
  where status = 'published' and id >= ${from}::uuid and id < ${to}::uuid order by id limit 50000`);
console.log((plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n"));

await handle.close();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();

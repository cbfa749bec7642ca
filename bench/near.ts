/**
 * "Near me" benchmark (issue 14, docs/maps.md): the generated directory of bench/support.ts —
 * cities of 10,000 published businesses each, spread over the United States (a directory grows by
 * adding cities, so a city's density stays the same at 1,000,000) — through the real query code
 * (searchBusinesses): radius filters, nearest first, a typed ZIP code. p50/p95/p99 latencies.
 * Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/near.ts
 *   BENCH_SIZES=100000,1000000 npx tsx bench/near.ts    # both sizes, and the growth
 *   BENCH_DRIVER=pglite npx tsx bench/near.ts           # the embedded database, in memory
 *
 * On PostgreSQL it shares `near_bench_<size>` with bench/search.ts (BENCH_KEEP=1 keeps it,
 * BENCH_REUSE=1 reuses a kept one). Appends the figures to docs/benchmarks.md when BENCH_WRITE=1.
 */
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";
import { benchAcrossSizes } from "./support";

// Springfield, IL: city 0 of the generated directory.
const here = { lat: "39.8", lng: "-89.644" };
const mix: Record<string, Record<string, string>> = {
  "within 1 mi, nearest first": { ...here, radius: "1", sort: "distance" },
  "within 5 mi, best rated": { ...here, radius: "5" },
  "within 10 mi, nearest first": { ...here, radius: "10", sort: "distance" },
  "within 25 mi, nearest first": { ...here, radius: "25", sort: "distance" },
  "nearest first, no radius (KNN)": { ...here, sort: "distance" },
  "nearest first, page 5": { ...here, sort: "distance", page: "5" },
  "category + within 5 mi, nearest": { ...here, category: "restaurants", radius: "5", sort: "distance" },
  "tree category dentists + within 10 mi": { ...here, category: "dentists", radius: "10", sort: "distance" },
  "text pizza + within 10 mi, nearest": { ...here, q: "pizza", radius: "10", sort: "distance" },
  "near=ZIP 62701 + within 5 mi": { near: "62701", radius: "5", sort: "distance" },
};

await benchAcrossSizes({
  title: "Near me",
  driver: process.env.BENCH_DRIVER === "pglite" ? "pglite" : "postgres",
  describe: (iterations) => `${iterations} runs per query after one warm-up, through \`searchBusinesses\`.`,
  countHeader: "matches",
  runsLabel: "searches",
  mix: (db) =>
    Object.fromEntries(
      Object.entries(mix).map(([name, params]) => {
        const parsed = searchParamsSchema.parse(params);
        return [name, async () => (await searchBusinesses(db, parsed)).total];
      }),
    ),
});

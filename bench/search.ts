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
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";
import { latencyTable, machineLine, measure, openBenchDatabase, seedDirectory } from "./support";

const size = Number(process.env.BENCH_SIZE ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);

const { handle, drop } = await openBenchDatabase("near_bench");
const { db } = handle;

console.log(`Generating ${size.toLocaleString()} businesses…`);
const generateSeconds = await seedDirectory(db, size);
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

const result = await measure(
  Object.fromEntries(
    Object.entries(mix).map(([name, params]) => {
      const parsed = searchParamsSchema.parse(params);
      return [name, async () => (await searchBusinesses(db, parsed)).total];
    }),
  ),
  iterations,
);
const table = latencyTable(result, { countHeader: "matches", runsLabel: "searches" });
console.log(`\n${table}\n`);

if (process.env.BENCH_WRITE === "1") {
  const section =
    `\n## Search, ${size.toLocaleString()} businesses — ${new Date().toISOString().slice(0, 10)}\n\n` +
    `Machine: ${await machineLine(db)}. ` +
    `${iterations} runs per query after one warm-up, through \`searchBusinesses\` (the page and API code path: results page + total count + cover images + hours). ` +
    `Data generated in ${generateSeconds.toFixed(0)} s.\n\n${table}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
  console.log("Appended to docs/benchmarks.md");
}

await drop();

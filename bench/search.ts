/**
 * Search benchmark (issue 19, docs/search.md): a generated directory on PostgreSQL — cities of
 * 10,000 published businesses each, the first being the site's city — and a mix of searches
 * through the real query code (searchBusinesses: the page of 20, the bounded count, cover
 * images, hours). p50/p95/p99 latencies per query. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_SIZES=100000,1000000 npm run bench      # both sizes in one run, and the ratio
 *
 * Each size gets its own database `near_bench_<size>`, dropped at the end unless BENCH_KEEP=1;
 * BENCH_REUSE=1 measures a kept one again without generating it. BENCH_SIZE (one size) still
 * works. Appends the tables (and the ratio) to docs/benchmarks.md when BENCH_WRITE=1.
 */
import fs from "node:fs";
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";
import { latencyTable, machineLine, measure, openBenchDatabase, seedDirectory, type LatencyRow } from "./support";

const sizes = (process.env.BENCH_SIZES ?? process.env.BENCH_SIZE ?? "100000")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const only = process.env.BENCH_ONLY; // a substring of a query's name, to measure one while working on it

// "Anywhere" searches set anywhere=1; the others are located in the site's city (the default).
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
  "anywhere: text pizza": { q: "pizza", anywhere: "1" },
  "anywhere: text typo cofee": { q: "cofee", anywhere: "1" },
  "anywhere: category + open now": { category: "restaurants", open: "1", anywhere: "1" },
  "anywhere: text + category + sort rating": { q: "tacos", category: "restaurants", sort: "rating", anywhere: "1" },
  "anywhere: category only": { category: "shopping", anywhere: "1" },
  "anywhere: no filters, page 5": { page: "5", anywhere: "1" },
  "anywhere: no filters, page 40": { page: "40", anywhere: "1" },
};

interface SizeResult {
  size: number;
  result: Awaited<ReturnType<typeof measure>>;
  generateSeconds: number | null;
  machine: string;
}

const results: SizeResult[] = [];
for (const size of sizes) {
  const { handle, fresh, drop } = await openBenchDatabase(`near_bench_${size}`);
  const { db } = handle;
  let generateSeconds: number | null = null;
  if (fresh) {
    console.log(`Generating ${size.toLocaleString()} businesses…`);
    generateSeconds = await seedDirectory(db, size);
    console.log(`Generated in ${generateSeconds.toFixed(1)} s`);
  } else console.log(`Reusing near_bench_${size}`);
  const result = await measure(
    Object.fromEntries(
      Object.entries(mix)
        .filter(([name]) => !only || name.includes(only))
        .map(([name, params]) => {
          // The site's city, as the pages and the API pass it (SITE_CITY, SITE_STATE): Springfield, IL is city 0.
          const parsed = { ...searchParamsSchema.parse(params), site: { city: "Springfield", state: "IL" } };
          return [name, async () => (await searchBusinesses(db, parsed)).total];
        }),
    ),
    iterations,
  );
  console.log(
    `\n${size.toLocaleString()} businesses\n${latencyTable(result, { countHeader: "matches", runsLabel: "searches" })}\n`,
  );
  results.push({ size, result, generateSeconds, machine: await machineLine(db) });
  await drop();
}

/** p95 at the largest size over p95 at the smallest, query by query (the growth rule: at most 2×). */
function ratioTable(small: SizeResult, large: SizeResult) {
  const byName = new Map<string, LatencyRow>(small.result.rows.map((r) => [r.name, r]));
  const head = `| query | p95 ms at ${small.size.toLocaleString()} | p95 ms at ${large.size.toLocaleString()} | ratio |`;
  const rows = large.result.rows.map((r) => {
    const s = byName.get(r.name);
    return `| ${r.name} | ${s ? s.p95.toFixed(1) : "–"} | ${r.p95.toFixed(1)} | ${s ? `${(r.p95 / s.p95).toFixed(2)}×` : "–"} |`;
  });
  const all = `| **all** | **${small.result.overall.p95.toFixed(1)}** | **${large.result.overall.p95.toFixed(1)}** | **${(large.result.overall.p95 / small.result.overall.p95).toFixed(2)}×** |`;
  return [head, "| --- | ---: | ---: | ---: |", ...rows, all].join("\n");
}

const ratio = results.length > 1 ? ratioTable(results[0]!, results[results.length - 1]!) : null;
if (ratio) console.log(`${ratio}\n`);

if (process.env.BENCH_WRITE === "1") {
  const day = new Date().toISOString().slice(0, 10);
  let section = "";
  for (const r of results) {
    section +=
      `\n## Search, ${r.size.toLocaleString()} businesses — ${day}\n\n` +
      `Machine: ${r.machine}. ${iterations} runs per query after one warm-up, through \`searchBusinesses\` ` +
      `(the page and API code path: results page + bounded count + cover images + hours). ` +
      `${r.generateSeconds === null ? "Data generated by an earlier run." : `Data generated in ${r.generateSeconds.toFixed(0)} s.`}\n\n` +
      `${latencyTable(r.result, { countHeader: "matches", runsLabel: "searches" })}\n`;
  }
  if (ratio)
    section += `\n### Growth: ${results.at(-1)!.size.toLocaleString()} over ${results[0]!.size.toLocaleString()}\n\n${ratio}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
  console.log("Appended to docs/benchmarks.md");
}

/**
 * Search autocomplete benchmark (docs/search.md): the directory of bench/search.ts — BENCH_SIZE
 * published businesses (default 100,000) and 5% more that are not public — and a mix of what
 * people type into a search box, through the real code (`suggest`, what GET /api/v1/suggest
 * runs). p50/p95/p99 latencies; the target is p95 under 30 ms. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/suggest.ts
 *
 * It creates (and at the end drops) its own database `near_bench_suggest`; BENCH_KEEP=1 keeps it.
 * Appends the figures to docs/benchmarks.md when BENCH_WRITE=1.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { queryRows } from "../app/.server/db/client";
import { namesBeginningWith, suggest } from "../app/features/directory/suggest.server";
import { latencyTable, machineLine, measure, openBenchDatabase, seedDirectory } from "./support";

const size = Number(process.env.BENCH_SIZE ?? 100_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);

const { handle, drop } = await openBenchDatabase("near_bench_suggest");
const { db } = handle;

console.log(`Generating ${size.toLocaleString()} businesses…`);
const generateSeconds = await seedDirectory(db, size, { pending: Math.round(size / 20) });
console.log(`Generated in ${generateSeconds.toFixed(1)} s`);

// Names are "{adjective} {noun} {n}" from 16 × 16 words: "gol" begins 1 in 16 names, "golden dra" 1 in 256.
const mix: Record<string, string> = {
  "1 letter: g (catalogue only)": "g",
  "2 letters: go": "go",
  "prefix: gol": "gol",
  "word: golden": "golden",
  "2 words: golden dra": "golden dra",
  "a name's second word: dragon": "dragon",
  "a few names: golden dragon 25": "golden dragon 25",
  "cuisine: pizza": "pizza",
  "typo: goldn": "goldn",
  "typo: goldn dragon": "goldn dragon",
  "typo: cofee": "cofee",
  "nothing: zzqx": "zzqx",
  // The longest text matched against names (a name's limit); longer text suggests no business.
  "120 characters of common words": `${"golden ".repeat(17)}dragon`.slice(0, 120),
};

const result = await measure(
  Object.fromEntries(
    Object.entries(mix).map(([name, q]) => [name, async () => (await suggest(db, q)).suggestions.length]),
  ),
  iterations,
);
const table = latencyTable(result, { countHeader: "suggestions", runsLabel: "suggestions lists" });
console.log(`\n${table}\n`);

// The plans of the names query, for the record (docs/search.md explains them).
for (const q of ["gol", "golden dragon 25", "goldn dragon"]) {
  const { sql: text, params } = namesBeginningWith(db, q, 8).toSQL();
  const literal = text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
  const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql.raw(`explain ${literal}`));
  console.log(`${q}:\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}\n`);
}

if (process.env.BENCH_WRITE === "1") {
  const section =
    `\n## Search autocomplete, ${size.toLocaleString()} businesses — ${new Date().toISOString().slice(0, 10)}\n\n` +
    `Machine: ${await machineLine(db)}. ` +
    `${iterations} runs per text after one warm-up, through \`suggest\` (what \`GET /api/v1/suggest\` runs: the catalogue in memory, then one or two indexed queries). ` +
    `${Math.round(size / 20).toLocaleString()} more listings not public. Data generated in ${generateSeconds.toFixed(0)} s.\n\n${table}\n`;
  fs.appendFileSync("docs/benchmarks.md", section);
  console.log("Appended to docs/benchmarks.md");
}

await drop();

/**
 * Search autocomplete benchmark (docs/search.md): the generated directory of bench/support.ts (shared
 * with bench/search.ts: BENCH_SIZE or BENCH_SIZES published businesses, default 100,000, in cities of 10,000) — and a mix of what
 * people type into a search box, through the real code (`suggest`, what GET /api/v1/suggest
 * runs). p50/p95/p99 latencies; the target is p95 under 30 ms. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/suggest.ts
 *
 * It uses `near_bench_<size>` (BENCH_KEEP=1 keeps it, BENCH_REUSE=1 reuses a kept one); with two sizes
 * (BENCH_SIZES=100000,1000000) it also reports the growth.
 * Appends the figures to docs/benchmarks.md when BENCH_WRITE=1.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../app/.server/db/client";
import { namesBeginningWith, suggest } from "../app/features/directory/suggest.server";
import { benchAcrossSizes } from "./support";

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

// The site's city, as the engine passes it (SITE_CITY, SITE_STATE): city 0 of the generated directory.
const site = { city: "Springfield", state: "IL" };

/** The plans of the names query, for the record (docs/search.md explains them). */
async function printPlans(db: Database) {
  for (const q of ["gol", "golden dragon 25", "goldn dragon"]) {
    const { sql: text, params } = namesBeginningWith(db, q, 8, { site }).toSQL();
    const literal = text.replace(
      /\$(\d+)/g,
      (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`,
    );
    const plan = await queryRows<{ "QUERY PLAN": string }>(db, sql.raw(`explain ${literal}`));
    console.log(`${q}:\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}\n`);
  }
}

await benchAcrossSizes({
  title: "Search autocomplete",
  describe: (iterations) =>
    `${iterations} runs per text after one warm-up, through \`suggest\` (what \`GET /api/v1/suggest\` runs: the catalogue in memory, then one or two indexed queries).`,
  countHeader: "suggestions",
  runsLabel: "suggestions lists",
  mix: (db) => {
    if (process.env.BENCH_PLANS === "1") void printPlans(db);
    return Object.fromEntries(
      Object.entries(mix).map(([name, q]) => [name, async () => (await suggest(db, q, { site })).suggestions.length]),
    );
  },
});

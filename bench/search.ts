/**
 * Search benchmark (issue 19, docs/search.md): the generated directory of bench/support.ts —
 * cities of 10,000 published businesses each, the first the site's city — and a mix of searches
 * through the real query code (searchBusinesses: the page of 20, the bounded count, cover
 * images, hours). p50/p95/p99 latencies per query. Run on demand:
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 *   BENCH_SIZES=100000,1000000 npm run bench      # both sizes in one run, and the growth
 *
 * Each size has its own database `near_bench_<size>`, dropped at the end unless BENCH_KEEP=1;
 * BENCH_REUSE=1 measures a kept one again without generating it. BENCH_WRITE=1 appends the
 * tables (and the growth) to docs/benchmarks.md.
 */
import { searchBusinesses } from "../app/features/directory/queries.server";
import { searchParamsSchema } from "../app/features/directory/search-params";
import { benchAcrossSizes } from "./support";

// Located in the site's city (the default, as the pages and the API search), or anywhere=1.
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
  // The category pages of the tree (issue 34): a leaf, a group's whole subtree, a synonym typed as text.
  "category page: dentists (leaf)": { category: "dentists" },
  "category page: health (group subtree)": { category: "health" },
  "category page: restaurants > pizza": { category: "pizza" },
  "text synonym: vet": { q: "vet" },
  "anywhere: text pizza": { q: "pizza", anywhere: "1" },
  "anywhere: text typo cofee": { q: "cofee", anywhere: "1" },
  "anywhere: category + open now": { category: "restaurants", open: "1", anywhere: "1" },
  "anywhere: text + category + sort rating": { q: "tacos", category: "restaurants", sort: "rating", anywhere: "1" },
  "anywhere: category only": { category: "shopping", anywhere: "1" },
  "anywhere: no filters, page 5": { page: "5", anywhere: "1" },
  "anywhere: no filters, page 40": { page: "40", anywhere: "1" },
  "anywhere: category page dentists": { category: "dentists", anywhere: "1" },
};

await benchAcrossSizes({
  title: "Search",
  describe: (iterations) =>
    `${iterations} runs per query after one warm-up, through \`searchBusinesses\` (the page and API code path: results page + bounded count + cover images + hours), located in the site's city (Springfield, IL: city 0 of cities of 10,000) unless "anywhere".`,
  countHeader: "matches",
  runsLabel: "searches",
  mix: (db) =>
    Object.fromEntries(
      Object.entries(mix).map(([name, params]) => {
        // The site's city, as the pages and the API pass it (SITE_CITY, SITE_STATE).
        const parsed = { ...searchParamsSchema.parse(params), site: { city: "Springfield", state: "IL" } };
        return [name, async () => (await searchBusinesses(db, parsed)).total];
      }),
    ),
});

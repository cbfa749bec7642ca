// The performance budget CI checks (`npm run budget`, a stage of `npm test` after the build): the gzipped
// JavaScript a first visit to each page loads — the client entry, then root, layout and the page's route modules
// with every chunk they import, each file counted once — read from the build's client manifest. Unlike
// Lighthouse scores, which move with the machine's load, these bytes are the same on every run of the same code,
// so the check never flakes. Budgets live in perf-budget.json; see docs/performance.md.
//
//   npm run budget              check NEAR_BUILD_DIR (default build/) against perf-budget.json
//   npm run budget -- --table   also print every route's figure
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const buildDir = process.env.NEAR_BUILD_DIR ?? "build";
const assetsDir = path.join(buildDir, "client/assets");
const budget = JSON.parse(fs.readFileSync("perf-budget.json", "utf8"));

const manifestFile = fs.existsSync(assetsDir) && fs.readdirSync(assetsDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error(`No client manifest in ${assetsDir}: run npm run build first.`);
  process.exit(1);
}
const manifest = JSON.parse(
  fs
    .readFileSync(path.join(assetsDir, manifestFile), "utf8")
    .replace(/^window\.__reactRouterManifest\s*=\s*/, "")
    .replace(/;\s*$/, ""),
);

const gzipCache = new Map();
function gzipped(url) {
  if (!gzipCache.has(url)) {
    const file = path.join(buildDir, "client", url);
    gzipCache.set(url, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  }
  return gzipCache.get(url);
}

/** Every script a first visit to `routeId` loads (modulepreload + the modules themselves). */
function firstLoadFiles(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

const kb = (bytes) => bytes / 1024;
const rows = Object.keys(manifest.routes)
  .filter((id) => id.startsWith("routes/") && id !== "routes/layout")
  .map((id) => {
    const files = firstLoadFiles(id);
    const total = files.reduce((sum, f) => sum + gzipped(f), 0);
    const limit = budget.routes[id] ?? budget.default;
    return { id, kb: kb(total), limit, forbidden: forbiddenChunks(id, files) };
  });

/** Chunks a page must not load at first (e.g. the zod chunk on pages without forms). */
function forbiddenChunks(id, files) {
  const rules = budget.forbidden ?? {};
  return Object.entries(rules).flatMap(([pattern, routes]) =>
    routes.includes(id)
      ? files.filter((f) => new RegExp(pattern).test(fs.readFileSync(path.join(buildDir, "client", f), "utf8")))
      : [],
  );
}

if (process.argv.includes("--table")) {
  for (const r of rows.sort((a, b) => b.kb - a.kb)) {
    console.log(`${r.id.padEnd(36)} ${r.kb.toFixed(1).padStart(6)} KB gzipped (budget ${r.limit} KB)`);
  }
}
const over = rows.filter((r) => r.kb > r.limit);
const banned = rows.filter((r) => r.forbidden.length);
for (const r of over) {
  console.error(
    `✗ ${r.id}: ${r.kb.toFixed(1)} KB of JavaScript (gzipped) at first load, over its budget of ${r.limit} KB`,
  );
}
for (const r of banned)
  console.error(`✗ ${r.id} loads ${r.forbidden.join(", ")} at first load (perf-budget.json "forbidden")`);
if (over.length || banned.length) {
  console.error("\nSee docs/performance.md: make the page lighter (or, for a deliberate change, raise its budget).");
  process.exit(1);
}
console.log(
  `✓ First-load JavaScript within budget on ${rows.length} routes (largest ${Math.max(...rows.map((r) => r.kb)).toFixed(1)} KB gzipped).`,
);

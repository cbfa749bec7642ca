// `npm run lighthouse`: Lighthouse 12 (mobile and desktop presets, simulated throttling) with Debian's Chromium
// against a production build on a fresh data directory with the demo city. Pages: /, /search?q=coffee, a business
// page, each category page, /auth and /pricing. Prints a table and writes it to docs/benchmarks.md (between the
// lighthouse markers).
//
//   npm run lighthouse                   build, then measure
//   npm run lighthouse -- --no-build     measure the existing build (NEAR_BUILD_DIR, default build/)
//   npm run lighthouse -- --check        also exit 1 when a page misses the issue's targets
//   npm run lighthouse -- --gate         CI's check (mobile, writes nothing): exit 1 when a page's CLS or LCP misses
//                                        its target, or accessibility, best practices or SEO is below 100 (the
//                                        sign-in page's noindex aside); the performance score is printed, not gated
//   LH_PORT=3230 LH_RUNS=3 …             port of the server (default 3230); runs per page, median kept (default 1)
//   LH_PAGES=/,/auth …                   only these pages (comma-separated paths; "business" = the business page)
//   LH_FORM_FACTORS=mobile …             only these form factors (default mobile,desktop)
//   LH_JSON_DIR=/tmp/lh …                also keep each run's full report there (long tasks, script boot-up…)
//
// The performance score moves a few points between runs and follows the host's speed (Lantern scales the CPU time it
// observes), so CI does not gate on it: scripts/budget.mjs holds the deterministic part (the JavaScript each page
// loads), and `--gate` the figures that don't depend on the host (see docs/performance.md).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const args = new Set(process.argv.slice(2));
const gate = args.has("--gate");
const buildDir = process.env.NEAR_BUILD_DIR ?? "build";
const port = Number(process.env.LH_PORT ?? 3230);
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/** The issue's targets (mobile): performance ≥ 95, CLS < 0.05, LCP < 2.0 s. */
const TARGETS = { performance: 95, cls: 0.05, lcpMs: 2000 };

if (!args.has("--no-build")) {
  console.log(`Building into ${buildDir}/ …`);
  const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"], env: process.env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!fs.existsSync(path.join(buildDir, "server/main.js"))) {
  console.error(`No build in ${buildDir}/: run npm run build (or drop --no-build).`);
  process.exit(1);
}

const dataDir = path.resolve(`.tmp/lighthouse-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [path.join(buildDir, "server/main.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
let chrome;
async function stop() {
  await chrome?.kill();
  server.kill("SIGTERM");
}
process.on("SIGINT", () => void stop().then(() => process.exit(130)));

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error("The server exited before answering.");
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("The server did not answer /healthz within 150 s.");
}

/** A number for the table, or "n/a" when Lighthouse could not measure it (its runtime error is printed). */
function fixed(value, digits) {
  return Number.isFinite(value) ? value.toFixed(digits) : "n/a";
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function audit(url, formFactor, runs) {
  const flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: undefined };
  const config =
    formFactor === "desktop" ? desktopConfig : { extends: "lighthouse:default", settings: { formFactor: "mobile" } };
  const results = [];
  for (let i = 0; i < runs; i++) {
    let { lhr } = await lighthouse(url, flags, config);
    // Now and then Chromium's trace of a load comes back unusable (NO_NAVSTART, NO_FCP): that says nothing about the
    // page, so it is measured again (twice at most) before the error stands.
    for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
      console.log(`  ${formFactor} ${url}: ${lhr.runtimeError.code ?? lhr.runtimeError.message}; measuring again`);
      ({ lhr } = await lighthouse(url, flags, config));
    }
    if (process.env.LH_JSON_DIR) {
      fs.mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
      const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      fs.writeFileSync(path.join(process.env.LH_JSON_DIR, `${formFactor}-${slug}-${i + 1}.json`), JSON.stringify(lhr));
    }
    // SEO audits that fail (the gate expects none but the sign-in page's deliberate noindex).
    const seoFailures = lhr.categories.seo.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    const items = lhr.audits["resource-summary"]?.details?.items ?? [];
    const script = items.find((r) => r.resourceType === "script");
    results.push({
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      bestPractices: Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
      seoFailures,
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      jsKb: (script?.transferSize ?? 0) / 1024,
      runtimeError: lhr.runtimeError?.message,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    });
  }
  // The run with the median performance score stands for the page.
  const score = median(results.map((r) => r.performance));
  return results.find((r) => r.performance === score);
}

try {
  await waitForServer();
  const list = await (await fetch(`${origin}/api/v1/businesses?category=restaurants&sort=rating`)).json();
  const business = list.items?.[0] ?? list.data?.[0];
  if (!business) throw new Error("No business to measure: is the demo city seeded?");
  const pages = [
    ["/", "/"],
    ["/search?q=coffee", "/search?q=coffee"],
    ["business", `/business/${business.id}`],
    ["/categories/restaurants", "/categories/restaurants"],
    ["/categories/shopping", "/categories/shopping"],
    ["/categories/services", "/categories/services"],
    ["/categories/entertainment", "/categories/entertainment"],
    ["/auth", "/auth"],
    ["/pricing", "/pricing"],
  ];
  const only = process.env.LH_PAGES?.split(",").map((p) => p.trim());
  const selected = only ? pages.filter(([name]) => only.includes(name)) : pages;

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const rows = [];
  for (const formFactor of process.env.LH_FORM_FACTORS?.split(",") ?? (gate ? ["mobile"] : ["mobile", "desktop"])) {
    for (const [name, pagePath] of selected) {
      // Warm the server (first render of a route, database caches) outside the measurement.
      await fetch(`${origin}${pagePath}`).then((r) => r.arrayBuffer());
      let r = await audit(`${origin}${pagePath}`, formFactor, runs);
      // Simulated LCP is built from the trace of one real load, so a burst of other work on the host (CI's previous
      // stage winding down) can push it past the line once. A gated miss is measured three times more and the run
      // with the median LCP stands: a page that is really slow still fails, a page that met a busy second does not.
      if (gate && !(r.lcpMs < TARGETS.lcpMs && r.cls < TARGETS.cls)) {
        console.log(
          `  ${formFactor} ${name}: LCP ${fixed(r.lcpMs / 1000, 2)} s (${r.lcpElement ?? "no element"}), CLS ${fixed(r.cls, 3)}; measuring three times more`,
        );
        const again = [r];
        for (let i = 0; i < 3; i++) again.push(await audit(`${origin}${pagePath}`, formFactor, 1));
        const lcp = median(again.map((a) => a.lcpMs));
        r = again.find((a) => a.lcpMs === lcp) ?? r;
        r.cls = median(again.map((a) => a.cls));
      }
      const label = name === "business" ? `/business/{id} (${business.name})` : name;
      rows.push({ page: label, formFactor, ...r });
      console.log(
        `${formFactor.padEnd(7)} ${label.padEnd(40)} perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo}` +
          ` LCP ${fixed(r.lcpMs / 1000, 2)} s CLS ${fixed(r.cls, 3)} TBT ${fixed(r.tbtMs, 0)} ms JS ${fixed(r.jsKb, 0)} KB` +
          (r.runtimeError ? ` (${r.runtimeError})` : ""),
      );
    }
  }

  const misses = rows
    .filter((r) => r.formFactor === "mobile")
    .flatMap((r) => [
      ...(r.performance < TARGETS.performance
        ? [`${r.page}: performance ${r.performance} < ${TARGETS.performance}`]
        : []),
      ...(!(r.cls < TARGETS.cls) ? [`${r.page}: CLS ${fixed(r.cls, 3)} ≥ ${TARGETS.cls}`] : []),
      ...(!(r.lcpMs < TARGETS.lcpMs) ? [`${r.page}: LCP ${fixed(r.lcpMs / 1000, 2)} s ≥ 2.0 s`] : []),
    ]);

  if (gate) {
    const failures = rows.flatMap((r) => [
      ...(r.runtimeError ? [`${r.page}: Lighthouse could not measure it (${r.runtimeError})`] : []),
      ...(!(r.cls < TARGETS.cls) ? [`${r.page}: CLS ${fixed(r.cls, 3)} ≥ ${TARGETS.cls}`] : []),
      ...(!(r.lcpMs < TARGETS.lcpMs)
        ? [
            `${r.page}: LCP ${fixed(r.lcpMs / 1000, 2)} s ≥ 2.0 s (median of four; element ${r.lcpElement ?? "unknown"})`,
          ]
        : []),
      ...(r.accessibility < 100 ? [`${r.page}: accessibility ${r.accessibility} < 100`] : []),
      ...(r.bestPractices < 100 ? [`${r.page}: best practices ${r.bestPractices} < 100`] : []),
      ...r.seoFailures
        .filter((id) => !(r.page === "/auth" && id === "is-crawlable"))
        .map((id) => `${r.page}: SEO audit ${id} fails`),
    ]);
    const slow = rows.filter((r) => r.performance < TARGETS.performance).map((r) => `${r.page} ${r.performance}`);
    console.log(
      `\nPerformance (not gated: it follows the host's speed, benchmarkIndex ${fixed(median(rows.map((r) => r.benchmarkIndex)), 0)}): ` +
        (slow.length
          ? `below ${TARGETS.performance} on ${slow.join(", ")}.`
          : `${TARGETS.performance} or more on every page.`),
    );
    await stop();
    if (failures.length) {
      console.error(`\nLighthouse gate failed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
      process.exit(1);
    }
    console.log("Lighthouse gate passed: CLS, LCP, accessibility, best practices and SEO on every page.");
    process.exit(0);
  }

  if (!only && !process.env.LH_FORM_FACTORS) {
    const cpu = os.cpus()[0]?.model?.trim() ?? "unknown CPU";
    const chromium = spawnSync(chromePath, ["--version"], { encoding: "utf8" }).stdout.trim();
    const table = [
      `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`npm run lighthouse\` — Lighthouse ${lighthouse.version ?? "12"}, ${chromium}, Node ${process.version}, ${os.cpus().length} × ${cpu}; load average ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine slows the runs and lowers the scores); Lighthouse's benchmarkIndex ${fixed(median(rows.map((r) => r.benchmarkIndex)), 0)} (median: the host's speed, which simulated TBT scales with; compare runs on one machine); ${runs} run(s) per page (median kept), simulated throttling (mobile: Moto G Power, slow 4G; desktop: no CPU slowdown, 10 Mbps).`,
      "",
      "| page | form factor | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms | JS KB (transferred) |",
      "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(
        (r) =>
          `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${fixed(r.lcpMs / 1000, 2)} | ${fixed(r.cls, 3)} | ${fixed(r.tbtMs, 0)} | ${fixed(r.jsKb, 0)} |${r.runtimeError ? ` (${r.runtimeError})` : ""}`,
      ),
      "",
      misses.length
        ? `Below the targets (mobile performance ≥ ${TARGETS.performance}, CLS < ${TARGETS.cls}, LCP < 2.0 s): ${misses.join("; ")}.`
        : `Every page meets the targets (mobile performance ≥ ${TARGETS.performance}, CLS < ${TARGETS.cls}, LCP < 2.0 s).`,
    ].join("\n");
    const file = "docs/benchmarks.md";
    const start = "<!-- lighthouse:start -->";
    const end = "<!-- lighthouse:end -->";
    let doc = fs.readFileSync(file, "utf8");
    if (!doc.includes(start)) {
      doc += `\n## Pages — \`npm run lighthouse\`\n\n${start}\n${end}\n`;
    }
    doc = doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), `${start}\n${table}\n${end}`);
    fs.writeFileSync(file, doc);
    console.log(`\nWritten to ${file}.`);
  }
  if (misses.length) console.log(`\nBelow target:\n  ${misses.join("\n  ")}`);
  await stop();
  if (args.has("--check") && misses.length) process.exit(1);
} catch (error) {
  console.error(error);
  await stop();
  process.exit(1);
}

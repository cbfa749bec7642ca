// `npm test`: everything CI runs, stopping at the first failing stage: the static checks side by side (format check,
// lint, typecheck, npm audit of production dependencies), then in order Vitest (unit + integration on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set), production build, performance budget, Lighthouse gate, Playwright.
// Ends with each stage's wall time and one summary line: "Tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

// Playwright empties test-results/ when it starts, so the reports live elsewhere.
fs.mkdirSync("reports", { recursive: true });
for (const f of fs.readdirSync("reports")) {
  if (/^(vitest|e2e)(-\d+)?\.json$/.test(f)) fs.rmSync(`reports/${f}`, { force: true });
}
// Playwright runs as E2E_SHARDS shards side by side (default 2, one per CI core), each
// with its own production server, port, data directory, output folder and report.
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
// The static checks don't depend on each other and mostly use one core each: they run side by side (their output is
// printed whole as each ends), and the first failing one stops `npm test` once all of them are done.
const checks = [
  ["format", ["npm", "run", "format:check"]],
  ["lint", ["npm", "run", "lint"]],
  ["typecheck", ["npm", "run", "typecheck"]],
  // No high or critical advisory in production dependencies (warns, and passes, when the audit service is unreachable).
  ["audit", ["node", "scripts/audit.mjs"]],
];
const stages = [
  ["checks", "parallel-checks"],
  [
    "vitest",
    ["npx", "vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  ],
  ["build", ["npm", "run", "build"]],
  // First-load JavaScript per page against perf-budget.json (deterministic; Lighthouse scores: npm run lighthouse).
  ["budget", ["npm", "run", "budget"]],
  // Lighthouse on each measured page (mobile): CLS, LCP, accessibility, best practices and SEO, which don't depend on
  // the host's speed; the performance score is printed, not gated (docs/performance.md).
  ["lighthouse", ["node", "scripts/lighthouse.mjs", "--no-build", "--gate"]],
  ["playwright", "e2e-shards"],
];
// `node scripts/test.mjs --only=playwright` runs one stage (e.g. the e2e shards against an existing build).
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);

/**
 * Shares the spec files out by their measured time (e2e/durations.json: seconds per spec on a CI-like run, refreshed
 * by `node scripts/e2e-durations.mjs` after one), longest first onto the least-loaded shard. Playwright's own
 * --shard splits by test count in file order, which put every long accessibility scan on the first shard.
 */
function planShards() {
  const specs = fs
    .readdirSync("e2e")
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
  let known = {};
  try {
    known = JSON.parse(fs.readFileSync("e2e/durations.json", "utf8"));
  } catch {
    // No measurements: every spec counts the same.
  }
  const times = Object.values(known).sort((a, b) => a - b);
  const fallback = times.length ? times[Math.floor(times.length / 2)] : 60; // a new spec: a median one
  const bins = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
  const weighted = specs.map((f) => [f, known[f] ?? fallback]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [file, seconds] of weighted) {
    const bin = bins.reduce((least, b) => (b.seconds < least.seconds ? b : least));
    bin.files.push(`e2e/${file}`);
    bin.seconds += seconds;
  }
  return bins;
}

function runShard(index, plan) {
  const label = `[e2e ${index}/${shards}]`;
  const { files, seconds } = plan[index - 1];
  console.log(`${label} ${files.length} spec files, about ${Math.round(seconds / 60)} min measured`);
  const child = spawn("npx", ["playwright", "test", ...files, `--output=test-results/shard-${index}`], {
    env: {
      ...process.env,
      E2E_PORT: String(3210 + index - 1),
      E2E_REPORT: `reports/e2e-${index}.json`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(`${label} ${line}`));
  }
  const started = Date.now();
  return new Promise((resolve) =>
    child.on("close", (code) => {
      timings.push({ name: `  shard ${index}`, seconds: since(started), status: code === 0 ? "passed" : "FAILED" });
      resolve(code ?? 1);
    }),
  );
}

/** Wall time of each stage (and of each check inside "checks"), printed as a table at the end. */
const timings = [];
const since = (started) => (Date.now() - started) / 1000;

/** Runs one check with its output kept, and prints it whole when it ends; resolves with the check's name and status. */
function runCheck([name, [cmd, ...args]]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      const seconds = since(started);
      timings.push({ name: `  ${name}`, seconds, status: code === 0 ? "passed" : "FAILED" });
      console.log(`\n▶ ${name}: ${[cmd, ...args].join(" ")}\n${output.trimEnd()}`);
      console.log(`◀ ${name} ${code === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(1)}s`);
      resolve([name, code ?? 1]);
    });
  });
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration tests run on PGlite only.");
}

let failedStage;
const runStarted = Date.now();
for (const [name, command] of stages) {
  // `--only=checks` runs all of them, `--only=lint` one.
  const selected =
    command === "parallel-checks" ? checks.filter(([check]) => !only || only === name || check === only) : [];
  if (only && name !== only && !selected.length) continue;
  const started = Date.now();
  let status;
  // The stage named when it fails: a failing check names itself.
  let failing = name;
  if (command === "parallel-checks") {
    console.log(`\n▶ ${name}: ${selected.map(([check]) => check).join(", ")} side by side`);
    // The stage's row comes first; its checks' rows (added as each ends) follow it.
    timings.push({ name, seconds: 0, status: "" });
    const row = timings.at(-1);
    const results = await Promise.all(selected.map(runCheck));
    const failed = results.find(([, code]) => code !== 0);
    status = failed ? 1 : 0;
    if (failed) failing = failed[0];
    Object.assign(row, { seconds: since(started), status: status === 0 ? "passed" : "FAILED" });
  } else if (command === "e2e-shards") {
    console.log(`\n▶ ${name}: npx playwright test, ${shards} shard(s) side by side`);
    timings.push({ name, seconds: 0, status: "" });
    const row = timings.at(-1);
    const plan = planShards();
    const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1, plan)));
    status = codes.every((code) => code === 0) ? 0 : 1;
    Object.assign(row, { seconds: since(started), status: status === 0 ? "passed" : "FAILED" });
  } else {
    const [cmd, ...args] = command;
    console.log(`\n▶ ${name}: ${[cmd, ...args].join(" ")}`);
    status = spawnSync(cmd, args, { stdio: "inherit", env: process.env }).status;
    timings.push({ name, seconds: since(started), status: status === 0 ? "passed" : "FAILED" });
  }
  console.log(`◀ ${name} ${status === 0 ? "passed" : "FAILED"} in ${since(started).toFixed(1)}s`);
  if (status !== 0) {
    failedStage = failing;
    break;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
try {
  const v = JSON.parse(fs.readFileSync("reports/vitest.json", "utf8"));
  counts.passed += v.numPassedTests;
  counts.failed += v.numFailedTests;
  counts.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  // Vitest did not run.
}
for (let i = 1; i <= shards; i++) {
  try {
    const p = JSON.parse(fs.readFileSync(`reports/e2e-${i}.json`, "utf8"));
    counts.passed += p.stats.expected + p.stats.flaky;
    counts.failed += p.stats.unexpected;
    counts.skipped += p.stats.skipped;
  } catch {
    // This shard did not run (or crashed before writing its report).
    if (failedStage === "playwright") counts.failed += 1;
  }
}
// Stage times: where the run's minutes went (the target for `.ci/run` is 15 min on CI's two cores).
const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};
const width = Math.max(5, ...timings.map((t) => t.name.length));
console.log(`\n${"stage".padEnd(width)}   wall time`);
for (const t of timings) console.log(`${t.name.padEnd(width)}  ${clock(t.seconds).padStart(6)}  ${t.status}`);
console.log(`${"total".padEnd(width)}  ${clock(since(runStarted)).padStart(6)}`);
if (failedStage) console.log(`\nThe ${failedStage} stage failed.`);
if (failedStage && counts.failed === 0) counts.failed = 1; // a failing lint/build stage is a failure too
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage ? 1 : 0);

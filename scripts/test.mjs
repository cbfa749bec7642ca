// `npm test`: everything CI runs, in order, stopping at the first failing
// stage: format check, lint, typecheck, Vitest (unit + integration on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set), production build, performance budget, Playwright.
// Ends with one summary line: "Tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// Playwright empties test-results/ when it starts, so the reports live elsewhere.
fs.mkdirSync("reports", { recursive: true });
for (const f of ["reports/vitest.json", "reports/e2e.json"]) fs.rmSync(f, { force: true });
const stages = [
  ["format", ["npm", "run", "format:check"]],
  ["lint", ["npm", "run", "lint"]],
  ["typecheck", ["npm", "run", "typecheck"]],
  [
    "vitest",
    ["npx", "vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  ],
  ["build", ["npm", "run", "build"]],
  // First-load JavaScript per page against perf-budget.json (deterministic; Lighthouse scores: npm run lighthouse).
  ["budget", ["npm", "run", "budget"]],
  ["playwright", ["npx", "playwright", "test"]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: integration tests run on PGlite only.");
}

let failedStage;
for (const [name, [cmd, ...args]] of stages) {
  console.log(`\n▶ ${name}: ${[cmd, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: "inherit", env: process.env });
  console.log(
    `◀ ${name} ${result.status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  if (result.status !== 0) {
    failedStage = name;
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
try {
  const p = JSON.parse(fs.readFileSync("reports/e2e.json", "utf8"));
  counts.passed += p.stats.expected + p.stats.flaky;
  counts.failed += p.stats.unexpected;
  counts.skipped += p.stats.skipped;
} catch {
  // Playwright did not run.
}
if (failedStage) console.log(`\nThe ${failedStage} stage failed.`);
if (failedStage && counts.failed === 0) counts.failed = 1; // a failing lint/build stage is a failure too
console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStage ? 1 : 0);

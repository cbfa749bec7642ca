// Writes e2e/durations.json (seconds per spec file) from the last `npm test` run's Playwright reports
// (reports/e2e-N.json), for scripts/test.mjs to share the specs out evenly between its shards.
// Run it after a full run on a machine like CI's and commit the file.
import fs from "node:fs";

const totals = {};
// Every test counts for the spec file it runs in (the report's top-level suite): a nested suite's `file` is where its
// describe() was written, which for a shared helper (accessibility-support.ts's describeRouteScans) is no spec at all.
function walk(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      for (const r of t.results ?? []) totals[file] = (totals[file] ?? 0) + r.duration / 1000;
    }
  }
  for (const child of suite.suites ?? []) walk(child, file);
}
const reports = fs.readdirSync("reports").filter((f) => /^e2e-\d+\.json$/.test(f));
if (!reports.length) {
  console.error("No reports/e2e-N.json: run `npm test` (or `node scripts/test.mjs --only=playwright`) first.");
  process.exit(1);
}
for (const f of reports) {
  const report = JSON.parse(fs.readFileSync(`reports/${f}`, "utf8"));
  for (const suite of report.suites ?? []) walk(suite, suite.file);
}
const sorted = Object.fromEntries(
  Object.entries(totals)
    .map(([file, s]) => [file.replace(/^.*\//, ""), Math.round(s)])
    .sort((a, b) => a[0].localeCompare(b[0])),
);
fs.writeFileSync("e2e/durations.json", `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `e2e/durations.json: ${Object.keys(sorted).length} specs, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0) / 60)} min in all`,
);

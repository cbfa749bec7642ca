/**
 * Soak (issue 42, docs/benchmarks.md): `npm run bench:soak`. Starts the production build (`npm run build` first) on a
 * fresh data directory with the demo city, on PGlite and then on PostgreSQL, and drives it for SOAK_MINUTES (60) at a
 * steady SOAK_RATE (100 requests a second over SOAK_CONNECTIONS, 10): every connection goes through the visitor mix
 * and the signed-in mix of bench/load.ts in turn, half the requests each. Every minute it records the throughput,
 * latency (p50, p99), errors, and — asked of the server itself over an IPC channel by bench/soak-probe.mjs, a preload
 * only this benchmark loads — its resident memory, V8 heap and event-loop delay (p99 and max over that minute).
 *
 * What it looks for is drift: memory or latency that keeps climbing over a long run (a leak, a cache without a
 * bound, a table that slows as it grows). The summary compares the first third of the minutes with the last and
 * gives each series' least-squares slope. BENCH_DRIVERS and BENCH_DATABASE_URL as bench/load.ts; BENCH_WRITE=1
 * appends the tables to docs/benchmarks.md.
 */
import { once } from "node:events";
import fs from "node:fs";
import type { ChildProcess } from "node:child_process";
import {
  READERS,
  drive,
  drivers,
  freshDatabase,
  hostLine,
  mixPaths,
  requireBuild,
  signedInReaders,
  startServer,
  stopServer,
} from "./http";

const minutes = Number(process.env.SOAK_MINUTES ?? 60);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 10);
const rate = Number(process.env.SOAK_RATE ?? 100);
const DB_NAME = "near_bench_soak";

requireBuild();

interface Sample {
  rss: number;
  heapUsed: number;
  loopP50: number;
  loopP99: number;
  loopMax: number;
}

interface Minute extends Sample {
  minute: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

async function sample(server: ChildProcess): Promise<Sample> {
  const answer = once(server, "message");
  server.send("sample");
  const [message] = (await answer) as [Sample];
  return message;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Least-squares slope of a series over its index (per minute). */
function slope(values: number[]): number {
  const xs = values.map((_, i) => i);
  const mx = mean(xs);
  const my = mean(values);
  const num = xs.reduce((sum, x, i) => sum + (x - mx) * (values[i]! - my), 0);
  const den = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

function drift(name: string, values: number[], unit: string, digits = 1): string {
  const third = Math.max(1, Math.floor(values.length / 3));
  const first = mean(values.slice(0, third));
  const last = mean(values.slice(-third));
  const per = slope(values);
  return `| ${name} | ${first.toFixed(digits)} ${unit} | ${last.toFixed(digits)} ${unit} | ${per >= 0 ? "+" : ""}${per.toFixed(2)} ${unit}/min | ${Math.max(...values).toFixed(digits)} ${unit} |`;
}

const sections: string[] = [];
for (const driver of drivers) {
  const { env, drop } = await freshDatabase(driver, DB_NAME);
  console.log(
    `\n${driver}: starting the production build on a fresh ${driver === "postgres" ? "database" : "DATA_DIR"}…`,
  );
  const server = await startServer(env, { nodeArgs: ["--import", "./bench/soak-probe.mjs"], ipc: true });
  const rows: Minute[] = [];
  try {
    const paths = await mixPaths();
    const readers = await signedInReaders();
    // As many anonymous header sets as readers: half the requests are the visitor mix, half the signed-in one.
    const headerSets = [...READERS.map(() => ({})), ...readers];
    // Warm-up (not recorded): code paths compiled, page cache and signed-in templates filled.
    await drive("warm-up", paths, { headerSets, connections, seconds: 30, rate });
    await sample(server);
    for (let minute = 1; minute <= minutes; minute++) {
      const row = await drive(`minute ${minute}`, paths, { headerSets, connections, seconds: 60, rate });
      const probe = await sample(server);
      rows.push({ minute, ...row, ...probe });
      console.log(
        `${driver} minute ${minute}: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.errors} errors, ` +
          `RSS ${mb(probe.rss).toFixed(0)} MB, heap ${mb(probe.heapUsed).toFixed(0)} MB, ` +
          `event-loop delay p99 ${probe.loopP99.toFixed(1)} ms (max ${probe.loopMax.toFixed(0)})`,
      );
    }
  } finally {
    await stopServer(server);
    await drop();
  }
  const lines = [
    `### ${driver} — ${minutes} min at ${rate} req/s over ${connections} connections, ${new Date().toISOString().slice(0, 10)}`,
    "",
    `Machine: ${hostLine()} at the end; PAGE_CACHE_SECONDS=${process.env.PAGE_CACHE_SECONDS ?? "10 (default)"}.`,
    "",
    "| minute | req/s | p50 ms | p99 ms | errors / requests | RSS MB | heap MB | loop delay p99 ms | loop delay max ms |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| ${r.minute} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} / ${r.total} | ${mb(r.rss).toFixed(0)} | ${mb(r.heapUsed).toFixed(0)} | ${r.loopP99.toFixed(1)} | ${r.loopMax.toFixed(0)} |`,
    ),
    "",
    "| drift | first third | last third | slope | highest |",
    "| --- | ---: | ---: | ---: | ---: |",
    drift(
      "RSS",
      rows.map((r) => mb(r.rss)),
      "MB",
      0,
    ),
    drift(
      "heap",
      rows.map((r) => mb(r.heapUsed)),
      "MB",
      0,
    ),
    drift(
      "p99",
      rows.map((r) => r.p99),
      "ms",
      0,
    ),
    drift(
      "event-loop delay p99",
      rows.map((r) => r.loopP99),
      "ms",
    ),
    "",
  ];
  console.log(lines.join("\n"));
  sections.push(lines.join("\n"));
}

if (process.env.BENCH_WRITE === "1") {
  fs.appendFileSync(
    "docs/benchmarks.md",
    `\n## Soak — \`npm run bench:soak\`, ${minutes} minutes per database\n\nTarget (issue 42): no upward drift of memory, latency or event-loop delay over the run, and no errors. Half the requests are the visitor mix, half the signed-in mix (bench/load.ts), at a steady rate; RSS, heap and event-loop delay are the server's own, sampled at the end of each minute (bench/soak-probe.mjs).\n\n${sections.join("\n")}`,
  );
  console.log("\nAppended to docs/benchmarks.md");
}

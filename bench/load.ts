/**
 * Load benchmark (issue 13, docs/benchmarks.md): `npm run bench:load`. Starts the production build
 * (`npm run build` first) on a fresh data directory with the demo city, on PGlite and then on PostgreSQL, and drives
 * it with autocannon:
 *
 * - **mix**: what visitors do, anonymously — home, four searches, the restaurants page, the API search and eight
 *   business pages, in turn on every connection;
 * - **signed in**: the same mix by four signed-in customers, each path asked by each of them in turn (never from the
 *   anonymous page cache; their pages may share a render, with each reader's own strings put in: ADR 016);
 * - **static**: one hashed asset from the same process, the ceiling to compare with.
 *
 * Each row's req/s is also given as a share of the static file's, measured in the same run, so a busy machine
 * changes the ratio less than the absolute figures. Settings: BENCH_CONNECTIONS (50), BENCH_SECONDS (20),
 * BENCH_DRIVERS (pglite,postgres), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: a database
 * `near_bench_load` is created and dropped on that server), BENCH_WRITE=1 appends the table to docs/benchmarks.md.
 */
import fs from "node:fs";
import {
  drive,
  drivers,
  freshDatabase,
  hostLine,
  mixPaths,
  requireBuild,
  signedInReaders,
  startServer,
  staticPath,
  stopServer,
  type Row,
} from "./http";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const DB_NAME = "near_bench_load";

requireBuild();

const run = (name: string, paths: string[], headerSets?: Record<string, string>[]): Promise<Row> =>
  drive(name, paths, { headerSets, connections, seconds });

const sections: string[] = [];
for (const driver of drivers) {
  const { env, drop } = await freshDatabase(driver, DB_NAME);
  console.log(
    `\n${driver}: starting the production build on a fresh ${driver === "postgres" ? "database" : "DATA_DIR"}…`,
  );
  const server = await startServer(env);
  try {
    const paths = await mixPaths();
    const readers = await signedInReaders();
    // Warm-up, of both mixes: the first renders compile code paths and fill the page cache and the signed-in
    // templates (before, the signed-in row paid for its own code paths' compiling: 175 req/s cold, 215 warm).
    await run("warm-up", paths);
    await run("warm-up, signed in", paths, readers);
    const rows = [
      await run("static file (same process)", [staticPath()]),
      await run("visitor mix", paths),
      await run("signed-in mix", paths, readers),
    ];
    const staticRps = rows[0]!.rps;
    const lines = [
      `### ${driver} — ${connections} connections, ${seconds} s each, ${new Date().toISOString().slice(0, 10)}`,
      "",
      `Machine: ${hostLine()} at the end; PAGE_CACHE_SECONDS=${process.env.PAGE_CACHE_SECONDS ?? "10 (default)"}.`,
      "",
      "| | req/s | share of static | p50 ms | p99 ms | errors / requests |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${((r.rps / staticRps) * 100).toFixed(0)}% | ${r.p50} | ${r.p99} | ${r.errors} / ${r.total} |`,
      ),
      "",
    ];
    console.log(lines.join("\n"));
    sections.push(lines.join("\n"));
  } finally {
    await stopServer(server);
    await drop();
  }
}

if (process.env.BENCH_WRITE === "1") {
  fs.appendFileSync(
    "docs/benchmarks.md",
    `\n## Load — \`npm run bench:load\`\n\nTarget (issue 13), 50 connections: no errors, p99 under 250 ms, the visitor mix at 50% or more of the static file's req/s, signed in at 20% or more.\n\n${sections.join("\n")}`,
  );
  console.log("\nAppended to docs/benchmarks.md");
}

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
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const drivers = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",").map((d) => d.trim());
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PORT = 3690;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = "near_bench_load";

if (!fs.existsSync("build/server/main.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // As `npm start` and the Docker image run it (docs/deploy.md).
  const child = spawn(process.execPath, ["--max-semi-space-size=32", "build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "false",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not answer /healthz within 3 minutes");
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const READERS = ["Ada Lovelace", "Grace Hopper", "Zoë O'Brien", "Katherine Johnson"];

/** A customer's session cookie, from a fresh sign-up. */
async function signedInCookie(name: string, n: number): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({
      name,
      email: `load-${Date.now()}-${n}@example.com`,
      password: "load-bench-password-1",
      type: "customer",
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function mixPaths(): Promise<string[]> {
  const res = await fetch(`${BASE}/api/v1/businesses?pageSize=8&sort=rating`);
  const { items } = (await res.json()) as { items: { id: string }[] };
  return [
    "/",
    "/search?q=coffee",
    "/search?category=restaurants&open=1",
    "/search?q=pizza&sort=rating",
    "/search?category=services&page=2",
    "/categories/restaurants",
    "/api/v1/businesses?q=coffee",
    ...items.map((b) => `/business/${b.id}`),
  ];
}

function staticPath(): string {
  const asset = fs.readdirSync("build/client/assets").find((f) => f.startsWith("entry.client") && f.endsWith(".js"));
  if (!asset) throw new Error("no hashed client entry in build/client/assets");
  return `/assets/${asset}`;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/** Runs the paths in turn on every connection, once per set of headers (each signed-in reader's cookie). */
async function run(name: string, paths: string[], headerSets: Record<string, string>[] = [{}]): Promise<Row> {
  const result = await autocannon({
    url: BASE,
    connections,
    duration: seconds,
    timeout: 10,
    requests: headerSets.flatMap((headers) =>
      paths.map((p) => ({ method: "GET", path: p, headers: { "accept-encoding": "gzip", ...headers } })),
    ),
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

const sections: string[] = [];
for (const driver of drivers) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-bench-load-"));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let admin: pg.Client | undefined;
  if (driver === "postgres") {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    const url = new URL(adminUrl);
    url.pathname = `/${DB_NAME}`;
    env.DATABASE_URL = url.toString();
  }
  console.log(
    `\n${driver}: starting the production build on a fresh ${driver === "postgres" ? "database" : "DATA_DIR"}…`,
  );
  const server = await startServer(env);
  try {
    const paths = await mixPaths();
    const cookies = await Promise.all(READERS.map((name, n) => signedInCookie(name, n)));
    const readers = cookies.map((cookie) => ({ cookie }));
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
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")} at the end; PAGE_CACHE_SECONDS=${process.env.PAGE_CACHE_SECONDS ?? "10 (default)"}.`,
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
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      await admin.end();
    }
  }
}

if (process.env.BENCH_WRITE === "1") {
  fs.appendFileSync(
    "docs/benchmarks.md",
    `\n## Load — \`npm run bench:load\`\n\nTarget (issue 13), 50 connections: no errors, p99 under 250 ms, the visitor mix at 50% or more of the static file's req/s, signed in at 20% or more.\n\n${sections.join("\n")}`,
  );
  console.log("\nAppended to docs/benchmarks.md");
}

/**
 * What the benchmarks that drive the production server over HTTP share (bench/load.ts, bench/soak.ts): starting the
 * build on a fresh database, signed-in readers, the visitor mix, and autocannon runs over it.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";

export const PORT = 3690;
export const BASE = `http://127.0.0.1:${PORT}`;
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const drivers = (process.env.BENCH_DRIVERS ?? "pglite,postgres").split(",").map((d) => d.trim());

export function requireBuild() {
  if (!fs.existsSync("build/server/main.js")) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

/**
 * The production build as `npm start` and the Docker image run it (docs/deploy.md), resolved once it answers
 * /healthz. `nodeArgs` go before the script (a preload, say); `ipc` opens a message channel to it.
 */
export async function startServer(
  env: Record<string, string>,
  { nodeArgs = [], ipc = false }: { nodeArgs?: string[]; ipc?: boolean } = {},
): Promise<ChildProcess> {
  const stdio: StdioOptions = ipc ? ["ignore", "ignore", "inherit", "ipc"] : ["ignore", "ignore", "inherit"];
  const child = spawn(process.execPath, ["--max-semi-space-size=32", ...nodeArgs, "build/server/main.js"], {
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
    stdio,
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

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Where a run's server keeps its data: a fresh DATA_DIR (PGlite), plus on PostgreSQL a fresh database `dbName` on
 * BENCH_DATABASE_URL's server; `drop()` removes both.
 */
export async function freshDatabase(
  driver: string,
  dbName: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/${dbName.replace(/_/g, "-")}-`);
  const env: Record<string, string> = { DATA_DIR: dataDir };
  let admin: pg.Client | undefined;
  if (driver === "postgres") {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  return {
    env,
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export const READERS = ["Ada Lovelace", "Grace Hopper", "Zoë O'Brien", "Katherine Johnson"];

/** A customer's session cookie, from a fresh sign-up. */
export async function signedInCookie(name: string, n: number): Promise<string> {
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

/** Each of READERS signed in: the header sets of the signed-in mix. */
export async function signedInReaders(): Promise<Record<string, string>[]> {
  const cookies = await Promise.all(READERS.map((name, n) => signedInCookie(name, n)));
  return cookies.map((cookie) => ({ cookie }));
}

/**
 * What visitors do: home, four searches, the restaurants page, the API search and eight business pages, in turn on
 * every connection.
 */
export async function mixPaths(): Promise<string[]> {
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

export function staticPath(): string {
  const asset = fs.readdirSync("build/client/assets").find((f) => f.startsWith("entry.client") && f.endsWith(".js"));
  if (!asset) throw new Error("no hashed client entry in build/client/assets");
  return `/assets/${asset}`;
}

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/**
 * Runs the paths in turn on every connection, once per set of headers (each signed-in reader's cookie), for
 * `seconds`; `rate` caps the requests per second of all connections together.
 */
export async function drive(
  name: string,
  paths: string[],
  {
    headerSets = [{}],
    connections,
    seconds,
    rate,
  }: { headerSets?: Record<string, string>[]; connections: number; seconds: number; rate?: number },
): Promise<Row> {
  const result = await autocannon({
    url: BASE,
    connections,
    duration: seconds,
    timeout: 10,
    ...(rate ? { overallRate: rate } : {}),
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

/** The machine, for a table's heading. */
export function hostLine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`;
}

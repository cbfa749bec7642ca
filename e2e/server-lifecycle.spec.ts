import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The production server as an operator runs it, signalled directly (npm does
 * not forward SIGTERM): build/server/e2e.js is build/server/main.js plus the
 * test hooks (server/e2e-main.ts), here `x-near-test-delay` to keep requests in flight.
 */
const entry = path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server/e2e.js");
/**
 * A port nothing listens on, from the system. A fixed range can hold another service's port: a fresh-clone CI run
 * picked MariaDB's 3306 here ("Port 3306 is already in use").
 */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}
let port = 0;

function startServer(dataDir: string, extraEnv: Record<string, string | undefined> = {}, file = entry) {
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Start-up (embedded PostgreSQL, migrations) takes about a second on an idle
 * machine but well over 15 s on a loaded two-core one, so allow a minute.
 */
async function waitHealthy(child: ChildProcess, output: () => string) {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
        // Not listening yet: 0.
        return fetch(`http://127.0.0.1:${port}/healthz`).then(
          (res) => res.status,
          () => 0,
        );
      },
      { timeout: 60_000, intervals: [100], message: "the server becomes healthy" },
    )
    .toBe(200);
}

/** The status once the whole body has arrived, or why the request was not answered in full. */
async function outcome(url: string, init?: RequestInit): Promise<number | string> {
  try {
    const res = await fetch(url, init);
    await res.text();
    return res.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `${(error as Error).message}: ${cause?.code ?? cause?.message ?? "?"}`;
  }
}

test.describe("server lifecycle", () => {
  let dataDir: string;
  test.beforeEach(async () => {
    // Up to two start-ups and a drain each, on a machine that may be loaded.
    test.setTimeout(240_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-lifecycle-"));
    port = await freePort();
  });
  test.afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test("the production entry renders with React's production build when NODE_ENV is unset, and says so when not", async () => {
    const main = path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server/main.js");
    const warning = "React renders with its development build";

    // An undefined value leaves the variable out of the child's environment, as after a plain `npm start`.
    const plain = startServer(dataDir, { NODE_ENV: undefined }, main);
    await waitHealthy(plain.child, plain.output);
    expect(await outcome(`http://127.0.0.1:${port}/`)).toBe(200);
    plain.child.kill("SIGTERM");
    await plain.exited;
    expect(plain.output()).not.toContain(warning);

    // The check itself: an explicit development NODE_ENV is reported.
    const dev = startServer(dataDir, { NODE_ENV: "development" }, main);
    await waitHealthy(dev.child, dev.output);
    dev.child.kill("SIGTERM");
    await dev.exited;
    expect(dev.output()).toContain(warning);
  });

  test("SIGTERM during a burst: every request is answered, exit 0, and the next start opens the data cleanly", async () => {
    const first = startServer(dataDir);
    await waitHealthy(first.child, first.output);

    const slow = Array.from({ length: 10 }, () =>
      outcome(`http://127.0.0.1:${port}/about`, { headers: { "x-near-test-delay": "800" } }),
    );
    const burst = Array.from({ length: 40 }, (_, i) =>
      outcome(`http://127.0.0.1:${port}/${i % 2 ? "about" : "healthz"}`),
    );
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill("SIGTERM");

    const outcomes = await Promise.all([...slow, ...burst]);
    expect(outcomes).toEqual(outcomes.map(() => 200));
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("Shutdown complete");
    expect(fs.existsSync(path.join(dataDir, "near.lock"))).toBe(false);

    const second = startServer(dataDir);
    await waitHealthy(second.child, second.output);
    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
    expect(health).toEqual({ status: "ok", database: "pglite", replica: "none" });
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  });

  test("a second server on the same DATA_DIR refuses at once, naming the directory and the holder", async () => {
    const first = startServer(dataDir);
    await waitHealthy(first.child, first.output);
    port = await freePort();
    const second = startServer(dataDir);
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(
      `The data directory ${dataDir} is in use by another Near process (pid ${first.child.pid}`,
    );
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  test("a bad configuration value stops the process with a message naming the variable", async () => {
    const bad = startServer(dataDir, { PORT: "not-a-port" });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT: expected a port number (got "not-a-port")');
  });
});

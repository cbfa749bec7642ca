import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * A physical streaming standby of the test PostgreSQL (TEST_DATABASE_URL), for the replica tests: `pg_basebackup -R`
 * into a temporary directory, then `pg_ctl` on a free port of 127.0.0.1. Needs the server binaries of the primary's
 * major version (Debian's /usr/lib/postgresql/<major>/bin, PATH, or PG_BINDIR) and a primary that accepts
 * replication connections from 127.0.0.1 (`host replication all 127.0.0.1/32 trust` in pg_hba.conf: .ci/run adds it).
 * PostgreSQL refuses to run as root, so as root the commands run as the `postgres` user.
 */

const run = promisify(execFile);
const TOOLS = ["pg_basebackup", "pg_ctl", "postgres"];
/** Replication slots of these tests: `near_test_standby_<pid>_<random>`, so a crashed run's slot can be dropped. */
const SLOT_PREFIX = "near_test_standby_";

function majorOf(versionText: string): number | null {
  const match = /(\d+)(?:\.\d+)?/.exec(versionText);
  return match ? Number(match[1]) : null;
}

/** The directory holding pg_basebackup, pg_ctl and postgres of that major version, or null. */
function findBinaries(major: number): string | null {
  const candidates = [
    process.env.PG_BINDIR,
    `/usr/lib/postgresql/${major}/bin`,
    `/usr/pgsql-${major}/bin`,
    ...(process.env.PATH ?? "").split(path.delimiter),
  ].filter((dir): dir is string => Boolean(dir));
  for (const dir of candidates) {
    if (!TOOLS.every((tool) => fs.existsSync(path.join(dir, tool)))) continue;
    try {
      const version = execFileSync(path.join(dir, "pg_ctl"), ["--version"], { encoding: "utf8" });
      if (majorOf(version.replace(/^[^\d]*/, "")) === major) return dir;
    } catch {
      // not runnable: try the next one
    }
  }
  return null;
}

/**
 * Whether a standby can be made here, asked of the primary: null when it can, else why not (the server binaries of
 * its version are missing). Other problems (replication refused) are errors of startStandby, not reasons to skip.
 */
export async function standbyUnavailableReason(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: number }>("select current_setting('server_version_num')::int as v");
    const major = Math.floor(Number(rows[0]!.v) / 10_000);
    return findBinaries(major)
      ? null
      : `the PostgreSQL ${major} server binaries (${TOOLS.join(", ")}) were not found in /usr/lib/postgresql/${major}/bin, PATH or PG_BINDIR`;
  } finally {
    await client.end();
  }
}

/** A port of 127.0.0.1 nobody listens on (at the time of asking). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface Standby {
  port: number;
  /** The same URL as `primaryUrl`, on the standby. */
  urlFor(primaryUrl: string): string;
  /** Runs SQL on the standby (a connection of its own to `database`, closed after). */
  query<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it, drops its replication slot on the primary and removes its directory; safe to call more than once. */
  destroy(): Promise<void>;
}

export async function startStandby(adminUrl: string): Promise<Standby> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "near-standby-"));
  const slot = `${SLOT_PREFIX}${process.pid}_${randomBytes(4).toString("hex")}`;
  const asRoot = process.getuid?.() === 0;
  let bin = "";
  let port = 0;
  let running = false;
  let destroyed = false;
  const exec = async (tool: string, args: string[]) => {
    const file = path.join(bin, tool);
    const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
    try {
      return await run(command, argv, { timeout: 60_000 });
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      const log = path.join(dir, "server.log");
      const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-15).join("\n") : "";
      throw new Error(`${tool} ${args.join(" ")} failed: ${stderr ?? (error as Error).message}\n${tail}`);
    }
  };
  const pgCtl = (...args: string[]) => exec("pg_ctl", ["-D", dir, ...args]);

  const standby: Standby = {
    get port() {
      return port;
    },
    urlFor(primaryUrl) {
      const url = new URL(primaryUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async query(database, text) {
      const url = new URL(adminUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text)).rows;
      } finally {
        await client.end();
      }
    },
    async start() {
      // Port and address on the command line: they win over anything postgresql.auto.conf brought from the primary.
      await pgCtl(
        "-l",
        path.join(dir, "server.log"),
        "-w",
        "-t",
        "60",
        "-o",
        `-p ${port} -c listen_addresses=127.0.0.1`,
        "start",
      );
      running = true;
    },
    async stop() {
      await pgCtl("-m", "fast", "-w", "-t", "60", "stop");
      running = false;
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        if (running || fs.existsSync(path.join(dir, "postmaster.pid"))) {
          await pgCtl("-m", "immediate", "-w", "-t", "60", "stop").catch(() => {});
        }
        // The walsender goes away with the standby; the slot can be dropped once it is inactive.
        const deadline = Date.now() + 10_000;
        for (;;) {
          const { rows } = await admin.query<{ active: boolean }>(
            "select active from pg_replication_slots where slot_name = $1",
            [slot],
          );
          if (!rows.length) break;
          if (!rows[0]!.active) {
            await admin.query("select pg_drop_replication_slot($1)", [slot]);
            break;
          }
          if (Date.now() > deadline) throw new Error(`replication slot ${slot} still active`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await admin.end().catch(() => {});
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };

  try {
    const { rows: version } = await admin.query<{ v: number }>(
      "select current_setting('server_version_num')::int as v",
    );
    const major = Math.floor(Number(version[0]!.v) / 10_000);
    bin = findBinaries(major) ?? "";
    if (!bin) throw new Error(`No PostgreSQL ${major} server binaries: see standbyUnavailableReason`);

    // A slot left by a run that was killed keeps WAL on the primary forever: drop those whose process is gone.
    const { rows: stale } = await admin.query<{ slot_name: string }>(
      "select slot_name from pg_replication_slots where slot_name like $1 and not active",
      [`${SLOT_PREFIX}%`],
    );
    for (const { slot_name: name } of stale) {
      const pid = Number(name.slice(SLOT_PREFIX.length).split("_")[0]);
      if (!processAlive(pid)) await admin.query("select pg_drop_replication_slot($1)", [name]).catch(() => {});
    }

    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      fs.chownSync(dir, uid, gid);
    }
    fs.chmodSync(dir, 0o700);
    const source = new URL(adminUrl);
    source.pathname = "/";
    // -R: standby.signal and primary_conninfo; -C -S: a slot keeps the WAL it needs while it is stopped.
    await exec("pg_basebackup", [
      `--dbname=${source.toString()}`,
      "-D",
      dir,
      "-X",
      "stream",
      "-c",
      "fast",
      "-R",
      "-C",
      "-S",
      slot,
    ]).catch((error: Error) => {
      if (/no pg_hba\.conf entry for replication/.test(error.message)) {
        throw new Error(
          `The test PostgreSQL refuses replication connections: add "host replication all 127.0.0.1/32 trust" to ` +
            `its pg_hba.conf and reload it (.ci/run does this). ${error.message}`,
        );
      }
      throw error;
    });

    // A standby must allow at least what the primary does for these, or recovery stops at once.
    const { rows: settings } = await admin.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes', " +
        "'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')",
    );
    const conf = [
      ...settings.map(({ name, setting }) => `${name} = ${setting}`),
      "hot_standby = on",
      "unix_socket_directories = ''",
      "shared_buffers = 16MB",
      // Its data is thrown away after the test.
      "fsync = off",
      "",
    ].join("\n");
    const files: Record<string, string> = {
      "postgresql.conf": conf,
      "pg_hba.conf": "host all all 127.0.0.1/32 trust\n",
      "pg_ident.conf": "",
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      const { uid, gid } = fs.statSync(dir);
      fs.chownSync(file, uid, gid);
    }
    port = await freePort();
    await standby.start();
  } catch (error) {
    await standby.destroy();
    throw error;
  }
  return standby;
}

import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/.server/db/backup";
import { openDatabase, queryRows } from "~/.server/db/client";

/**
 * npm run db:backup / db:restore for the embedded database (issue 13): a
 * backup taken while the database is open (by the running server, on the
 * script's signal) restores to the same data.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-backup-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const tsx = path.resolve("node_modules/.bin/tsx");
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test", LOG_LEVEL: "silent" };

async function probe() {
  const handle = await openDatabase({ dataDir });
  try {
    return (await queryRows<{ note: string }>(handle.db, sql`select note from backup_probe order by note`)).map(
      (r) => r.note,
    );
  } finally {
    await handle.close();
  }
}

describe("embedded database backups", () => {
  it("backs up while open and restores the same data, keeping the replaced files", async () => {
    const handle = await openDatabase({ dataDir });
    await handle.db.execute(sql`create table backup_probe (note text)`);
    await handle.db.execute(sql`insert into backup_probe values ('before the backup')`);
    const file = await writeBackup(handle, dataDir);
    await handle.db.execute(sql`insert into backup_probe values ('after the backup')`);
    await handle.close();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    expect(fs.readdirSync(path.dirname(file)).some((f) => f.endsWith(".partial"))).toBe(false);

    expect(await probe()).toEqual(["after the backup", "before the backup"]);
    const { keptAt } = await restoreBackup(dataDir, file);
    expect(await probe()).toEqual(["before the backup"]);
    expect(keptAt && fs.existsSync(keptAt)).toBeTruthy();
    // Migrations stay applied: the restored directory opens as a Near database.
    const reopened = await openDatabase({ dataDir });
    const [{ n }] = (await queryRows<{ n: number }>(reopened.db, sql`select count(*)::int as n from businesses`)) as [
      { n: number },
    ];
    expect(n).toBeGreaterThanOrEqual(0);
    await reopened.close();
  }, 120_000);

  it("npm run db:backup asks the running server for the backup, and db:restore refuses while it runs", async () => {
    const server = spawn(tsx, ["tests/support/backup-child.ts", dataDir], { env, stdio: ["pipe", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        readline.createInterface({ input: server.stdout }).on("line", (l) => l === "READY" && resolve());
        server.on("exit", (code) => reject(new Error(`the stand-in server exited with ${code}`)));
      });
      const run = promisify(execFile);
      const { stdout } = await run(tsx, ["scripts/db-backup.ts"], { env });
      expect(stdout).toMatch(/Backup written by the running server: .*near-.*\.tar\.gz/);
      const file = /: (\S+\.tar\.gz)/.exec(stdout)![1]!;
      await expect(run(tsx, ["scripts/db-restore.ts", file], { env })).rejects.toMatchObject({
        stderr: expect.stringMatching(/in use by another Near process/),
      });
      server.stdin.end();
      await new Promise((r) => server.on("exit", r));
      const restored = await run(tsx, ["scripts/db-restore.ts", file], { env });
      expect(restored.stdout).toMatch(/Restored .* The previous files are in/);
      expect(await probe()).toEqual(["before the backup", "written while running"]);
    } finally {
      if (server.exitCode === null) server.kill();
    }
  }, 180_000);
});

// `npm run db:backup`: a consistent backup of the embedded database into DATA_DIR/backups/.
// A running server (it holds DATA_DIR/near.lock) takes it itself on SIGUSR2; otherwise this script opens the
// directory. On PostgreSQL (DATABASE_URL) use pg_dump: see README "Backups".
import fs from "node:fs";
import path from "node:path";
import { parseConfig, ConfigError } from "../app/.server/config";
import { BACKUP_SIGNAL, backupsDir, writeBackup } from "../app/.server/db/backup";
import { openDatabase } from "../app/.server/db/client";

function runningServer(dataDir: string): number | null {
  try {
    const { pid } = JSON.parse(fs.readFileSync(path.join(dataDir, "near.lock"), "utf8")) as { pid: number };
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

try {
  const config = parseConfig(process.env);
  if (config.DATABASE_URL) {
    console.error("DATABASE_URL is set: back PostgreSQL up with pg_dump (README, Backups).");
    process.exit(1);
  }
  const dir = backupsDir(config.dataDir);
  const pid = runningServer(config.dataDir);
  if (pid) {
    const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    process.kill(pid, BACKUP_SIGNAL);
    const deadline = Date.now() + 120_000;
    let file: string | undefined;
    while (!file && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      file = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).find((f) => f.endsWith(".tar.gz") && !before.has(f));
    }
    if (!file) throw new Error(`The running server (pid ${pid}) wrote no backup within 2 minutes: see its log.`);
    console.log(`Backup written by the running server: ${path.join(dir, file)}`);
  } else {
    const handle = await openDatabase({ dataDir: config.dataDir });
    try {
      console.log(`Backup written: ${await writeBackup(handle, config.dataDir)}`);
    } finally {
      await handle.close();
    }
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}

import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../logger";
import type { DatabaseHandle } from "./client";
import { clearInitPending, restorePgliteDump } from "./client";
import { acquireDataDirLock } from "./lock";

/**
 * Backups of the embedded database (npm run db:backup / db:restore). PostgreSQL
 * has its own tools (pg_dump, pg_restore: README "Backups").
 *
 * - A running server takes the backup itself when it receives SIGUSR2 (only it
 *   may open the data directory): PGlite's dump is taken between two queries,
 *   so it is consistent. It lands in DATA_DIR/backups/, written under a
 *   temporary name and renamed, so a reader never sees half a file.
 * - A stopped server's directory is opened (and locked) by the script itself.
 * - A restore needs the server stopped; the current files are kept beside it.
 */

export const BACKUP_SIGNAL = "SIGUSR2";

export function backupsDir(dataDir: string) {
  return path.join(dataDir, "backups");
}

/** Writes the database's dump to DATA_DIR/backups/near-<time>.tar.gz and answers its path. */
export async function writeBackup(handle: DatabaseHandle, dataDir: string, now = new Date()): Promise<string> {
  if (!handle.dump) throw new Error("Backups here are for the embedded database; on PostgreSQL use pg_dump.");
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `near-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const temp = `${file}.partial`;
  const dump = await handle.dump();
  fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(temp, file);
  return file;
}

/** In the server: SIGUSR2 writes a backup (one at a time) and logs where. */
export function backupOnSignal(handle: DatabaseHandle, dataDir: string, logger: Logger): () => void {
  let running = false;
  const onSignal = () => {
    if (running) return;
    running = true;
    writeBackup(handle, dataDir)
      .then((file) => logger.info("Backup written", { file }))
      .catch((error: unknown) => logger.error("Backup failed", { error }))
      .finally(() => (running = false));
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => process.off(BACKUP_SIGNAL, onSignal);
}

/**
 * Replaces the embedded database with a backup. Refuses while a server holds
 * the data directory (the lock says so); the files it replaces are moved to
 * pgdata.before-restore-<time>.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  now = new Date(),
): Promise<{ keptAt: string | null }> {
  const dump = new Blob([fs.readFileSync(file)]);
  const release = acquireDataDirLock(dataDir);
  try {
    const pgdata = path.join(dataDir, "pgdata");
    let keptAt: string | null = null;
    if (fs.existsSync(pgdata)) {
      keptAt = `${pgdata}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(pgdata, keptAt);
    }
    try {
      await restorePgliteDump(pgdata, dump);
      // The restored files are a finished database even if the ones they replace were an interrupted first start.
      clearInitPending(dataDir);
    } catch (error) {
      // Put the old files back: a failed restore changes nothing.
      fs.rmSync(pgdata, { recursive: true, force: true });
      if (keptAt) fs.renameSync(keptAt, pgdata);
      throw error;
    }
    return { keptAt };
  } finally {
    release();
  }
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An exclusive lock on an embedded data directory. PGlite is single-process:
 * a second process opening the same directory silently loses data, so we
 * refuse to start instead. The lock file records who holds it; a lock left by
 * a process that no longer exists (a crash, a kill -9) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    readonly holderHost: string,
  ) {
    super(
      `The data directory ${dir} is in use by another Near process (pid ${holderPid} on ${holderHost}). ` +
        `The embedded database allows one process at a time: stop that process, set DATA_DIR to another directory, ` +
        `or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirLockedError";
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "near.lock");
  const info: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeFileSync(fd, JSON.stringify(info));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
          if (current.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder: LockInfo | undefined;
    try {
      holder = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
    } catch {
      holder = undefined; // Half-written or unreadable: treat as stale.
    }
    const sameHost = holder?.host === os.hostname();
    if (holder && holder.pid !== process.pid && (!sameHost || isAlive(holder.pid))) {
      throw new DataDirLockedError(dir, holder.pid, holder.host);
    }
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

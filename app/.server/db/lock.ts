import { randomUUID } from "node:crypto";
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

/** A takeover guard older than this was left by a crashed process: it is cleared. */
const TAKEOVER_STALE_MS = 10_000;

function parseHolder(raw: string): LockInfo | undefined {
  try {
    return JSON.parse(raw) as LockInfo;
  } catch {
    return undefined; // Not a lock we wrote: treated as stale.
  }
}

function readHolder(lockPath: string): LockInfo | undefined {
  try {
    return parseHolder(fs.readFileSync(lockPath, "utf8"));
  } catch {
    return undefined; // Gone.
  }
}

/**
 * Creates the lock file with its content in one step: written to a private
 * temporary file, then hard-linked into place (link fails with EEXIST when
 * the lock exists). No other process ever sees an empty or half-written lock,
 * so none can mistake a fresh lock for a stale one.
 */
function tryCreate(lockPath: string, info: LockInfo): boolean {
  const temp = `${lockPath}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(temp, JSON.stringify(info));
  try {
    fs.linkSync(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * Removes a stale lock, one process at a time: the takeover guard is a
 * directory (mkdir is atomic), and under it the lock is read again so that a
 * lock another starter has just created is never removed.
 */
function removeIfStale(lockPath: string, stale: string): void {
  const guard = `${lockPath}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Someone else is taking over; a guard left by a crash is cleared after a while.
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > TAKEOVER_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    return;
  }
  try {
    let current: string | undefined;
    try {
      current = fs.readFileSync(lockPath, "utf8");
    } catch {
      current = undefined;
    }
    if (current === stale) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "near.lock");
  const info: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(lockPath, info)) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    }
    let raw: string;
    try {
      raw = fs.readFileSync(lockPath, "utf8");
    } catch {
      continue; // Released in the meantime: try again.
    }
    const holder = parseHolder(raw);
    const sameHost = holder?.host === os.hostname();
    if (holder && holder.pid !== process.pid && (!sameHost || isAlive(holder.pid))) {
      throw new DataDirLockedError(dir, holder.pid, holder.host);
    }
    // Left by a process that no longer exists (or unreadable): take it over, unless another starter does first.
    removeIfStale(lockPath, raw);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 + Math.floor(Math.random() * 20));
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

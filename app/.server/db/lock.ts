import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * An exclusive lock on an embedded data directory. PGlite is single-process:
 * a second process opening the same directory silently loses data, so we
 * refuse to start instead. The lock file records who holds it, and its holder
 * touches it every HEARTBEAT_MS. A lock is taken over when it was left by a
 * process that no longer exists on this host (a crash, a kill -9), or when its
 * heartbeat stopped for STALE_MS: the only sign a process of another host
 * (a container recreated on the same volume, with a new host name) can see.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    readonly holderHost: string,
    heartbeatAgeMs: number,
  ) {
    super(
      `The data directory ${dir} is in use by another Near process (pid ${holderPid} on ${holderHost}, ` +
        `last seen ${Math.round(heartbeatAgeMs / 1000)} s ago). ` +
        `The embedded database allows one process at a time: stop that process, set DATA_DIR to another directory, ` +
        `or set DATABASE_URL to use PostgreSQL. A lock whose holder has not been seen for ${STALE_MS / 1000} s is ` +
        `taken over.`,
    );
    this.name = "DataDirLockedError";
  }
}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** This holding's own id: pids repeat across hosts and containers (each container's first process is 1). */
  token?: string;
}

/** How often a holder touches its lock. */
export const HEARTBEAT_MS = 10_000;
/**
 * A lock not touched for this long has no living holder, whatever host wrote it. Long beside the heartbeat, so a
 * holder whose event loop is busy for a while (a restore, a large import's batch) keeps its lock.
 */
export const STALE_MS = 120_000;

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

export interface LockOptions {
  heartbeatMs?: number;
  staleMs?: number;
  /**
   * Called when the lock is found to belong to another process (it took the lock over after this one's heartbeat
   * stopped for staleMs): this process must stop using the directory at once.
   */
  onLost?: (holder: LockInfo | undefined) => void;
}

export function acquireDataDirLock(
  dir: string,
  { heartbeatMs = HEARTBEAT_MS, staleMs = STALE_MS, onLost }: LockOptions = {},
): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "near.lock");
  const info: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  };
  const ours = () => readHolder(lockPath)?.token === info.token;

  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(lockPath, info)) {
      // The heartbeat: an unref'd timer, so it never keeps a process alive.
      const heartbeat = setInterval(() => {
        if (!ours()) {
          clearInterval(heartbeat);
          onLost?.(readHolder(lockPath));
          return;
        }
        const now = new Date();
        try {
          fs.utimesSync(lockPath, now, now);
        } catch {
          // Gone between the read and the touch: the next beat reports it.
        }
      }, heartbeatMs);
      heartbeat.unref();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        if (ours()) fs.rmSync(lockPath, { force: true });
      };
    }
    let raw: string;
    let touchedMs: number;
    try {
      raw = fs.readFileSync(lockPath, "utf8");
      touchedMs = fs.statSync(lockPath).mtimeMs;
    } catch {
      continue; // Released in the meantime: try again.
    }
    const holder = parseHolder(raw);
    const age = Math.max(0, Date.now() - touchedMs);
    // On this host a holder's pid tells whether it lives (our own pid in it is a predecessor's: a container's
    // first process is always 1); on another host only the heartbeat can.
    const living =
      holder?.host === os.hostname()
        ? holder.pid !== process.pid && isAlive(holder.pid) && age < staleMs
        : age < staleMs;
    if (holder && holder.token !== info.token && living) {
      throw new DataDirLockedError(dir, holder.pid, holder.host, age);
    }
    // Left by a process that no longer exists (or unreadable): take it over, unless another starter does first.
    removeIfStale(lockPath, raw);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5 + Math.floor(Math.random() * 20));
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { acquireDataDirLock, DataDirLockedError, STALE_MS } from "~/.server/db/lock";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "near-lock-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second holder while a live process holds it, naming the directory and the pid", () => {
    const dir = tempDir();
    // Pretend our parent process holds it: alive, and not us.
    fs.writeFileSync(path.join(dir, "near.lock"), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrowError(new RegExp(`${dir}.*pid ${process.ppid}`));
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "near.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname() }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "near.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, "near.lock"))).toBe(false);
  });

  it("takes over a lock from another host once its heartbeat has stopped, and refuses it while it beats", () => {
    // A container recreated on the same volume: a new host name, and its first process is pid 1 again.
    const dir = tempDir();
    const lockPath = path.join(dir, "near.lock");
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 1, host: "container-a1b2c3", token: "theirs" }));
    expect(() => acquireDataDirLock(dir)).toThrowError(/pid 1 on container-a1b2c3, last seen 0 s ago/);
    const past = new Date(Date.now() - STALE_MS - 1000);
    fs.utimesSync(lockPath, past, past);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8"))).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
  });

  it("takes over a lock naming its own pid on this host (a predecessor's), but not its own holding", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "near.lock");
    fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: os.hostname(), token: "a predecessor" }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8")).token).not.toBe("a predecessor");
    release();
  });

  it("refuses a lock on this host while its holder lives and beats, and takes it when the beat stops (a reused pid)", () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "near.lock");
    fs.writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirLockedError);
    // A living pid with a dead heartbeat: the pid was reused by another program after the holder died.
    const past = new Date(Date.now() - STALE_MS - 1000);
    fs.utimesSync(lockPath, past, past);
    acquireDataDirLock(dir)();
  });

  it("beats: the holder keeps touching its lock, and says when another process has taken it", async () => {
    const dir = tempDir();
    const lockPath = path.join(dir, "near.lock");
    const lost: unknown[] = [];
    const release = acquireDataDirLock(dir, { heartbeatMs: 20, onLost: (holder) => lost.push(holder) });
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPath, past, past);
    await vi.waitFor(() => expect(Date.now() - fs.statSync(lockPath).mtimeMs).toBeLessThan(5_000));
    expect(lost).toEqual([]);
    fs.writeFileSync(lockPath, JSON.stringify({ pid: 4242, host: "elsewhere", token: "the new holder" }));
    await vi.waitFor(() => expect(lost).toEqual([{ pid: 4242, host: "elsewhere", token: "the new holder" }]));
    // Releasing leaves the new holder's lock alone.
    release();
    expect(fs.existsSync(lockPath)).toBe(true);
  });

  it("releases so the next open succeeds", () => {
    const dir = tempDir();
    acquireDataDirLock(dir)();
    const again = acquireDataDirLock(dir);
    again();
  });

  // Several processes starting at the same instant, on a free directory and on one with a stale lock:
  // exactly one gets it (the lock is linked into place whole, and a stale one is removed under a guard).
  for (const stale of [false, true]) {
    it(`lets exactly one of six processes starting together have it${stale ? " (over a stale lock)" : ""}`, async () => {
      const dir = tempDir();
      if (stale)
        fs.writeFileSync(path.join(dir, "near.lock"), JSON.stringify({ pid: 2 ** 22 + 4321, host: os.hostname() }));
      const tsx = path.resolve("node_modules/.bin/tsx");
      const child = path.resolve("tests/support/lock-child.ts");
      const startAt = Date.now() + 5000;
      const children = Array.from({ length: 6 }, () =>
        spawn(tsx, [child, "once", dir, String(startAt)], { stdio: ["pipe", "pipe", "inherit"] }),
      );
      const answers = await Promise.all(
        children.map(
          (c) =>
            new Promise<string>((resolve) => {
              let out = "";
              c.stdout.on("data", (d: Buffer) => {
                out += d.toString();
                if (out.includes("\n")) resolve(out.trim());
              });
              c.on("exit", () => resolve(out.trim()));
            }),
        ),
      );
      for (const c of children) c.stdin.end();
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode === null ? c.on("exit", r) : r(null)))));
      expect(answers.filter((a) => a === "locked")).toHaveLength(1);
      expect(answers.filter((a) => a === "refused")).toHaveLength(5);
      expect(fs.readdirSync(dir).filter((f) => f !== "near.lock")).toEqual([]);
    }, 90_000);
  }

  it("never lets two processes hold it at once while four lock and release it in a loop", async () => {
    const dir = tempDir();
    const tsx = path.resolve("node_modules/.bin/tsx");
    const child = path.resolve("tests/support/lock-child.ts");
    const startAt = Date.now() + 5000;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => {
        const c = spawn(tsx, [child, "churn", dir, String(startAt)], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        c.stdout.on("data", (d: Buffer) => (out += d.toString()));
        return new Promise<string>((resolve) => c.on("exit", () => resolve(out.trim())));
      }),
    );
    fs.rmSync(`${dir}.holder`, { force: true });
    const counts = outputs.map((o) => /held (\d+) overlaps (\d+)/.exec(o));
    expect(counts.every(Boolean), outputs.join(" | ")).toBe(true);
    expect(counts.reduce((n, m) => n + Number(m![1]), 0)).toBeGreaterThan(0);
    expect(counts.map((m) => Number(m![2]))).toEqual([0, 0, 0, 0]);
  }, 90_000);
});

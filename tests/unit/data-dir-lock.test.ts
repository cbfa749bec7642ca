import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "~/.server/db/lock";

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

  it("releases so the next open succeeds", () => {
    const dir = tempDir();
    acquireDataDirLock(dir)();
    const again = acquireDataDirLock(dir);
    again();
  });
});

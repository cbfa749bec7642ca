// Processes that lock one data directory at the same time (tests/unit/data-dir-lock.test.ts).
//   once:  try once; print "locked" or "refused", hold what it got until stdin closes.
//   churn: lock and release in a loop for a while; while holding, own a marker file exclusively —
//          finding it taken means two processes held the lock at once ("overlap").
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError } from "../../app/.server/db/lock";

const [mode, dir, startArg] = process.argv.slice(2) as [string, string, string];
// Start together: wait until the agreed instant (a timer's resolution is too coarse to line processes up).
while (Date.now() < Number(startArg)) {
  /* spin */
}

if (mode === "once") {
  try {
    const release = acquireDataDirLock(dir);
    process.stdout.write("locked\n");
    process.stdin.resume();
    process.stdin.on("end", () => {
      release();
      process.exit(0);
    });
  } catch (error) {
    process.stdout.write(error instanceof DataDirLockedError ? "refused\n" : `error ${String(error)}\n`);
    process.exit(0);
  }
} else {
  const marker = path.join(path.dirname(dir), `${path.basename(dir)}.holder`);
  let held = 0;
  let overlaps = 0;
  const until = Date.now() + 3000;
  while (Date.now() < until) {
    let release: (() => void) | null = null;
    try {
      release = acquireDataDirLock(dir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      continue;
    }
    held++;
    try {
      fs.writeFileSync(marker, String(process.pid), { flag: "wx" });
      fs.rmSync(marker);
    } catch {
      overlaps++;
    }
    release();
  }
  process.stdout.write(`held ${held} overlaps ${overlaps}\n`);
}

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/.server/config";
import { checkIntervalMs, estimateLag } from "~/.server/db/read-replica";

/** DATABASE_READ_URL (issue 19): a read replica for public reads, which only a PostgreSQL primary can have. */
describe("DATABASE_READ_URL", () => {
  it("is unset by default (reads then go to the primary) and an empty value counts as unset", () => {
    expect(parseConfig({}).DATABASE_READ_URL).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "postgres://db/near", DATABASE_READ_URL: " " }).DATABASE_READ_URL).toBe(
      undefined,
    );
  });

  it("is a postgres:// URL that goes with DATABASE_URL", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://primary:5432/near",
      DATABASE_READ_URL: "postgresql://replica:5432/near",
    });
    expect(config.DATABASE_READ_URL).toBe("postgresql://replica:5432/near");
    expect(() =>
      parseConfig({ DATABASE_URL: "postgres://primary/near", DATABASE_READ_URL: "mysql://replica/near" }),
    ).toThrowError(
      // Not repeated: a URL may hold a password.
      /DATABASE_READ_URL: expected a postgres:\/\/ or postgresql:\/\/ URL \(value not shown\)/,
    );
  });

  it("without DATABASE_URL is a configuration error: the embedded database has no replicas", () => {
    try {
      parseConfig({ DATABASE_READ_URL: "postgres://replica:5432/near" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^DATABASE_READ_URL: expected DATABASE_URL as well .*embedded database has no replicas/),
      ]);
    }
  });

  it("without DATABASE_URL stops the server at start with that one clear message", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-read-url-"));
    const run = promisify(execFile);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      DATABASE_READ_URL: "postgres://127.0.0.1:9/near",
    };
    try {
      const failure = await run(path.resolve("node_modules/.bin/tsx"), ["tests/support/api-server.ts"], {
        env,
        timeout: 60_000,
      }).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(/Invalid configuration:\n {2}- DATABASE_READ_URL: expected DATABASE_URL as well/);
      // It stopped before opening anything: no embedded database was created in DATA_DIR.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** DATABASE_READ_MAX_LAG_SECONDS (issue 42, ADR 017): how far behind the replica may be before reads leave it. */
describe("DATABASE_READ_MAX_LAG_SECONDS", () => {
  it("defaults to 30 s and takes whole seconds from 1 to a day", () => {
    expect(parseConfig({}).DATABASE_READ_MAX_LAG_SECONDS).toBe(30);
    expect(parseConfig({ DATABASE_READ_MAX_LAG_SECONDS: "5" }).DATABASE_READ_MAX_LAG_SECONDS).toBe(5);
    for (const [value, message] of [
      ["0", "expected at least 1 second"],
      ["1.5", "expected a whole number of seconds"],
      ["soon", "expected a number of seconds"],
      ["86401", "expected at most 86400 seconds"],
    ]) {
      expect(() => parseConfig({ DATABASE_READ_MAX_LAG_SECONDS: value })).toThrowError(
        new RegExp(`DATABASE_READ_MAX_LAG_SECONDS: ${message}`),
      );
    }
  });

  it("is measured every second, or a quarter of the bound when that is shorter (never under 250 ms)", () => {
    expect(checkIntervalMs(30)).toBe(1_000);
    expect(checkIntervalMs(2)).toBe(500);
    expect(checkIntervalMs(1)).toBe(250);
  });
});

describe("replay lag", () => {
  const now = 1_000_000;
  it("is 0 for a standby that has replayed all the primary had written, however old its last commit", () => {
    // An idle primary: nothing to replay, so pg_last_xact_replay_timestamp() stops moving.
    expect(estimateLag({ standby: true, caughtUp: true, replayAgeSeconds: 3600 }, now, null)).toBe(0);
    expect(estimateLag({ standby: true, caughtUp: true, replayAgeSeconds: null }, now, null)).toBe(0);
  });

  it("is 0 for a database that is not a standby", () => {
    expect(estimateLag({ standby: false, caughtUp: null, replayAgeSeconds: null }, now, null)).toBe(0);
  });

  it("behind: the smaller of the time since it was last caught up and the age of its last replayed commit", () => {
    // Its last replayed commit is an hour old (the primary was idle) but it was caught up 2 s ago: at most 2 s stale.
    expect(estimateLag({ standby: true, caughtUp: false, replayAgeSeconds: 3600 }, now, now - 2_000)).toBe(2);
    expect(estimateLag({ standby: true, caughtUp: false, replayAgeSeconds: 0.5 }, now, now - 2_000)).toBe(0.5);
    // A stream that broke while the primary kept writing: the time since it was caught up grows past any bound.
    expect(estimateLag({ standby: true, caughtUp: false, replayAgeSeconds: null }, now, now - 90_000)).toBe(90);
  });

  it("behind with neither known is over any bound", () => {
    expect(estimateLag({ standby: true, caughtUp: false, replayAgeSeconds: null }, now, null)).toBe(Infinity);
    expect(estimateLag({ standby: true, caughtUp: null, replayAgeSeconds: null }, now, null)).toBe(Infinity);
  });
});

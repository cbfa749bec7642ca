import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/.server/config";

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
      /DATABASE_READ_URL: expected a postgres:\/\/ or postgresql:\/\/ URL \(got "mysql:\/\/replica\/near"\)/,
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

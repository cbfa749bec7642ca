import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";

/**
 * Each test file gets its own database: an in-memory PGlite, or — in the
 * `postgres` Vitest project (TEST_DATABASE_URL set) — a fresh PostgreSQL
 * database created for the file and dropped afterwards. Both start as a copy
 * of one migrated database the project made once (tests/support/db-template.ts).
 */
export const TEST_DRIVER: "pglite" | "postgres" = process.env.NEAR_TEST_DRIVER === "postgres" ? "postgres" : "pglite";

export interface TestDatabase extends DatabaseHandle {
  /** postgres:// URL of this file's database (PostgreSQL only). */
  url?: string;
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DRIVER === "pglite") {
    const handle = await openDatabase({ fromDump: inject("dbTemplate") });
    return { ...handle, destroy: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("The postgres test project needs TEST_DATABASE_URL");
  const name = `near_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("dbTemplate")}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    ...handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

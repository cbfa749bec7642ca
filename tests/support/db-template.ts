import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase } from "~/.server/db/client";

/**
 * Vitest global setup of the integration projects: one migrated database, made once, that every test file's
 * database starts as a copy of (tests/support/db.ts). A new embedded database costs PGlite's initdb and the
 * migrations, seconds per file on two cores; a copy is a fraction of that. Made again when a migration changes
 * (the name holds a hash of drizzle/ and, for PGlite, of its version).
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite dump (pglite project) or template database name (postgres project). */
    dbTemplate: string;
  }
}

function migrationsHash(extra: string) {
  const hash = createHash("sha256").update(extra);
  const folder = migrationsFolder();
  const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

async function pgliteTemplate() {
  const { version } = JSON.parse(
    fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  const dir = path.resolve(".tmp/test-db-template");
  const file = path.join(dir, `${migrationsHash(version)}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({});
  try {
    const dump = await handle.dump!("none");
    // Written aside and renamed: a run started at the same moment never reads half a file.
    const partial = `${file}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  // Templates of older migrations (not another run's file still being written, which has a suffix).
  for (const old of fs.readdirSync(dir))
    if (old.endsWith(".tar") && path.join(dir, old) !== file) fs.rmSync(path.join(dir, old), { force: true });
  return file;
}

async function postgresTemplate(adminUrl: string) {
  const name = `near_template_${migrationsHash("")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return name;
    // Built under a name of its own and renamed when complete: a run started at the same moment never copies a
    // half-migrated template.
    const building = `${name}_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await handle.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another run made it first.
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      if ((error as { code?: string }).code !== "42P04") throw error;
    }
    // Templates of older migrations, no longer used.
    const { rows } = await admin.query<{ datname: string }>(
      // Finished ones only: another run's template still being built has a suffix.
      "select datname from pg_database where datname ~ '^near_template_[0-9a-f]{16}$' and datname <> $1",
      [name],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const postgres = project.config.env?.NEAR_TEST_DRIVER === "postgres";
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (postgres && !adminUrl) throw new Error("The postgres test project needs TEST_DATABASE_URL");
  project.provide("dbTemplate", postgres ? await postgresTemplate(adminUrl!) : await pgliteTemplate());
}

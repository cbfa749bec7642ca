// The embedded database's own thread (issue 13): PGlite runs PostgreSQL compiled to WebAssembly synchronously on the
// thread that calls it, so on the main thread every query stopped every page render and every socket write while it
// ran. Here it runs on a worker thread; app/.server/db/pglite-thread.ts is its other end, a stand-in for the PGlite
// client that drizzle and openDatabase use. Plain JavaScript, so the same file runs from the sources (tsx, Vitest)
// and from the build (copied beside build/server/main.js).
//
// Messages in: { id, type, ... } for open, query, exec, begin, end, listen, unlisten, dump, close.
// Messages out: { id, ok: true, value } or { id, ok: false, error }, and { type: "notification", channel, payload }.
import fs from "node:fs";
import { parentPort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Loaded into every embedded database: typo-tolerant search, and distances for "Near me" (docs/maps.md). */
const EXTENSIONS = { pg_trgm, cube, earthdistance };

/** @type {PGlite | undefined} */
let db;
/** Open transactions by id: the transaction object, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;
/** LISTEN subscriptions by channel: the function that ends each. */
const listening = new Map();

const keepText = (value) => value;
/**
 * The client's parsers can't cross threads. The only ones passed are drizzle's, which keep the text of date, time
 * and interval types (and their arrays) as it is: the same is done here for the type ids that were named.
 */
const parsersFor = (rawTypes) =>
  rawTypes?.length ? Object.fromEntries(rawTypes.map((oid) => [oid, keepText])) : undefined;

/** An error as data: its message and PostgreSQL's fields (code, detail, constraint…), rebuilt on the other side. */
function serialiseError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === "params" || typeof value === "function") continue;
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

function target(txId) {
  if (txId === undefined) return db;
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`No open transaction ${txId}`);
  return tx.client;
}

async function begin() {
  const id = nextTransaction++;
  let started;
  const ready = new Promise((resolve) => (started = resolve));
  let finish;
  const outcome = new Promise((resolve) => (finish = resolve));
  // PGlite holds its transaction lock (other queries wait) until this callback returns: it returns when the other
  // side ends the transaction, committing it or rolling it back.
  const done = db
    .transaction(async (client) => {
      transactions.set(id, { client, finish, done: undefined });
      started();
      const commit = await outcome;
      if (!commit && !client.closed) await client.rollback();
    })
    .finally(() => transactions.delete(id));
  // A transaction that could not start (closed database) fails the begin.
  await Promise.race([ready, done]);
  transactions.get(id).done = done;
  return id;
}

async function end(txId, commit) {
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`No open transaction ${txId}`);
  tx.finish(commit);
  await tx.done;
}

async function handle(message) {
  switch (message.type) {
    case "open":
      db = await PGlite.create({
        dataDir: message.dataDir,
        extensions: EXTENSIONS,
        // A copy of a dump (an uncompressed tar of a data directory) instead of a new, empty database.
        ...(message.fromDump ? { loadDataDir: new Blob([fs.readFileSync(message.fromDump)]) } : {}),
      });
      return undefined;
    case "query": {
      const { sql, params, rowMode, rawTypes, txId } = message;
      const parsers = parsersFor(rawTypes);
      return target(txId).query(sql, params, { ...(rowMode ? { rowMode } : {}), ...(parsers ? { parsers } : {}) });
    }
    case "exec":
      return target(message.txId).exec(message.sql);
    case "begin":
      return begin();
    case "end":
      return end(message.txId, message.commit);
    case "listen": {
      if (listening.has(message.channel)) return undefined;
      const unsubscribe = await db.listen(message.channel, (payload) =>
        parentPort.postMessage({ type: "notification", channel: message.channel, payload }),
      );
      listening.set(message.channel, unsubscribe);
      return undefined;
    }
    case "unlisten": {
      const unsubscribe = listening.get(message.channel);
      listening.delete(message.channel);
      await unsubscribe?.();
      return undefined;
    }
    case "dump": {
      const blob = await db.dumpDataDir(message.compression ?? "gzip");
      return new Uint8Array(await blob.arrayBuffer());
    }
    case "close":
      if (db && !db.closed) await db.close();
      return undefined;
    default:
      throw new Error(`Unknown message ${message.type}`);
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (value) => {
      // A dump's bytes move rather than copy.
      const transfer = value instanceof Uint8Array ? [value.buffer] : [];
      parentPort.postMessage({ id: message.id, ok: true, value }, transfer);
    },
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) }),
  );
});

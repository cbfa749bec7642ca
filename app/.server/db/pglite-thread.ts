import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Results } from "@electric-sql/pglite";

/**
 * The embedded database on its own thread (issue 13, docs/performance.md): PGlite runs in pglite-worker.mjs, and
 * this is its stand-in on the main thread, with the part of PGlite's client that drizzle-orm/pglite and
 * openDatabase use (query, exec, transaction, listen, dumpDataDir, close). Each call is a message; the main thread
 * only copies rows across, and renders pages while the database works.
 *
 * Why not a library: PGlite's own worker (`@electric-sql/pglite/worker`) is for browser tabs (Web Workers, tab
 * leader election through navigator.locks), and its socket server would put the wire protocol and a client between
 * us and the same thread; a message per call is what the two threads need.
 */

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };

interface Transaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };
type Notification = { type: "notification"; channel: string; payload: string };

/** The worker's file: beside this module in the sources, beside the server bundle in build/server. */
function workerFile() {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "pglite-worker.mjs");
}

/** An error from the worker, rebuilt with PostgreSQL's fields (code, detail, constraint…) as PGlite's own has them. */
function rebuildError(data: Record<string, unknown>): Error {
  const { message, name, ...fields } = data;
  const error = new Error(String(message));
  error.name = String(name ?? "Error");
  return Object.assign(error, fields);
}

export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private failure: Error | undefined;
  closed = false;

  private constructor() {
    this.worker = new Worker(workerFile());
    // Idle, the worker keeps nothing alive (as PGlite in the main thread didn't); a call in flight does.
    this.worker.unref();
    this.worker.on("message", (message: Reply | Notification) => {
      if ("type" in message) {
        for (const listener of this.listeners.get(message.channel) ?? []) listener(message.payload);
        return;
      }
      const call = this.pending.get(message.id);
      if (!call) return;
      this.settled(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(rebuildError(message.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      this.closed = true;
      for (const [id, call] of this.pending) {
        this.settled(id);
        call.reject(error);
      }
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens the database in it: `dataDir` on disk, or in memory without one; `fromDump`, a
   * file written by dumpDataDir("none"), starts it as a copy of that database.
   */
  static async create(dataDir?: string, fromDump?: string): Promise<PgliteThread> {
    const thread = new PgliteThread();
    try {
      await thread.call({ type: "open", dataDir, fromDump });
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  private settled(id: number) {
    this.pending.delete(id);
    if (!this.pending.size) this.worker.unref();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (!this.pending.size) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private queryIn<T>(txId: number | undefined, sql: string, params?: unknown[], options?: QueryOptions) {
    // Parsers are functions and can't cross: the worker keeps the text of the types they name (drizzle's only use).
    const rawTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call<Results<T>>({ type: "query", sql, params, rowMode: options?.rowMode, rawTypes, txId });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ type: "exec", sql });
  }

  /** Runs `callback` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ type: "begin" });
    let closed = false;
    const tx: Transaction = {
      query: (sql, params, options) => this.queryIn(txId, sql, params, options),
      exec: (sql) => this.call({ type: "exec", sql, txId }),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.call({ type: "end", txId, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.call({ type: "end", txId, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      try {
        await this.call({ type: "listen", channel });
      } catch (error) {
        this.listeners.delete(channel);
        throw error;
      }
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ type: "unlisten", channel });
    };
  }

  /** A consistent copy of the data directory, taken between two queries (PGlite's dump). */
  async dumpDataDir(compression: "gzip" | "none" = "gzip"): Promise<Blob> {
    const bytes = await this.call<Uint8Array<ArrayBuffer>>({ type: "dump", compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ type: "close" });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

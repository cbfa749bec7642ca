import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";

/**
 * The business change feed. A trigger on `businesses` NOTIFYs
 * `business_changes` on commit (drizzle/0003_directory.sql); each server
 * process LISTENs once and fans the events out to its SSE clients, so a
 * change made through any process on one PostgreSQL reaches every browser.
 *
 * Every change goes to subscribers with its public form: what an anonymous
 * client may know. Listings that aren't public (pending, rejected,
 * suspended) are never named there; a listing that stops being public (or is
 * deleted) is announced once as `removed`, without its status. To tell "stops
 * being public" from "was never public" each process keeps the set of
 * published ids (loaded at start, then kept by the feed itself).
 */
export const BUSINESS_CHANNEL = "business_changes";

/** A change as the database announces it: any listing, any status (admins' feed). */
export interface BusinessChange {
  op: "insert" | "update" | "delete";
  id: string;
  status: string;
}

/** A change as anonymous clients get it: published listings only, and `removed` when one leaves. */
export type PublicBusinessChange =
  { op: "insert" | "update"; id: string; status: "published" } | { op: "removed"; id: string };

/** `visible` is the change's public form, or null when the public must not hear of it. */
type Subscriber = (change: BusinessChange, visible: PublicBusinessChange | null) => void;

export interface ChangeFeed {
  /** Calls fn for every change; onClose runs if the feed ends the subscription (shutdown). */
  subscribe(fn: Subscriber, onClose?: () => void): () => void;
  /** Number of connected subscribers (for tests and metrics). */
  size(): number;
  /** Ends every subscription (shutdown). */
  closeAll(): void;
  close(): Promise<void>;
}

/** The public form of a change, given the ids published before it; updates `published`. */
export function publicChange(change: BusinessChange, published: Set<string>): PublicBusinessChange | null {
  const wasPublic = published.has(change.id);
  if (change.op !== "delete" && change.status === "published") {
    published.add(change.id);
    return { op: change.op, id: change.id, status: "published" };
  }
  published.delete(change.id);
  return wasPublic || (change.op === "delete" && change.status === "published")
    ? { op: "removed", id: change.id }
    : null;
}

export async function startChangeFeed(database: DatabaseHandle, logger: Logger): Promise<ChangeFeed> {
  const subscribers = new Map<Subscriber, (() => void) | undefined>();
  const published = new Set<string>();
  // Notifications that arrive while the published ids load wait for them.
  let waiting: string[] | null = [];

  const deliver = (payload: string) => {
    let change: BusinessChange;
    try {
      change = JSON.parse(payload) as BusinessChange;
      if (typeof change.id !== "string" || typeof change.status !== "string") throw new Error("bad shape");
    } catch {
      logger.warn("Ignoring a malformed business change notification");
      return;
    }
    const visible = publicChange(change, published);
    for (const fn of subscribers.keys()) fn(change, visible);
  };

  const loadPublished = async () => {
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`select id from businesses where status = 'published'`,
    );
    published.clear();
    for (const row of rows) published.add(row.id);
  };
  const unlisten = await database.listen(
    BUSINESS_CHANNEL,
    (payload) => {
      if (waiting) waiting.push(payload);
      else deliver(payload);
    },
    // The LISTEN connection was lost and is back: changes made meanwhile were not announced, so
    // the published ids are reloaded (a listing that left meanwhile is then simply not named).
    () => {
      loadPublished().catch((error: Error) =>
        logger.warn("Reloading published listings after a reconnect failed", { error: error.message }),
      );
    },
  );
  try {
    await loadPublished();
  } catch (error) {
    await unlisten();
    throw error;
  }
  const queued = waiting;
  waiting = null;
  for (const payload of queued) deliver(payload);

  return {
    subscribe(fn, onClose) {
      subscribers.set(fn, onClose);
      return () => {
        subscribers.delete(fn);
      };
    },
    size: () => subscribers.size,
    closeAll() {
      const closers = [...subscribers.values()];
      subscribers.clear();
      for (const close of closers) close?.();
    },
    async close() {
      subscribers.clear();
      await unlisten();
    },
  };
}

import type { DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";

/**
 * The business change feed. A trigger on `businesses` NOTIFYs
 * `business_changes` on commit (drizzle/0003_directory.sql); each server
 * process LISTENs once and fans the events out to its SSE clients, so a
 * change made through any process on one PostgreSQL reaches every browser.
 */
export const BUSINESS_CHANNEL = "business_changes";

export interface BusinessChange {
  op: "insert" | "update" | "delete";
  id: string;
  status: string;
}

type Subscriber = (change: BusinessChange) => void;

export interface ChangeFeed {
  /** Calls fn for every change; onClose runs if the feed ends the subscription (shutdown). */
  subscribe(fn: Subscriber, onClose?: () => void): () => void;
  /** Number of connected subscribers (for tests and metrics). */
  size(): number;
  /** Ends every subscription (shutdown). */
  closeAll(): void;
  close(): Promise<void>;
}

export async function startChangeFeed(database: DatabaseHandle, logger: Logger): Promise<ChangeFeed> {
  const subscribers = new Map<Subscriber, (() => void) | undefined>();
  const unlisten = await database.listen(BUSINESS_CHANNEL, (payload) => {
    let change: BusinessChange;
    try {
      change = JSON.parse(payload) as BusinessChange;
    } catch {
      logger.warn("Ignoring a malformed business change notification");
      return;
    }
    for (const fn of subscribers.keys()) fn(change);
  });
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

import type { DatabaseHandle } from "./client";

/** Socket and server-side codes that mean "the database can't be reached right now", not "this query is wrong". */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** SQLSTATE: connection exceptions (08…), admin shutdown, crash shutdown, cannot connect now, too many connections. */
const SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;
const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection timeout|Connection refused|the database system is (starting up|shutting down)/i;

/** Whether an error (or one it wraps: Drizzle wraps the driver's) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/** `SELECT 1` within timeoutMs: false when the database doesn't answer in time (never hangs). */
export async function databaseReachable(database: Pick<DatabaseHandle, "ping">, timeoutMs = 2_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      database.ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

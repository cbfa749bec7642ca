import pino from "pino";

/**
 * A small leveled logger over pino: one JSON line per entry. Never log secrets: callers pass messages and
 * plain fields, and errors are logged with their stack only on the server.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * `pretty`: readable text lines instead of JSON — on a terminal (a newcomer's `npm start` shows its demo accounts
 * as written); JSON wherever the output is collected.
 */
export function createLogger(level: LogLevel, { pretty = Boolean(process.stdout.isTTY) } = {}): Logger {
  if (pretty) return textLogger(level);
  // pino writes the JSON lines; they go out through process.stdout / process.stderr (warnings and errors), not
  // straight to the file descriptors, so an operator's redirect and the tests' captures both see them.
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, messageKey: "msg" } as const;
  const out = pino(options, { write: (line: string) => void process.stdout.write(line) });
  const err = pino(options, { write: (line: string) => void process.stderr.write(line) });
  return {
    debug: (m, f) => out.debug(cleanFields(f), redact(m)),
    info: (m, f) => out.info(cleanFields(f), redact(m)),
    warn: (m, f) => err.warn(cleanFields(f), redact(m)),
    error: (m, f) => err.error(cleanFields(f), redact(m)),
  };
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function textLogger(level: LogLevel): Logger {
  const min = ORDER[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const clean = cleanFields(fields);
    const suffix = Object.entries(clean)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(" ");
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${redact(msg)}${suffix ? ` ${suffix}` : ""}`;
    (lvl === "error" || lvl === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

/** Fields as plain JSON: errors become their message and stack (server logs only), every string is redacted. */
function cleanFields(fields?: Record<string, unknown>): Record<string, unknown> {
  return fields ? (clean(fields, 0) as Record<string, unknown>) : {};
}

/**
 * Nested values too, as JSON would write them (Better Auth hands its log calls whole objects, React Router its error
 * responses, whose text names the URL); deep ones are cut off.
 */
function clean(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redact(value);
  if (value instanceof Error) return { message: redact(value.message), stack: redact(value.stack ?? "") };
  if (value === null || typeof value !== "object") return value;
  if (depth >= 6) return "[nested]";
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function")
    return clean((value as { toJSON: () => unknown }).toJSON(), depth + 1);
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v, depth + 1)]));
}

/**
 * Path segments that are secrets in themselves: Better Auth's emailed reset link (`/api/auth/reset-password/:token`)
 * and any link built the same way (verification, magic links, invitations, confirm and unsubscribe links).
 * tests/unit/logger-redact.test.ts checks every `:token`-like parameter of the auth API and the route table.
 */
const SECRET_SEGMENT =
  /(\/(?:reset-password|verify-email|verify|magic-link|confirm|unsubscribe|invitation|accept-invitation|token)\/)[^/?#\s"'<>]+/gi;
/** A query's values: tokens (`?token=`, OAuth's `code` and `state`) and whatever people typed. Names are kept. */
const QUERY_VALUE = /([?&][^=&?#\s"'<>]+=)[^&#\s"'<>]+/g;
/** A URL's user name and password (`postgres://user:secret@host`). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^/?#\s"'<>@]+@/gi;

/**
 * The one redaction every log line goes through (message and every string field, errors and nested objects
 * included), so no log site has to remember it: secret path segments, query values and a URL's credentials become
 * `[redacted]`, and Drizzle's failed-query errors lose their parameters ("params: …": what a user typed, emails,
 * tokens) while the SQL stays.
 */
export function redact(text: string) {
  return text
    .replace(/\nparams: .*?(?=\n {4}at |$)/gs, "\nparams: [redacted]")
    .replace(SECRET_SEGMENT, "$1[redacted]")
    .replace(QUERY_VALUE, "$1[redacted]")
    .replace(URL_CREDENTIALS, "$1[redacted]@");
}

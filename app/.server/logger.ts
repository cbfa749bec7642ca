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

/** Fields as plain JSON: an error becomes its message and stack (server logs only), strings lose query parameters. */
function cleanFields(fields?: Record<string, unknown>): Record<string, unknown> {
  if (!fields) return {};
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Error) clean[key] = { message: redact(value.message), stack: redact(value.stack ?? "") };
    else clean[key] = typeof value === "string" ? redact(value) : value;
  }
  return clean;
}

/**
 * Drizzle's failed-query errors carry the query's parameters ("params: …"):
 * what a user typed, emails, tokens. The log keeps the SQL and drops them.
 */
export function redact(text: string) {
  return text.replace(/\nparams: .*?(?=\n {4}at |$)/gs, "\nparams: [redacted]");
}

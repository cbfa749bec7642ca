/**
 * A small leveled logger. Never log secrets: callers pass messages and
 * plain fields, and errors are logged with their stack only on the server.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel): Logger {
  const min = ORDER[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const suffix = fields && Object.keys(fields).length ? ` ${formatFields(fields)}` : "";
    const line = `${new Date().toISOString()} ${lvl.toUpperCase().padEnd(5)} ${redact(msg)}${suffix}`;
    if (lvl === "error" || lvl === "warn") process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

function formatFields(fields: Record<string, unknown>) {
  return Object.entries(fields)
    .map(([k, v]) => {
      if (v instanceof Error) return `${k}=${JSON.stringify(redact(v.stack ?? v.message))}`;
      return `${k}=${JSON.stringify(typeof v === "string" ? redact(v) : v)}`;
    })
    .join(" ");
}

/**
 * Drizzle's failed-query errors carry the query's parameters ("params: …"):
 * what a user typed, emails, tokens. The log keeps the SQL and drops them.
 */
export function redact(text: string) {
  return text.replace(/\nparams: .*?(?=\n {4}at |$)/gs, "\nparams: [redacted]");
}

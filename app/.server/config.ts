import path from "node:path";
import { z } from "zod";

/**
 * The environment, parsed once at boot. Nothing else reads `process.env`:
 * everything downstream receives this object (see Epic Stack's env.server.ts).
 */
const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "expected true or false",
  })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const schema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: "expected production, development or test",
    })
    .default("production"),
  PORT: z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole port number")
    .min(0, "expected a port between 0 and 65535")
    .max(65535, "expected a port between 0 and 65535")
    .default(3000),
  HOST: z.string().min(1, "expected a host name or address").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "expected a directory path").default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL")
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url({ error: "expected an absolute http(s) URL" }).optional()),
  SITE_NAME: z.string().min(1, "expected the company name").default("Near"),
  SITE_CITY: z.string().min(1, "expected a city name").default("Springfield"),
  SITE_STATE: z.string().min(1, "expected a state name or code").default("IL"),
  SITE_TIMEZONE: z
    .string()
    .default("America/Chicago")
    .refine(isValidTimeZone, "expected an IANA time zone such as America/Chicago"),
  SEED_DEMO: booleanFromString.default(true),
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"], {
      error: "expected debug, info, warn, error or silent",
    })
    .default("info"),
  /** Enables test-only routes (e.g. /__test/error). Never set in production. */
  TEST_HOOKS: booleanFromString.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "expected milliseconds" })
    .int()
    .min(0)
    .default(10_000),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** The origin users reach the site at, without a trailing slash. */
  publicUrl: string;
  isProduction: boolean;
}

function isValidTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment (normally `process.env`); throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = env[name];
      return `${name}: ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
    });
    throw new ConfigError(problems);
  }
  const parsed = result.data;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    publicUrl,
    isProduction: parsed.NODE_ENV === "production",
  };
}

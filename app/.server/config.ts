import path from "node:path";
import { z } from "zod";
import { DEFAULT_CITY_SITES, type CitySite } from "~/lib/catalogue";
import { isValidTimeZone } from "~/lib/dates";
import { isCountryCode } from "./countries";
import { compileTrustProxy } from "./trust-proxy";

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
  /**
   * A read-only PostgreSQL (a streaming replica) for the public reads that tolerate a second of lag: search, the
   * category pages, the home page's lists, public business pages, the public directory API, autocomplete and the
   * sitemap (docs/deploy.md, "Scale-out for search"). Unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /**
   * How far behind the primary the replica may be (its replay lag, in seconds) before public reads go to the primary
   * until it catches up (app/.server/db/read-replica.ts, ADR 017).
   */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce
    .number({ error: "expected a number of seconds" })
    .int("expected a whole number of seconds")
    .min(1, "expected at least 1 second")
    .max(86_400, "expected at most 86400 seconds (a day)")
    .default(30),
  PUBLIC_URL: optionalString.pipe(z.url({ error: "expected an absolute http(s) URL" }).optional()),
  SITE_NAME: z.string().min(1, "expected the company name").default("Near"),
  SITE_CITY: z.string().min(1, "expected a city name").default("Springfield"),
  SITE_STATE: z.string().min(1, "expected a state name or code").default("IL"),
  SITE_TIMEZONE: z
    .string()
    .default("America/Chicago")
    .refine(isValidTimeZone, "expected an IANA time zone such as America/Chicago"),
  /**
   * The site's country (ISO 3166-1 alpha-2): the listing form's default country, the country a listing's address
   * leaves out, and the distance unit (miles in US, GB, LR, MM; kilometres elsewhere). docs/maps.md.
   */
  SITE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .default("US")
    .refine(isCountryCode, "expected an ISO 3166-1 alpha-2 country code such as US, CA or GB"),
  /** The About page's network: a JSON array of { name, state, url, note? } (default: the spec's eight city sites). */
  CITY_SITES: optionalString.pipe(
    z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "expected a JSON array of { name, state, url, note }" });
          return z.NEVER;
        }
      })
      .pipe(
        z
          .array(
            z.object({
              name: z.string().trim().min(1).max(80),
              state: z.string().trim().min(1).max(80),
              url: z.url({ protocol: /^https?$/ }),
              note: z.string().trim().max(160).optional(),
            }),
            { error: "expected a JSON array of { name, state, url, note }" },
          )
          .max(50),
      )
      .optional(),
  ),
  SEED_DEMO: booleanFromString.default(true),
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"], {
      error: "expected debug, info, warn, error or silent",
    })
    .default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: "expected milliseconds" }).int().min(0).default(10_000),
  /** Seconds an anonymous page is served from memory (server/http/page-cache.ts); 0 turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number({ error: "expected seconds" }).int().min(0).max(3600).default(10),
  /**
   * Who gets Server-Timing's detail (db, loaders, render, template) and X-Cache: `admins` (signed-in admins, and a
   * request whose X-Debug-Timing header holds DEBUG_TIMING_SECRET), or `all` (development, tests, benchmarks). The
   * detail tells a reader whether someone else opened a page a moment ago (security finding 37.9). Default: `admins`
   * in production, `all` otherwise.
   */
  SERVER_TIMING: z.enum(["admins", "all"], { error: "expected admins or all" }).optional(),
  DEBUG_TIMING_SECRET: optionalString.pipe(z.string().min(16, "expected at least 16 characters").optional()),

  // --- Accounts (docs/accounts.md) ---
  /** Comma-separated emails added to the admins table at every start. */
  ADMIN_EMAILS: optionalString.pipe(
    z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((e) => e.trim().toLowerCase())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.email({ error: "expected comma-separated email addresses" }))),
  ),
  /** smtp://user:pass@host:587 or smtps://…:465. Unset: emails go to DATA_DIR/outbox/ and the log. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, "expected an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** Sender of account emails, e.g. `Near <no-reply@near.example>`. */
  MAIL_FROM: optionalString,
  /** Where the contact form's messages are emailed (they are also kept for admins at /admin/messages). Unset: ADMIN_EMAILS. */
  CONTACT_EMAIL: optionalString.pipe(z.email({ error: "expected an email address" }).optional()),
  /**
   * Signs session cookies and encrypts two-factor secrets. Unset: one is
   * generated once and kept in DATA_DIR/auth-secret (so restarts keep sessions).
   */
  BETTER_AUTH_SECRET: optionalString.pipe(
    z.string().min(32, "expected at least 32 characters (try: openssl rand -base64 32)").optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  /**
   * Test/dev only: the OpenID discovery document of a local OAuth server that
   * stands in for Google / GitHub (e.g. oauth2-mock-server in the tests).
   */
  GOOGLE_OIDC_DISCOVERY_URL: optionalString.pipe(z.url({ error: "expected an http(s) URL" }).optional()),
  GITHUB_OIDC_DISCOVERY_URL: optionalString.pipe(z.url({ error: "expected an http(s) URL" }).optional()),
  /**
   * Which proxies in front of the server are believed about the client's
   * address and scheme (X-Forwarded-For, X-Forwarded-Proto): unset trusts
   * none; a number of hops (1: one reverse proxy); or addresses, CIDR ranges
   * and `loopback` / `linklocal` / `uniquelocal`, comma-separated.
   */
  TRUST_PROXY: optionalString.refine(
    (value) => {
      try {
        compileTrustProxy(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: "expected a number of hops or comma-separated addresses / CIDR ranges (e.g. 1, loopback, 10.0.0.0/8)" },
  ),
  /** Better Auth's rate limiting. Only tests switch it off (AUTH_RATE_LIMIT=false). */
  AUTH_RATE_LIMIT: booleanFromString.default(true),

  // --- Photo storage (docs/media.md): local disk under DATA_DIR unless S3_BUCKET is set ---
  /** An S3-compatible bucket for photos (AWS S3, MinIO, R2…). Unset: DATA_DIR/media. */
  S3_BUCKET: optionalString,
  /** Default: https://s3.{S3_REGION}.amazonaws.com */
  S3_ENDPOINT: optionalString.pipe(z.url({ error: "expected an http(s) URL" }).optional()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** true: https://endpoint/bucket/key (MinIO and most self-hosted stores); false: https://bucket.endpoint/key. */
  S3_FORCE_PATH_STYLE: booleanFromString.default(true),

  // --- Payments (docs/payments.md): Stripe when STRIPE_SECRET_KEY is set, else upgrade requests admins grant ---
  STRIPE_SECRET_KEY: optionalString,
  /** The signing secret of the webhook endpoint (whsec_…), from the dashboard or `stripe listen`. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** The recurring price of each paid plan and period (price_…). */
  STRIPE_PRICE_FEATURED_MONTHLY: optionalString,
  STRIPE_PRICE_FEATURED_ANNUAL: optionalString,
  STRIPE_PRICE_PREMIUM_MONTHLY: optionalString,
  STRIPE_PRICE_PREMIUM_ANNUAL: optionalString,
  /** Tests only: a local stand-in for Stripe's API (e.g. http://127.0.0.1:12111). Unset: api.stripe.com. */
  STRIPE_API_URL: optionalString.pipe(z.url({ error: "expected an http(s) URL" }).optional()),

  // --- Maps (docs/maps.md) ---
  /** Raster tiles for the maps, with {z}/{x}/{y} (and optionally {s}). Default: OpenStreetMap's standard tiles. */
  MAP_TILE_URL: z
    .string()
    .trim()
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    .refine(
      (v) => /^https?:\/\/[^/]+\//.test(v) && v.includes("{z}") && v.includes("{x}") && v.includes("{y}"),
      "expected an http(s) URL template with {z}, {x} and {y}",
    ),
  /** The tiles' attribution, shown as text in the map's corner. */
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).default("© OpenStreetMap contributors"),
  /** A Nominatim-compatible geocoder (…/search?format=json&q=) for the listing form's "Find on map". Unset: no geocoding. */
  GEOCODER_URL: optionalString.pipe(z.url({ error: "expected an http(s) URL" }).optional()),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** The About page's network of city sites (CITY_SITES, or the spec's eight). */
  citySites: readonly CitySite[];
  /** The origin users reach the site at, without a trailing slash. */
  publicUrl: string;
  /**
   * Origins sign-in and sign-up are accepted from: PUBLIC_URL alone when it is
   * set; without it, the local addresses the server answers on (localhost,
   * 127.0.0.1 and [::1] on PORT), since people type any of them.
   */
  trustedOrigins: string[];
  isProduction: boolean;
  /** SERVER_TIMING with its default applied. */
  serverTiming: "admins" | "all";
  /** The map tiles as the browser needs them (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) and the origin the CSP allows images from. */
  mapTiles: MapTiles;
}

export interface MapTiles {
  url: string;
  attribution: string;
  /** e.g. https://tile.openstreetmap.org; `{s}` subdomains become a wildcard (https://*.tile.example.com). */
  cspSource: string;
}

/** The CSP source for a tile URL template: its scheme and host, with a `{s}` subdomain as `*`. */
export function tileCspSource(template: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return "'none'";
  return `${match[1] ?? ""}${(match[2] ?? "").replace(/\{s\}/g, "*")}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * The settings whose bad value an error repeats. Any other is left out: secrets and keys, and URLs and endpoints (a URL
 * can hold a password) — a new setting is hidden until it is listed here.
 */
const SHOWN_VALUES = new Set([
  "NODE_ENV",
  "PORT",
  "HOST",
  "DATA_DIR",
  "DATABASE_READ_MAX_LAG_SECONDS",
  "SITE_NAME",
  "SITE_CITY",
  "SITE_STATE",
  "SITE_TIMEZONE",
  "SITE_COUNTRY",
  "SEED_DEMO",
  "LOG_LEVEL",
  "SHUTDOWN_TIMEOUT_MS",
  "PAGE_CACHE_SECONDS",
  "SERVER_TIMING",
  "TRUST_PROXY",
  "AUTH_RATE_LIMIT",
  "S3_REGION",
  "S3_FORCE_PATH_STYLE",
]);

/** Parses an environment (normally `process.env`); throws ConfigError naming each bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = env[name];
      const shown =
        got === undefined ? "" : SHOWN_VALUES.has(name) ? ` (got ${JSON.stringify(got)})` : " (value not shown)";
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const parsed = result.data;
  const pairs = [
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
    ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET"],
  ] as const;
  const missing = pairs.flatMap(([id, secret]) =>
    parsed[id] && !parsed[secret]
      ? [`${secret}: expected the client secret that goes with ${id}`]
      : !parsed[id] && parsed[secret]
        ? [`${id}: expected the client id that goes with ${secret}`]
        : [],
  );
  if (parsed.DATABASE_READ_URL && !parsed.DATABASE_URL) {
    missing.push(
      "DATABASE_READ_URL: expected DATABASE_URL as well (a read replica needs a PostgreSQL primary; the embedded database has no replicas)",
    );
  }
  if (parsed.S3_BUCKET && (!parsed.S3_ACCESS_KEY_ID || !parsed.S3_SECRET_ACCESS_KEY)) {
    missing.push(
      "S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: expected the bucket's access key id and secret (S3_BUCKET is set)",
    );
  }
  if (parsed.STRIPE_SECRET_KEY) {
    const needed = [
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_FEATURED_MONTHLY",
      "STRIPE_PRICE_FEATURED_ANNUAL",
      "STRIPE_PRICE_PREMIUM_MONTHLY",
      "STRIPE_PRICE_PREMIUM_ANNUAL",
    ] as const;
    for (const name of needed)
      if (!parsed[name]) missing.push(`${name}: expected a value (STRIPE_SECRET_KEY is set; see docs/payments.md)`);
  }
  if (missing.length) throw new ConfigError(missing);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  const trustedOrigins = parsed.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${parsed.PORT}`);
  return {
    ...parsed,
    dataDir: path.resolve(parsed.DATA_DIR),
    publicUrl,
    trustedOrigins,
    citySites: parsed.CITY_SITES ?? DEFAULT_CITY_SITES,
    isProduction: parsed.NODE_ENV === "production",
    serverTiming: parsed.SERVER_TIMING ?? (parsed.NODE_ENV === "production" ? "admins" : "all"),
    mapTiles: {
      url: parsed.MAP_TILE_URL,
      attribution: parsed.MAP_TILE_ATTRIBUTION,
      cspSource: tileCspSource(parsed.MAP_TILE_URL),
    },
  };
}

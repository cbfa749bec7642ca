import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getOAuthState, getSessionFromCtx } from "better-auth/api";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import type { GenericOAuthConfig } from "better-auth/plugins";
import type { z } from "zod";
import { ACCOUNT_TYPE_VALUES } from "~/features/auth/schemas";
import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import { changeEmailEmail, existingAccountEmail, resetPasswordEmail, verificationEmail } from "./emails.server";
import type { Mailer } from "~/.server/mail";
import { resolveAuthSecret } from "~/.server/auth-secret";
import { RateLimiter } from "~/.server/rate-limit";
import { normalisedBody, SERVER_BODY_CHECKS, validationMessage } from "./validation.server";
import { deletionRefusal, removeEmailTraces } from "./account-data.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "./messages";
import { ensureProfile } from "~/features/people/queries.server";
import { photoFilesOfUser, removeReviewPhotoFiles } from "~/features/reviews/photos.server";
import type { MediaStorage } from "~/.server/media/types";

/**
 * The header our HTTP layer sets to the client's address before a request
 * reaches Better Auth (rate limits, session records). Whatever a client sends
 * under this name is dropped first: see server/http/app.ts.
 */
export const CLIENT_IP_HEADER = "x-near-client-ip";

export const SOCIAL_PROVIDERS = ["google", "github"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface AuthDeps {
  config: Config;
  database: { db: Database; driver: "pglite" | "postgres" };
  logger: Logger;
  mailer: Mailer;
  /** Where a deleted account's review photo files are removed from (issue 41). */
  storage: MediaStorage;
}

/** Which social sign-in buttons work: a provider needs a client id and secret. */
export function configuredProviders(config: Config): Record<SocialProvider, boolean> {
  return {
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
  };
}

function socialProviders(config: Config) {
  const builtIn: {
    google?: { clientId: string; clientSecret: string; prompt: "select_account" };
    github?: { clientId: string; clientSecret: string };
  } = {};
  // Test/dev only: a local OpenID server stands in for the provider, under the
  // provider's own id, so the app's flow (buttons, /api/auth/callback/<id>,
  // /auth/callback) is exactly the production one.
  const standIns: GenericOAuthConfig[] = [];
  const entries = [
    ["google", "Google", config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, config.GOOGLE_OIDC_DISCOVERY_URL],
    ["github", "GitHub", config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET, config.GITHUB_OIDC_DISCOVERY_URL],
  ] as const;
  for (const [id, name, clientId, clientSecret, discoveryUrl] of entries) {
    if (!clientId || !clientSecret) continue;
    if (discoveryUrl) {
      standIns.push({
        providerId: id,
        name,
        clientId,
        clientSecret,
        discoveryUrl,
        scopes: ["openid", "email", "profile"],
        pkce: true,
      });
    } else if (id === "google") {
      builtIn.google = { clientId, clientSecret, prompt: "select_account" };
    } else {
      builtIn.github = { clientId, clientSecret };
    }
  }
  return { builtIn, standIns };
}

/**
 * Better Auth's log lines go through ours (and never straight to the
 * console). Level "info" also keeps its router from printing every 4xx
 * (a wrong password…) with its own console logger, which it does at
 * "warn" and "error".
 */
function authLogger(logger: Logger) {
  return {
    level: "info" as const,
    log(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) {
      const fields: Record<string, unknown> = {};
      args.forEach((arg, i) => {
        fields[`arg${i}`] = arg instanceof Error ? arg.message : arg;
      });
      logger[level](`auth: ${message}`, fields);
    },
  };
}

/**
 * The Better Auth instance: email + password, email verification, password
 * reset, Google/GitHub sign-in, TOTP two-factor, on our database through the
 * Drizzle adapter. Sessions are database rows behind an httpOnly, SameSite=Lax
 * cookie (Secure when PUBLIC_URL is https), refreshed daily while in use.
 */
export function createAuth({ config, database, logger, mailer, storage }: AuthDeps) {
  const https = config.publicUrl.startsWith("https://");
  const site = config.SITE_NAME;
  const { builtIn, standIns } = socialProviders(config);
  // A deleted account's review photo files, read before the account goes and removed after (deleteUser below).
  const pendingPhotoFiles = new Map<string, Awaited<ReturnType<typeof photoFilesOfUser>>>();

  // Sending is not awaited: a reply must not take longer when an email exists.
  const deliver = (message: Parameters<Mailer["send"]>[0]) => {
    mailer.send(message).catch((error: unknown) => {
      logger.error("Could not send an account email", { subject: message.subject, error });
    });
  };

  return betterAuth({
    appName: site,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: authLogger(logger),
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        // The spec's user metadata `type`: customer or business, chosen at sign-up.
        type: { type: [...ACCOUNT_TYPE_VALUES], required: false, defaultValue: "customer", input: true },
      },
      // Email change (settings page): a link goes to the new address; the email changes only when it is clicked.
      changeEmail: { enabled: true },
      // Account deletion (settings page, or POST /api/auth/delete-user): a session older than a day
      // signs in again first; admins are refused; what the user table's cascades don't reach goes first.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          const refusal = await deletionRefusal(database.db, user);
          if (refusal) throw new APIError("FORBIDDEN", { message: refusal, code: "ADMIN_ACCOUNT" });
          await removeEmailTraces(database.db, user);
          // The account's review photos go with its reviews (the rows cascade); their files once it is gone.
          pendingPhotoFiles.set(user.id, await photoFilesOfUser(database.db, user.id));
        },
        afterDelete: async (user) => {
          const files = pendingPhotoFiles.get(user.id) ?? [];
          pendingPhotoFiles.delete(user.id);
          await removeReviewPhotoFiles({ storage, logger }, files);
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // The spec: sign-up is followed by an immediate sign-in; verification is asked for, not required.
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        deliver(resetPasswordEmail({ site, name: user.name, to: user.email, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // An email change (settings) sends this to the new address, which isn't the account's yet.
        const [current] = await database.db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, user.id))
          .limit(1);
        const changing = current !== undefined && current.email !== user.email;
        deliver((changing ? changeEmailEmail : verificationEmail)({ site, name: user.name, to: user.email, url }));
      },
    },
    socialProviders: builtIn,
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Any request a day after the last refresh extends the session (and its cookie).
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.AUTH_RATE_LIMIT,
      // On PostgreSQL the counters live in auth_rate_limits, shared by every process; PGlite has one process, and
      // its counters live in this instance's memory.
      ...(database.driver === "postgres"
        ? { storage: "database" as const }
        : { customStorage: instanceMemoryStorage() }),
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 10 },
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: "near",
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips these under NODE_ENV=test; we want the real checks everywhere.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // A session with its user in one query (the relations in db/auth-schema.ts), not two: every signed-in request
      // reads it (issue 13).
      database: { joins: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A new verification link (the banner's "Resend email", issue 40 defect 6): signed in only. Better Auth sends
        // it only to the session's own unverified address (another is EMAIL_MISMATCH); signed out it would send one
        // to any address typed, so nobody could tell whose inbox it fills. 3 a minute per address (its own rule).
        if (ctx.path === "/send-verification-email" && !(await getSessionFromCtx(ctx))) {
          throw new APIError("UNAUTHORIZED", {
            message: "Sign in to get a new verification link.",
            code: "SIGN_IN_REQUIRED",
          });
        }
        // The forms' zod schemas, enforced on the server too.
        let normalised: Record<string, unknown> | null = null;
        const schema: z.ZodType | undefined = SERVER_BODY_CHECKS[ctx.path];
        if (schema) {
          const result = schema.safeParse(ctx.body ?? {});
          if (!result.success) {
            const { message, fields } = validationMessage(result.error);
            throw new APIError("BAD_REQUEST", { message, code: "VALIDATION_ERROR", fields });
          }
          // Store what was checked: the normalised name, not the raw one (returned as the hook's context below).
          normalised = normalisedBody(ctx.body as Record<string, unknown>, result.data);
        }
        const input = normalised ?? ctx.body;
        // No profile picture is set through the API: nothing shows one, and a free-form URL (javascript:…) is not
        // one we should keep. Social sign-in fills it from the provider, on the server.
        if (ctx.path === "/update-user" && ctx.body && typeof ctx.body === "object" && "image" in ctx.body) {
          throw new APIError("BAD_REQUEST", {
            message: "The profile picture can't be changed here.",
            code: "IMAGE_READ_ONLY",
          });
        }
        // The account type is chosen at sign-up; becoming an owner later is its own
        // action on Account Settings (becomeBusinessOwner), never an open profile field.
        if (ctx.path === "/update-user" && ctx.body && typeof ctx.body === "object" && "type" in ctx.body) {
          throw new APIError("BAD_REQUEST", {
            message:
              "The account type can't be changed here. Customers can become business owners from Account Settings.",
            code: "ACCOUNT_TYPE_READ_ONLY",
          });
        }
        // Changing a password signs out every other session unless the caller explicitly asks not to.
        if (
          ctx.path === "/change-password" &&
          ctx.body &&
          typeof ctx.body === "object" &&
          ctx.body.revokeOtherSessions === undefined
        ) {
          return { context: { body: { ...input, revokeOtherSessions: true } } };
        }
        // Sign-up with an email that already has an account answers like a new sign-up
        // (no "already exists" to tell a stranger who has an account) and tells the owner.
        if (ctx.path === "/sign-up/email" && ctx.body && typeof ctx.body === "object") {
          const body = input as { email?: unknown; password?: unknown; name?: unknown; type?: unknown };
          const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
          const existing = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
          if (!existing?.user) return normalised ? { context: { body: normalised } } : undefined;
          // The same work a new sign-up does, so the answer takes as long.
          await ctx.context.password.hash(String(body.password ?? ""));
          deliver(
            existingAccountEmail({
              site,
              name: existing.user.name,
              to: existing.user.email,
              url: `${config.publicUrl}/auth`,
            }),
          );
          const now = new Date();
          // Better Auth's fields in its order (its answer to a new sign-up); only the token differs, which a new
          // sign-up's immediate sign-in can't hide (docs/security.md, finding 37.10).
          return ctx.json({
            token: null,
            user: {
              name: String(body.name ?? ""),
              email,
              emailVerified: false,
              image: null,
              createdAt: now,
              updatedAt: now,
              twoFactorEnabled: false,
              type: body.type === "business" ? "business" : "customer",
              id: ctx.context.generateId({ model: "user" }) || randomUUID(),
            },
          });
        }
        if (normalised) return { context: { body: normalised } };
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Social sign-up from the "Create Account" tab carries the chosen type in the OAuth state.
          before: async (user, ctx) => {
            if (!ctx?.path?.startsWith("/callback")) return;
            const state = (await getOAuthState().catch(() => null)) as { accountType?: unknown } | null;
            const type = state?.accountType;
            if (type === "customer" || type === "business") return { data: { ...user, type } };
          },
          // Every account has a public reviewer profile with a stable handle (issue 41).
          after: async (user) => {
            await ensureProfile(database.db, user);
          },
        },
      },
    },
    plugins: [
      twoFactor({ issuer: site, backupCodeOptions: { amount: 10, length: 10 } }),
      genericOAuth({ config: standIns }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth's own "memory" storage is one map for the whole process, shared by every auth instance in it: a test
 * file's sign-ins counted against the next file's in the same worker. These counters belong to one instance, in
 * rate-limiter-flexible's memory store (a limiter per rule, made when the rule is first seen).
 */
function instanceMemoryStorage() {
  const limiters = new Map<string, RateLimiter>();
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const name = `${rule.max}/${rule.window}`;
      let limiter = limiters.get(name);
      if (!limiter) limiters.set(name, (limiter = new RateLimiter(rule.max, rule.window * 1000)));
      const wait = await limiter.hit(key);
      return { allowed: wait === 0, retryAfter: wait === 0 ? null : wait };
    },
  };
}

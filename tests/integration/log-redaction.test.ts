import type { MiddlewareHandler } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resolveAuthSecret } from "~/.server/auth-secret";
import { createLogger, redact } from "~/.server/logger";
import { unsubscribeToken } from "~/features/notifications/tokens.server";
import { createApp } from "../../server/http/app";
import type { AppEnv } from "../../server/http/env";
import { browserSession } from "../support/auth-http";
import { startMailServer, type MailServer } from "../support/auth-servers.mjs";
import { routeTableBuild } from "../support/route-table-build";
import { createTestServices } from "../support/services";

/**
 * Issue 37.3: the access log carried live password-reset tokens (`"path":"/api/auth/reset-password/<token>"`). Every
 * link that carries a secret — reset, email verification, newsletter confirm and unsubscribe, notification
 * unsubscribe — is followed here as a person would, through the whole app and route table, and nothing written to
 * stdout or stderr (the access log, error lines, Better Auth's own) may hold its token.
 */

let mail: MailServer;
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let out = "";

/** Fails the one request that asks for it, with the URL in the error's message (as a library's error might). */
const failOnDemand: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header("x-test-fail")) throw new Error(`Could not handle ${c.req.url}`);
  await next();
};

beforeAll(async () => {
  mail = await startMailServer();
  // A real logger in the services themselves: Better Auth and the mailer log through it too.
  ctx = await createTestServices(
    { PUBLIC_URL: "http://near.test", SMTP_URL: mail.url, AUTH_RATE_LIMIT: "false" },
    { logger: createLogger("debug", { pretty: false }) },
  );
  const { build } = await routeTableBuild();
  app = createApp({ services: ctx.services, build, before: [failOnDemand] });
});
afterAll(async () => {
  await ctx?.cleanup();
  await mail?.close();
});

/** Runs `fn` with stdout and stderr captured into `out`. */
async function logged<T>(fn: () => Promise<T>): Promise<T> {
  const write = (chunk: unknown) => {
    out += String(chunk);
    return true;
  };
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation(write as never);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation(write as never);
  try {
    return await fn();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

const tokenOf = (link: string) => {
  const url = new URL(link);
  return url.searchParams.get("token") ?? url.pathname.split("/").at(-1)!;
};

function expectNotLogged(token: string) {
  expect(token.length).toBeGreaterThanOrEqual(16);
  expect(out).toContain('"msg":"request"');
  expect(out).not.toContain(token);
  expect(out).not.toContain(encodeURIComponent(token));
}

describe("37.3 no token reaches the log", () => {
  it("every secret path parameter of the auth API and the route table is one the log redacts", async () => {
    // Parameters that name things, not secrets: a provider, a record's id or slug, a public profile's handle.
    const named = new Set([":id", ":providerId", ":slug", ":menuId", ":handle", ":reviewId"]);
    const endpoints = Object.values(ctx.services.auth.api as Record<string, { path?: unknown }>)
      .map((e) => e.path)
      .filter((p): p is string => typeof p === "string");
    const { routes } = await routeTableBuild();
    const patterns = [...endpoints.map((p) => `/api/auth${p}`), ...routes.map((r) => `/${r.pattern}`)];
    const secret = patterns.filter((p) => (p.match(/:[A-Za-z]+/g) ?? []).some((param) => !named.has(param)));
    expect(secret).toContain("/api/auth/reset-password/:token");
    for (const pattern of secret) {
      const path = pattern.replace(/:[A-Za-z]+/g, (param) => (named.has(param) ? "x" : "SECRET-VALUE-123"));
      expect(redact(path)).not.toContain("SECRET-VALUE-123");
    }
  });

  it("password reset: the emailed link, the reset page, its data URL and the reset itself", async () => {
    const email = `reset-${Date.now()}@example.com`;
    const client = browserSession(app);
    await client.json("/api/auth/sign-up/email", { name: "Reset Me", email, password: "secret-123", type: "customer" });
    await client.json("/api/auth/request-password-reset", { email, redirectTo: "/auth/reset-password" });
    const message = await mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Reset"));
    const link = message.links.find((l) => l.includes("/api/auth/reset-password/"))!;
    const token = tokenOf(link);
    out = "";
    await logged(async () => {
      const landing = await browserSession(app).get(link);
      expect(landing.status).toBe(302);
      const page = new URL(landing.headers.get("location")!, "http://near.test");
      expect(page.searchParams.get("token")).toBe(token);
      expect((await browserSession(app).get(`${page.pathname}${page.search}`)).status).toBe(200);
      expect((await browserSession(app).get(`${page.pathname}.data${page.search}`)).status).toBe(200);
      // A failure while handling the link: the error line names the path and the URL, not the token.
      expect((await browserSession(app).get(link, { headers: { "x-test-fail": "1" } })).status).toBe(500);
      const reset = await browserSession(app).json("/api/auth/reset-password", { token, newPassword: "brand-new-1" });
      expect(reset.status).toBe(200);
      // Used: the link now fails, and that is logged without it too.
      expect((await browserSession(app).get(link)).status).toBe(302);
    });
    expect(out).toContain('"path":"/api/auth/reset-password/[redacted]"');
    expect(out).toContain('"msg":"Unhandled error"');
    expectNotLogged(token);
  });

  it("email verification: the emailed link", async () => {
    const email = `verify-${Date.now()}@example.com`;
    out = "";
    const token = await logged(async () => {
      const client = browserSession(app);
      await client.json("/api/auth/sign-up/email", {
        name: "Verify Me",
        email,
        password: "secret-123",
        type: "customer",
      });
      const message = await mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Verify"));
      const link = message.links.find((l) => l.includes("/api/auth/verify-email"))!;
      expect((await browserSession(app).get(link)).status).toBe(302);
      expect((await browserSession(app).get(link, { headers: { "x-test-fail": "1" } })).status).toBe(500);
      return tokenOf(link);
    });
    expectNotLogged(token);
  });

  it("newsletter: the confirm and unsubscribe links, their pages, data URLs and forms", async () => {
    const email = `news-${Date.now()}@example.com`;
    out = "";
    const tokens = await logged(async () => {
      const subscribe = await browserSession(app).request("/newsletter", {
        method: "POST",
        body: new URLSearchParams({ email }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(subscribe.status).toBeLessThan(400);
      const message = await mail.waitFor((m) => m.to.includes(email));
      const found: string[] = [];
      for (const kind of ["confirm", "unsubscribe"]) {
        const link = message.links.find((l) => l.includes(`/newsletter/${kind}?token=`))!;
        const token = tokenOf(link);
        found.push(token);
        const visitor = browserSession(app);
        expect((await visitor.get(link)).status).toBe(200);
        expect((await visitor.get(link.replace(`/${kind}?`, `/${kind}.data?`))).status).toBe(200);
        expect((await visitor.get(link.replace(`/${kind}?`, `/${kind}%0a?`))).status).toBe(404);
        const form = await visitor.request(`/newsletter/${kind}?token=${token}`, {
          method: "POST",
          body: new URLSearchParams({ token }),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect(form.status).toBe(200);
      }
      return found;
    });
    for (const token of tokens) expectNotLogged(token);
  });

  it("owner notifications: the one-click unsubscribe link", async () => {
    const client = browserSession(app);
    const signUp = await client.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
      name: "Owner",
      email: `owner-${Date.now()}@example.com`,
      password: "secret-123",
      type: "business",
    });
    const token = unsubscribeToken(resolveAuthSecret(ctx.services.config), signUp.body.user.id, "message");
    out = "";
    await logged(async () => {
      const visitor = browserSession(app);
      expect((await visitor.get(`/notifications/unsubscribe?token=${token}`)).status).toBe(200);
      const form = await visitor.request(`/notifications/unsubscribe?token=${token}`, {
        method: "POST",
        body: new URLSearchParams({ token }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(form.status).toBe(200);
    });
    expectNotLogged(token);
  });
});

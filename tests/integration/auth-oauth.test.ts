import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredProviders } from "~/features/auth/auth.server";
import { accounts, users } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { browserSession } from "../support/auth-http";
import { startOidcServer, type OidcServer } from "../support/auth-servers.mjs";
import { renderPage, visibleText } from "../support/render-page";
import { createTestServices } from "../support/services";
import AuthPage, { loader as authLoader } from "~/routes/auth";

/**
 * Google and GitHub sign-in: the whole authorization-code flow (PKCE, state,
 * nonce, a signed id_token checked against the provider's keys) against real
 * local OpenID servers, over real HTTP. The test plays the browser, following
 * each redirect itself.
 */

let google: OidcServer;
let github: OidcServer;
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  google = await startOidcServer({ identity: { sub: "g-1001", email: "grace@example.com", name: "Grace Google" } });
  github = await startOidcServer({ identity: { sub: "gh-2002", email: "gus@example.com", name: "Gus Hub" } });
  ctx = await createTestServices({
    PUBLIC_URL: "http://near.test",
    AUTH_RATE_LIMIT: "false",
    GOOGLE_CLIENT_ID: "near-google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_OIDC_DISCOVERY_URL: google.discoveryUrl,
    GITHUB_CLIENT_ID: "near-github-client",
    GITHUB_CLIENT_SECRET: "github-secret",
    GITHUB_OIDC_DISCOVERY_URL: github.discoveryUrl,
  });
  app = createApp({ services: ctx.services });
});
afterAll(async () => {
  await ctx?.cleanup();
  await google?.close();
  await github?.close();
});

const CALLBACKS = {
  callbackURL: "/auth/callback?event=social",
  newUserCallbackURL: "/auth/callback?event=social-signup",
  errorCallbackURL: "/auth",
};

/** Press the button, go to the provider, come back: returns where Better Auth sends the browser. */
async function socialSignIn(
  client: ReturnType<typeof browserSession>,
  provider: "google" | "github",
  extra: Record<string, unknown> = {},
) {
  const start = await client.json<{ url: string; redirect: boolean }>("/api/auth/sign-in/social", {
    provider,
    ...CALLBACKS,
    ...extra,
  });
  expect(start.status).toBe(200);
  const authorize = new URL(start.body.url);
  const issuer = new URL((provider === "google" ? google : github).issuer);
  expect(authorize.origin).toBe(issuer.origin);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`http://near.test/api/auth/callback/${provider}`);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();

  // The provider (a real HTTP server) answers with a redirect back to us.
  const atProvider = await fetch(authorize, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`http://near.test/api/auth/callback/${provider}`);

  const callback = await client.get(back.toString());
  expect(callback.status).toBe(302);
  return callback.headers.get("location");
}

describe("social sign-in", () => {
  it("Google: a new user is created (verified, with the type chosen on the sign-up tab) and signed in", async () => {
    const client = browserSession(app);
    const landing = await socialSignIn(client, "google", { additionalData: { accountType: "business" } });
    expect(landing).toBe("/auth/callback?event=social-signup");
    expect(client.hasSession()).toBe(true);

    const session = await client.json<{ user: { email: string; name: string; type: string; emailVerified: boolean } }>(
      "/api/auth/get-session",
    );
    expect(session.body.user).toMatchObject({
      email: "grace@example.com",
      name: "Grace Google",
      type: "business",
      emailVerified: true,
    });

    // Next time it is a sign-in to the same account.
    const again = browserSession(app);
    expect(await socialSignIn(again, "google")).toBe("/auth/callback?event=social");
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, "grace@example.com"));
    expect(rows).toHaveLength(1);
    const linked = await ctx.database.db.select().from(accounts).where(eq(accounts.userId, rows[0]!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([["google", "g-1001"]]);
  });

  it("GitHub: joins an existing password account with the same email only once that email is verified here", async () => {
    const owner = browserSession(app);
    const signUp = await owner.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
      name: "Gus Hub",
      email: "gus@example.com",
      password: "secret-1",
      type: "customer",
    });
    expect(signUp.status).toBe(200);

    // Unverified here: whoever typed this email at sign-up may not own it, so no linking (pre-hijack protection).
    const early = browserSession(app);
    expect(await socialSignIn(early, "github")).toBe("/auth?error=account_not_linked");
    expect(early.hasSession()).toBe(false);

    // (As the emailed verification link would.)
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, signUp.body.user.id));
    const client = browserSession(app);
    expect(await socialSignIn(client, "github")).toBe("/auth/callback?event=social");
    const session = await client.json<{ user: { id: string; type: string } }>("/api/auth/get-session");
    expect(session.body.user).toMatchObject({ id: signUp.body.user.id, type: "customer" });
  });

  it("a cancelled authorization comes back to /auth with the error", async () => {
    google.denyNext();
    const client = browserSession(app);
    const landing = await socialSignIn(client, "google");
    expect(landing).toMatch(/^\/auth\?error=access_denied/);
    expect(client.hasSession()).toBe(false);
  });

  it("a forged callback (state not from this browser) does not sign anyone in", async () => {
    const attacker = browserSession(app);
    const start = await attacker.json<{ url: string }>("/api/auth/sign-in/social", {
      provider: "google",
      ...CALLBACKS,
    });
    const atProvider = await fetch(start.body.url, { redirect: "manual" });
    const victim = browserSession(app);
    const res = await victim.get(atProvider.headers.get("location")!);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/error=/);
    expect(victim.hasSession()).toBe(false);
  });
});

describe("an unconfigured provider", () => {
  it("is reported as not configured and can't be started", async () => {
    const plain = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
    try {
      expect(configuredProviders(plain.services.config)).toEqual({ google: false, github: false });
      expect(configuredProviders(ctx.services.config)).toEqual({ google: true, github: true });
      const res = await browserSession(createApp({ services: plain.services })).json("/api/auth/sign-in/social", {
        provider: "github",
        ...CALLBACKS,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "PROVIDER_NOT_FOUND" });
    } finally {
      await plain.cleanup();
    }
  });
});

describe("the sign-in page", () => {
  /** /auth as a visitor sees it, rendered with its loader's data. */
  async function authPage(services: Awaited<ReturnType<typeof createTestServices>>, path = "/auth") {
    const request = new Request(`http://near.test${path}`);
    const context = { ...services.services, db: services.database.db, nonce: "", requestId: "t", clientIp: "::1" };
    const loaderData = await authLoader({ request, context, params: {} } as Parameters<typeof authLoader>[0]);
    return renderPage(AuthPage, { request, context, loaderData });
  }

  it("offers only the providers that are set up: none shows no social buttons and no divider", async () => {
    const plain = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
    const googleOnly = await createTestServices({
      PUBLIC_URL: "http://near.test",
      AUTH_RATE_LIMIT: "false",
      GOOGLE_CLIENT_ID: "near-google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
    });
    try {
      for (const path of ["/auth", "/auth?mode=signup"]) {
        const none = visibleText(await authPage(plain, path));
        expect(none).not.toMatch(/Not configured|continue with|Google|GitHub/i);
        const one = visibleText(await authPage(googleOnly, path));
        expect(one).toMatch(/or continue with Google/i);
        expect(one).not.toMatch(/GitHub|Not configured/);
        const both = visibleText(await authPage(ctx, path));
        expect(both).toMatch(/or continue with Google GitHub/i);
      }
    } finally {
      await plain.cleanup();
      await googleOnly.cleanup();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { browserSession } from "../support/auth-http";
import { createTestServices } from "../support/services";

/**
 * Abuse and cross-site protections: Better Auth's rate limits (on unless a
 * test says AUTH_RATE_LIMIT=false), origin checks on its endpoints and on
 * our own cookie-authenticated mutations, and redirect targets.
 */

describe("rate limiting", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
    app = createApp({ services: ctx.services });
    expect(ctx.services.config.AUTH_RATE_LIMIT).toBe(true);
  });
  afterAll(async () => ctx?.cleanup());

  it("answers repeated failed sign-ins with 429 and a clear message, and a forged client address doesn't reset it", async () => {
    const attempt = (i: number) =>
      browserSession(app).json<{ message: string }>(
        "/api/auth/sign-in/email",
        { email: "victim@example.com", password: `guess-${i}-wrong` },
        // Neither header is trusted: the client address comes from the socket.
        { headers: { "x-near-client-ip": `10.0.0.${i}`, "x-forwarded-for": `10.1.0.${i}` } },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i)).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const blocked = await attempt(10);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe("Too many requests. Please try again later.");
    expect(Number(blocked.res.headers.get("x-retry-after"))).toBeGreaterThan(0);
  });

  // Better Auth's own memory store is one map per process: another instance (a second app in the same process, or
  // the next test file in this worker) would have found this address already blocked.
  it("keeps its counters to its own instance", { timeout: 90_000 }, async () => {
    const other = await createTestServices({ PUBLIC_URL: "http://near.test" });
    try {
      const res = await browserSession(createApp({ services: other.services })).json("/api/auth/sign-in/email", {
        email: "victim@example.com",
        password: "guess-again-wrong",
      });
      expect(res.status).toBe(401);
    } finally {
      await other.cleanup();
    }
  });
});

describe("with AUTH_RATE_LIMIT=false", () => {
  // Builds its own database inside the test, so it gets the hook's time as well as the test's.
  it("never answers 429", { timeout: 90_000 }, async () => {
    const ctx = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
    try {
      const app = createApp({ services: ctx.services });
      for (let i = 0; i < 14; i++) {
        const res = await browserSession(app).json("/api/auth/sign-in/email", {
          email: "someone@example.com",
          password: "wrong-pass",
        });
        expect(res.status).toBe(401);
      }
    } finally {
      await ctx.cleanup();
    }
  });
});

describe("cross-site requests", () => {
  let ctx: Awaited<ReturnType<typeof createTestServices>>;
  let app: ReturnType<typeof createApp>;
  let cookie = "";
  beforeAll(async () => {
    ctx = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
    app = createApp({ services: ctx.services });
    const client = browserSession(app);
    await client.post("/api/auth/sign-up/email", {
      name: "Pat",
      email: "pat@example.com",
      password: "secret-1",
      type: "customer",
    });
    cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(cookie).toMatch(/session_token/);
  });
  afterAll(async () => ctx?.cleanup());

  const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
    app.request(`http://near.test${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("refuses a cookie-authenticated POST to /api/v1 from another origin with 403 in the API error shape", async () => {
    const res = await post("/api/v1/reviews", { cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Cross-site requests are not allowed." } });

    const fetchMetadata = await post("/api/v1/reviews", { cookie, "sec-fetch-site": "cross-site" });
    expect(fetchMetadata.status).toBe(403);
    const nullOrigin = await post("/api/v1/reviews", { cookie, origin: "null" });
    expect(nullOrigin.status).toBe(403);
  });

  it("lets same-origin and cookie-less requests through to the route", async () => {
    expect((await post("/api/v1/nowhere", { cookie, origin: "http://near.test" })).status).toBe(404);
    expect((await post("/api/v1/nowhere", { cookie, "sec-fetch-site": "same-origin" })).status).toBe(404);
    // Without cookies there is no ambient authority to abuse.
    expect((await post("/api/v1/nowhere", { origin: "https://evil.example" })).status).toBe(404);
  });

  it("refuses cross-site form posts to pages too (sign-out, settings)", async () => {
    const res = await post("/auth/sign-out", { cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Cross-site requests are not allowed.");
  });

  it("Better Auth refuses a cross-origin request that carries our cookie", async () => {
    const res = await post(
      "/api/auth/change-password",
      { cookie, origin: "https://evil.example" },
      { currentPassword: "secret-1", newPassword: "hacked-1" },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "INVALID_ORIGIN" });
    const signOut = await post("/api/auth/sign-out", { cookie, origin: "https://evil.example" });
    expect(signOut.status).toBe(403);
  });

  it("ignores redirect targets on other origins (callbackURL=https://evil.example)", async () => {
    const social = await post(
      "/api/auth/sign-in/social",
      { origin: "http://near.test" },
      { provider: "google", callbackURL: "https://evil.example" },
    );
    expect(social.status).toBe(403);
    expect(await social.json()).toMatchObject({ code: "INVALID_CALLBACK_URL" });
    const signUp = await post(
      "/api/auth/sign-up/email",
      { origin: "http://near.test" },
      {
        name: "Eve",
        email: "eve@example.com",
        password: "secret-1",
        type: "customer",
        callbackURL: "https://evil.example/phish",
      },
    );
    expect(signUp.status).toBe(403);
  });
});

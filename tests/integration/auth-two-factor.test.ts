import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactors, users } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { browserSession, secretFromTotpUri, totp } from "../support/auth-http";
import { createTestServices } from "../support/services";

/**
 * TOTP two-factor authentication (the spec's aal1 → aal2): enrolment with a
 * QR code's otpauth:// URI and backup codes, then sign-in asking for a code.
 * Codes are computed from the secret as an authenticator app would.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
const email = "tess@example.com";
const password = "secret-1";
let secret = "";
let backupCodes: string[] = [];

beforeAll(async () => {
  ctx = await createTestServices({
    PUBLIC_URL: "http://near.test",
    AUTH_RATE_LIMIT: "false",
    SITE_NAME: "Near Springfield",
  });
  app = createApp({ services: ctx.services });
  const res = await browserSession(app).post("/api/auth/sign-up/email", {
    name: "Tess Two",
    email,
    password,
    type: "customer",
  });
  expect(res.status).toBe(200);
});
afterAll(async () => ctx?.cleanup());

async function signedIn() {
  const client = browserSession(app);
  const res = await client.json<{ twoFactorRedirect?: boolean }>("/api/auth/sign-in/email", { email, password });
  return { client, res };
}

describe("enrolment", () => {
  it("needs the password, gives an otpauth URI and backup codes, and turns on only after a first code", async () => {
    const { client } = await signedIn();
    const wrong = await client.json("/api/auth/two-factor/enable", { password: "not-the-password" });
    expect(wrong.status).toBe(400);

    const enable = await client.json<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", {
      password,
    });
    expect(enable.status).toBe(200);
    const uri = new URL(enable.body.totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Near Springfield");
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(enable.body.backupCodes).toHaveLength(10);
    secret = secretFromTotpUri(enable.body.totpURI);
    backupCodes = enable.body.backupCodes;

    const [pending] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(pending?.twoFactorEnabled).toBe(false);
    // Stored encrypted, never as the secret itself.
    const [row] = await ctx.database.db.select().from(twoFactors).where(eq(twoFactors.userId, pending!.id));
    expect(row?.secret).not.toContain(secret);

    const bad = await client.json("/api/auth/two-factor/verify-totp", {
      code: "000000" === totp(secret) ? "111111" : "000000",
    });
    expect(bad.status).toBe(401);
    const good = await client.json("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(good.status).toBe(200);
    const [enabled] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(enabled?.twoFactorEnabled).toBe(true);
  });
});

describe("sign-in with two-factor on", () => {
  it("the password alone gives no session, only the second step", async () => {
    const { client, res } = await signedIn();
    expect(res.status).toBe(200);
    expect(res.body.twoFactorRedirect).toBe(true);
    expect(client.hasSession()).toBe(false);
    expect((await client.json("/api/auth/get-session")).body).toBeNull();
  });

  it("a wrong code is refused; the right code signs in", async () => {
    const { client } = await signedIn();
    const wrongCode = String((Number(totp(secret)) + 1) % 1_000_000).padStart(6, "0");
    expect((await client.json("/api/auth/two-factor/verify-totp", { code: wrongCode })).status).toBe(401);
    expect(client.hasSession()).toBe(false);

    const ok = await client.json<{ user: { email: string } }>("/api/auth/two-factor/verify-totp", {
      code: totp(secret),
    });
    expect(ok.status).toBe(200);
    expect(client.hasSession()).toBe(true);
    const session = await client.json<{ user: { email: string; twoFactorEnabled: boolean } }>("/api/auth/get-session");
    expect(session.body.user).toMatchObject({ email, twoFactorEnabled: true });
  });

  it("a backup code works once", async () => {
    const code = backupCodes[0]!;
    const first = await signedIn();
    expect((await first.client.json("/api/auth/two-factor/verify-backup-code", { code })).status).toBe(200);
    expect(first.client.hasSession()).toBe(true);

    const second = await signedIn();
    expect((await second.client.json("/api/auth/two-factor/verify-backup-code", { code })).status).toBe(401);
    expect(second.client.hasSession()).toBe(false);
  });

  it("a code can't be tried without first giving the password", async () => {
    const stranger = browserSession(app);
    const res = await stranger.json("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect(res.status).toBe(401);
    expect(stranger.hasSession()).toBe(false);
  });
});

describe("turning it off", () => {
  it("needs the password, then sign-in is one step again", async () => {
    const { client } = await signedIn();
    await client.post("/api/auth/two-factor/verify-totp", { code: totp(secret) });
    expect((await client.json("/api/auth/two-factor/disable", { password: "wrong-one" })).status).toBe(400);
    expect((await client.json("/api/auth/two-factor/disable", { password })).status).toBe(200);

    const { client: next, res } = await signedIn();
    expect(res.body.twoFactorRedirect).toBeUndefined();
    expect(next.hasSession()).toBe(true);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { browserSession } from "../support/auth-http";
import { startMailServer, type MailServer } from "../support/auth-servers.mjs";
import { createTestServices } from "../support/services";

/**
 * Sign-up, sign-in, sign-out, email verification, password reset and change
 * through Better Auth's HTTP API as our Hono app serves it, with the emails
 * received by a real SMTP server.
 */

let mail: MailServer;
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  mail = await startMailServer();
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", SMTP_URL: mail.url, AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
});
afterAll(async () => {
  await ctx?.cleanup();
  await mail?.close();
});

let n = 0;
const uniqueEmail = (label: string) => `${label}-${++n}-${Date.now()}@example.com`;

async function signUp(overrides: Record<string, unknown> = {}) {
  const client = browserSession(app);
  const body = { name: "Jordan Lee", email: uniqueEmail("user"), password: "secret-1", type: "customer", ...overrides };
  const res = await client.json<{ user: { id: string; email: string } }>("/api/auth/sign-up/email", body);
  return { client, res, body };
}

describe("sign-up", () => {
  it("creates the account with its type, signs it in at once with a safe cookie, and emails a verification link", async () => {
    const { client, res, body } = await signUp({
      name: "Rosa's Bakery",
      type: "business",
      callbackURL: "/auth/callback?event=verified",
    });
    expect(res.status).toBe(200);

    const cookie = res.res.headers.getSetCookie().find((c) => c.startsWith("near.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    expect(row).toMatchObject({ name: "Rosa's Bakery", type: "business", emailVerified: false });

    const session = await client.json<{ user: { email: string; type: string } }>("/api/auth/get-session");
    expect(session.body.user).toMatchObject({ email: body.email, type: "business" });

    const message = await mail.waitFor((m) => m.to.includes(body.email as string));
    expect(message.subject).toBe("Verify your email for Near");
    const link = message.links.find((l) => l.includes("/api/auth/verify-email"));
    expect(link).toBeDefined();

    // Opened in another browser: the link verifies and signs in, then lands on /auth/callback.
    const elsewhere = browserSession(app);
    const verify = await elsewhere.get(link!);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/auth/callback?event=verified");
    expect(elsewhere.hasSession()).toBe(true);
    const [verified] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    expect(verified?.emailVerified).toBe(true);
  });

  it("creates no second account with the same email, without telling the caller it exists", async () => {
    const { body } = await signUp();
    const again = await signUp({ email: body.email });
    expect(again.res.status).toBe(200);
    expect(again.res.body).toMatchObject({ token: null });
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ name: "" }, "name", "Full name is required."],
    [{ name: " ", type: "business" }, "name", "Business name is required."],
    [{ email: "" }, "email", "Email is required."],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address."],
    [{ password: "" }, "password", "Password is required."],
    [{ password: "five5" }, "password", "Password must be at least 6 characters long."],
    [{ password: "x".repeat(129) }, "password", "Password must be at most 128 characters long."],
    [{ type: "admin" }, "type", "Choose Customer or Business Owner."],
  ])("validates on the server with the form's schema: %o", async (overrides, field, message) => {
    const { res } = await signUp(overrides);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: "VALIDATION_ERROR", fields: { [field]: message } });
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and out again (the cookie and the session row go)", async () => {
    const { body } = await signUp();
    const client = browserSession(app);
    const res = await client.json<{ user: { email: string } }>("/api/auth/sign-in/email", {
      email: body.email,
      password: body.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(body.email);
    expect(client.hasSession()).toBe(true);

    const out = await client.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(client.hasSession()).toBe(false);
    const after = await client.json("/api/auth/get-session");
    expect(after.body).toBeNull();
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const { body } = await signUp();
    const wrong = await browserSession(app).json("/api/auth/sign-in/email", {
      email: body.email,
      password: "wrong-password",
    });
    const unknown = await browserSession(app).json("/api/auth/sign-in/email", {
      email: uniqueEmail("nobody"),
      password: "wrong-password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
  });

  it("validates sign-in input with the form's schema", async () => {
    const res = await browserSession(app).json("/api/auth/sign-in/email", { email: "nope", password: "" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { email: "Please enter a valid email address.", password: "Password is required." },
    });
  });

  it("marks the cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestServices({
      PUBLIC_URL: "https://near.test",
      SMTP_URL: mail.url,
      AUTH_RATE_LIMIT: "false",
    });
    try {
      const secureApp = createApp({ services: secure.services });
      const res = await browserSession(secureApp, "https://near.test").post("/api/auth/sign-up/email", {
        name: "Sam",
        email: uniqueEmail("secure"),
        password: "secret-1",
        type: "customer",
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(cookie).toMatch(/^__Secure-near\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.cleanup();
    }
  });
});

describe("password reset", () => {
  it("answers the same for any email, mails a link only to a real account, and the reset signs out every session", async () => {
    const { client: firstDevice, body } = await signUp();
    const secondDevice = browserSession(app);
    await secondDevice.post("/api/auth/sign-in/email", { email: body.email, password: body.password });
    expect(secondDevice.hasSession()).toBe(true);

    const known = await browserSession(app).json("/api/auth/request-password-reset", {
      email: body.email,
      redirectTo: "/auth/reset-password",
    });
    const unknownEmail = uniqueEmail("ghost");
    const unknown = await browserSession(app).json("/api/auth/request-password-reset", {
      email: unknownEmail,
      redirectTo: "/auth/reset-password",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const message = await mail.waitFor((m) => m.to.includes(body.email as string) && m.subject.startsWith("Reset"));
    expect(message.subject).toBe("Reset your Near password");
    const link = message.links.find((l) => l.includes("/api/auth/reset-password/"))!;
    const landing = await browserSession(app).get(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location")!, "http://near.test");
    expect(location.pathname).toBe("/auth/reset-password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const reset = await browserSession(app).json("/api/auth/reset-password", { token, newPassword: "brand-new-1" });
    expect(reset.status).toBe(200);

    for (const device of [firstDevice, secondDevice]) {
      expect((await device.json("/api/auth/get-session")).body).toBeNull();
    }
    expect(
      (await browserSession(app).json("/api/auth/sign-in/email", { email: body.email, password: body.password }))
        .status,
    ).toBe(401);
    expect(
      (await browserSession(app).json("/api/auth/sign-in/email", { email: body.email, password: "brand-new-1" }))
        .status,
    ).toBe(200);

    // The token works once.
    expect(
      (await browserSession(app).json("/api/auth/reset-password", { token, newPassword: "another-1" })).status,
    ).toBe(400);
    expect(mail.messages.some((m) => m.to.includes(unknownEmail))).toBe(false);
  });

  it("applies the password rules to the new password", async () => {
    const res = await browserSession(app).json("/api/auth/reset-password", { token: "whatever", newPassword: "abc" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: "Password must be at least 6 characters long." });
  });
});

describe("change password", () => {
  it("needs a session and the current password, and signs out the other sessions but not this one", async () => {
    const { client, body } = await signUp();
    const other = browserSession(app);
    await other.post("/api/auth/sign-in/email", { email: body.email, password: body.password });

    const anonymous = await browserSession(app).json("/api/auth/change-password", {
      currentPassword: "x",
      newPassword: "changed-1",
    });
    expect(anonymous.status).toBe(401);

    const wrong = await client.json("/api/auth/change-password", {
      currentPassword: "not-it-1",
      newPassword: "changed-1",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD" });

    const short = await client.json("/api/auth/change-password", {
      currentPassword: body.password,
      newPassword: "abc",
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ message: "Password must be at least 6 characters long." });

    const ok = await client.json("/api/auth/change-password", {
      currentPassword: body.password,
      newPassword: "changed-1",
      revokeOtherSessions: true,
    });
    expect(ok.status).toBe(200);
    expect((await client.json<{ user: { email: string } }>("/api/auth/get-session")).body.user.email).toBe(body.email);
    expect((await other.json("/api/auth/get-session")).body).toBeNull();

    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string));
    const remaining = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(remaining).toHaveLength(1);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, users } from "~/.server/db/schema";
import { VERIFY_DISMISS_COOKIE } from "~/features/auth/verify-reminder";
import { HELD_EMAILS_TEXT } from "~/features/notifications/components/held-emails-notice";
import { browserSession } from "../support/auth-http";
import { startMailServer, type MailServer } from "../support/auth-servers.mjs";
import { createBusiness } from "../support/factories";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";

/**
 * The reminder to verify an email address (issue 40, defect 6): the banner under the header for a signed-in reader
 * whose address is unverified (dismissed for the visit by a session cookie), "Resend email" through Better Auth's
 * POST /api/auth/send-verification-email — signed in only, to the session's own address, rate limited — and the
 * owner's dashboard and settings saying why emails about messages and reviews are held.
 */

const ORIGIN = "http://near.test";
let mail: MailServer;
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;

beforeAll(async () => {
  mail = await startMailServer();
  // Rate limiting on (the default): the resend's own rule is part of what is tested.
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, SMTP_URL: mail.url });
  app = await pagesApp(ctx.services);
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
  await mail?.close();
});

let n = 0;
async function signUp(type: "customer" | "business" = "customer") {
  const client = browserSession(app, ORIGIN);
  const email = `verify-${++n}-${Date.now()}@example.com`;
  const res = await client.json("/api/auth/sign-up/email", { name: `Person ${n}`, email, password: "secret-1", type });
  expect(res.status).toBe(200);
  // The sign-up's own verification email.
  await mail.waitFor((m) => m.to.includes(email) && m.subject.startsWith("Verify your email"));
  return { client, email };
}

const mailsTo = (email: string) => mail.messages.filter((m) => m.to.includes(email)).length;
const resend = (client: ReturnType<typeof browserSession>, email: string) =>
  client.json<{ code?: string; message?: string }>("/api/auth/send-verification-email", {
    email,
    callbackURL: "/auth/callback?event=verified",
  });

describe("Resend email (POST /api/auth/send-verification-email)", () => {
  it("sends the signed-in reader a new link; never to another's address; not signed out; 3 a minute", async () => {
    const a = await signUp();
    const b = await signUp();

    // A: a new link to A's own address.
    const before = mailsTo(a.email);
    expect((await resend(a.client, a.email)).status).toBe(200);
    const again = await mail.waitFor(
      (m) => m.to.includes(a.email) && mail.messages.filter((x) => x.to.includes(a.email)).length > before,
    );
    expect(again.links.some((l) => l.startsWith(`${ORIGIN}/api/auth/verify-email?token=`))).toBe(true);
    const afterA = mailsTo(a.email);

    // B, signed in, can't send one to A's address.
    const mismatch = await resend(b.client, a.email);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe("EMAIL_MISMATCH");
    // Nor can anyone signed out.
    const visitor = await resend(browserSession(app, ORIGIN), a.email);
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe("SIGN_IN_REQUIRED");
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(a.email)).toBe(afterA);

    // Three a minute from one address (Better Auth's rule for this path): the fourth waits.
    const limited = await resend(a.client, a.email);
    expect(limited.status).toBe(429);
  });

  it("a verified address is told so, and gets no email", async () => {
    // A fresh server: the rate limit above is per address and minute.
    const own = await createTestServices({ PUBLIC_URL: ORIGIN, SMTP_URL: mail.url });
    try {
      const ownApp = await pagesApp(own.services);
      const client = browserSession(ownApp, ORIGIN);
      const email = `verified-${Date.now()}@example.com`;
      expect(
        (
          await client.json("/api/auth/sign-up/email", {
            name: "Vera Verified",
            email,
            password: "secret-1",
            type: "customer",
          })
        ).status,
      ).toBe(200);
      await own.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const res = await client.json<{ code?: string }>("/api/auth/send-verification-email", { email });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("EMAIL_ALREADY_VERIFIED");
    } finally {
      await own.cleanup();
    }
  });
});

describe("the banner", () => {
  const banner = async (client: ReturnType<typeof browserSession>, path = "/") =>
    (await documentOf(await client.get(path))).querySelector('[data-testid="verify-email-banner"]');

  it("is under the header for an unverified reader, with their address; gone once dismissed for the visit", async () => {
    const { client, email } = await signUp();
    const shown = await banner(client);
    expect(textOf(shown)).toContain(`Please verify your email address: we sent a link to ${email}.`);
    expect(textOf(shown)).toContain("Resend email");
    // On every page of the site.
    expect(await banner(client, "/search")).not.toBeNull();
    // Dismissed: the browser holds a session cookie; the server leaves the banner out.
    client.jar.set(VERIFY_DISMISS_COOKIE, "1");
    expect(await banner(client)).toBeNull();
    expect(await banner(client, "/search")).toBeNull();
  });

  it("is not shown to a verified reader, nor to a visitor", async () => {
    const { client, email } = await signUp();
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    expect(await banner(client)).toBeNull();
    expect(await banner(browserSession(app, ORIGIN))).toBeNull();
  });
});

describe("an unverified owner's held emails", () => {
  it("the dashboard and the notification settings say why, with Resend email; not once verified", async () => {
    const { client, email } = await signUp("business");
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const listing = await createBusiness(ctx.database.db, { name: "Held Mail Diner", ownerId: owner!.id });
    expect(listing.ownerId).toBe(owner!.id);
    for (const path of ["/portal", "/account/settings"]) {
      const notice = (await documentOf(await client.get(path))).querySelector('[data-testid="held-emails-notice"]');
      expect(textOf(notice), path).toContain(HELD_EMAILS_TEXT);
      expect(textOf(notice), path).toContain("Resend email");
    }
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner!.id));
    for (const path of ["/portal", "/account/settings"]) {
      const doc = await documentOf(await client.get(path));
      expect(doc.querySelector('[data-testid="held-emails-notice"]'), path).toBeNull();
    }
    await ctx.database.db.delete(businesses).where(eq(businesses.id, listing.id));
  });
});

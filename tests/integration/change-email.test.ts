import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { action as settingsAction } from "~/routes/account-settings";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Email change with re-verification (issue 16): /account/settings sends a
 * link to the new address; the account's email changes only when it is
 * opened. Taken addresses get the same answer and no email; signed out, or
 * the same address, nothing happens.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let context: AppLoadContext;
type User = Awaited<ReturnType<typeof signedInUser>>;
let alice: User;
let bob: User;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
  context = { ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "127.0.0.1" };
  alice = await signedInUser(app, ctx.database.db, { name: "Alice" });
  bob = await signedInUser(app, ctx.database.db, { name: "Bob" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

const cookie = (u: User) => [...u.jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function change(user: User | null, newEmail: string) {
  const form = new FormData();
  form.append("intent", "change-email");
  form.append("newEmail", newEmail);
  const headers: Record<string, string> = { origin: ORIGIN };
  if (user) headers.cookie = cookie(user);
  try {
    const res = (await settingsAction({
      request: new Request(`${ORIGIN}/account/settings`, { method: "POST", headers, body: form }),
      context,
      params: {},
    } as never)) as unknown as { data: { ok: boolean; message: string }; init?: { status?: number } };
    return { status: res.init?.status ?? 200, ...res.data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, ok: false, message: "" };
    throw error;
  }
}

/** The .eml files in DATA_DIR/outbox addressed to `to`, decoded enough to read a link. */
function mailsTo(to: string) {
  const dir = path.join(ctx.services.config.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((raw) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(raw));
}

async function emailOf(user: User) {
  const [row] = await ctx.database.db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, user.id));
  return row!;
}

describe("change email", () => {
  it("sends a link to the new address and changes the email only when it is opened", async () => {
    const next = `alice.new.${Date.now()}@example.org`;
    const answer = await change(alice, next);
    expect(answer).toMatchObject({ status: 200, ok: true });
    expect(answer.message).toContain(next);
    expect((await emailOf(alice)).email).toBe(alice.email);

    // The mail queue writes it moments after the answer.
    await expect.poll(() => mailsTo(next)).toHaveLength(1);
    const [mail] = mailsTo(next);
    expect(mail).toMatch(/Subject: Confirm your new email address/);
    const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail!)![0];
    // Bob can't use the link to change his own account, and opening it doesn't touch him.
    await app.request(link, { headers: { cookie: cookie(bob) } });
    expect((await emailOf(bob)).email).toBe(bob.email);
    expect((await emailOf(alice)).email).toBe(alice.email);
    // Alice opens it.
    const opened = await app.request(link, { headers: { cookie: cookie(alice) } });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/auth/callback?event=verified&redirectTo=/account/settings");
    const after = await emailOf(alice);
    expect(after.email).toBe(next);
    expect(after.verified).toBe(true);
  });

  it("gives the same answer for an address that is taken, and sends it nothing", async () => {
    const answer = await change(
      bob,
      alice.email === (await emailOf(alice)).email ? alice.email : (await emailOf(alice)).email,
    );
    expect(answer).toMatchObject({ status: 200, ok: true });
    expect((await emailOf(bob)).email).toBe(bob.email);
  });

  it("refuses a bad address, the same address, and a signed-out request", async () => {
    expect(await change(bob, "not-an-email")).toMatchObject({
      status: 400,
      ok: false,
      message: "Enter a valid email address.",
    });
    expect(await change(bob, bob.email.toUpperCase())).toMatchObject({ status: 400, ok: false });
    expect((await change(null, "someone@example.org")).status).toBe(302);
  });
});

import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers } from "~/.server/db/schema";
import type { MailMessage, Mailer } from "~/.server/mail";
import { createRateLimits } from "../../server/rate-limits";
import AdminMessagesPage from "~/routes/admin-messages";
import { adminMessagesAction, loadAdminMessages } from "~/routes/admin-messages.server";
import { loader as exportLoader } from "~/routes/admin-newsletter-export";
import { contactAction } from "~/routes/contact.server";
import { loadTokenPage, subscribeAction, tokenAction } from "~/routes/newsletter.server";
import { SUBSCRIBE_ANSWER } from "~/features/content/newsletter-schema";
import { createApp } from "../../server/http/app";
import { renderPage, visibleText } from "../support/render-page";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/** The contact form (stored, emailed, honeypot, rate limit) and the newsletter's double opt-in. */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "outbox", send: async (m) => void sent.push(m), close: () => {} };
type Who = "visitor" | "customer" | "admin";
const cookies = {} as Record<Who, string>;
const db = () => ctx.database.db;

function context(ip = "203.0.113.7", limits = ctx.services.limits): AppLoadContext {
  return { ...ctx.services, mailer, limits, db: db(), nonce: "", requestId: "t", clientIp: ip } as AppLoadContext;
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", CONTACT_EMAIL: "team@near.test" });
  const app = createApp({ services: ctx.services });
  for (const who of ["customer", "admin"] as const) {
    const user = await signedInUser(app, db(), { admin: who === "admin" });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  cookies.visitor = "";
});
afterAll(async () => {
  await ctx?.cleanup();
});

function post(who: Who, path: string, body: Record<string, string>) {
  const headers = new Headers({ origin: ORIGIN });
  if (cookies[who]) headers.set("cookie", cookies[who]);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}
const get = (who: Who, path: string) =>
  new Request(`${ORIGIN}${path}`, { headers: cookies[who] ? { cookie: cookies[who] } : {} });

async function run(fn: () => Promise<unknown>) {
  try {
    const result = (await fn()) as { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
    if (result instanceof Response) return { status: result.status, body: result as never, location: null };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never, location: null as string | null };
    return { status: 200, body: result as never, location: null as string | null };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: null as never, location: error.headers.get("location") };
    throw error;
  }
}

const MESSAGE = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Listing question",
  message: "How do I add holiday hours <b>to</b> my listing?",
};

describe("contact", () => {
  it("validates with the form's messages", async () => {
    const res = await run(() =>
      contactAction(
        post("visitor", "/contact", { name: "", email: "nope", subject: "x", message: "short" }),
        context(),
      ),
    );
    expect(res.status).toBe(400);
    expect((res.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      name: ["Name is required."],
      email: ["Enter a valid email address."],
      subject: ["Subject must be at least 3 characters."],
      message: ["Message must be at least 10 characters."],
    });
  });

  it("stores the message and emails the contact address, the sender's text escaped", async () => {
    sent.length = 0;
    const res = await run(() => contactAction(post("visitor", "/contact", MESSAGE), context()));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.email, "ada@example.com"));
    expect(row).toMatchObject({ name: "Ada Lovelace", subject: "Listing question", readAt: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "team@near.test", subject: "[Near contact] Listing question" });
    expect(sent[0]!.text).toContain("How do I add holiday hours <b>to</b> my listing?");
    expect(sent[0]!.html).toContain("&lt;b&gt;to&lt;/b&gt;");
  });

  it("drops a filled honeypot silently and rate-limits each address", async () => {
    sent.length = 0;
    const before = (await db().select().from(contactMessages)).length;
    const bot = await run(() =>
      contactAction(post("visitor", "/contact", { ...MESSAGE, website: "http://spam.example" }), context()),
    );
    expect(bot).toMatchObject({ status: 200, body: { ok: true } });
    expect((await db().select().from(contactMessages)).length).toBe(before);
    expect(sent).toHaveLength(0);

    const limits = createRateLimits();
    for (let i = 0; i < 5; i++)
      expect(
        (await run(() => contactAction(post("visitor", "/contact", MESSAGE), context("198.51.100.9", limits)))).status,
      ).toBe(200);
    const limited = await run(() =>
      contactAction(post("visitor", "/contact", MESSAGE), context("198.51.100.9", limits)),
    );
    expect(limited.status).toBe(429);
    // Another address is not affected.
    expect(
      (await run(() => contactAction(post("visitor", "/contact", MESSAGE), context("198.51.100.10", limits)))).status,
    ).toBe(200);
  });

  it("lets only admins read and manage the messages", async () => {
    expect(
      (await run(() => loadAdminMessages({ request: get("visitor", "/admin/messages"), context: context() }))).location,
    ).toMatch(/^\/auth/);
    expect(
      (await run(() => loadAdminMessages({ request: get("customer", "/admin/messages"), context: context() })))
        .location,
    ).toBe("/");
    const [row] = await db().select().from(contactMessages).limit(1);
    const denied = await run(() =>
      adminMessagesAction({
        request: post("customer", "/admin/messages", { intent: "delete", messageId: row!.id }),
        context: context(),
      }),
    );
    expect(denied.location).toBe("/");
    const list = await run(() => loadAdminMessages({ request: get("admin", "/admin/messages"), context: context() }));
    const body = list.body as { items: { id: string }[]; unread: number };
    expect(body.items.length).toBeGreaterThan(0);
    const unread = body.unread;
    await run(() =>
      adminMessagesAction({
        request: post("admin", "/admin/messages", { intent: "read", messageId: row!.id }),
        context: context(),
      }),
    );
    const after = await run(() => loadAdminMessages({ request: get("admin", "/admin/messages"), context: context() }));
    expect((after.body as { unread: number }).unread).toBe(unread - 1);
  });
});

describe("the admin Messages page says where messages go", () => {
  async function lead(services: Awaited<ReturnType<typeof createTestServices>>, overrides: object = {}) {
    const app = createApp({ services: services.services });
    const admin = await signedInUser(app, services.database.db, { admin: true });
    const request = new Request(`${ORIGIN}/admin/messages`, {
      headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    const ctxFor = { ...services.services, db: services.database.db, nonce: "", requestId: "t", clientIp: "::1" };
    const loaderData = { ...(await loadAdminMessages({ request, context: ctxFor })), ...overrides };
    const text = visibleText(await renderPage(AdminMessagesPage, { request, context: ctxFor, loaderData }));
    return text.match(/Messages sent through the contact page[^.]*\.[^.]*\./)?.[0] ?? text;
  }

  it("kept here only without an address; to CONTACT_EMAIL (outbox or SMTP) when set", async () => {
    const plain = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
    try {
      const none = await lead(plain);
      expect(none).toMatch(/kept here only/);
      expect(none).not.toMatch(/emailed to/);
    } finally {
      await plain.cleanup();
    }
    // ctx has CONTACT_EMAIL and no SMTP_URL: the emails wait in the outbox folder.
    expect(await lead(ctx)).toMatch(/written as emails to team@near\.test in the server's outbox folder/);
    expect(await lead(ctx, { delivery: { to: ["team@near.test"], smtp: true } })).toMatch(
      /also emailed to team@near\.test\./,
    );
  }, 120_000); // A second set of services (its own database) and three signed-in renders: slow on a busy machine.
});

describe("newsletter", () => {
  const subscribe = (email: string, ip = "192.0.2.1") =>
    run(() => subscribeAction(post("visitor", "/newsletter", { email }), context(ip)));
  const tokenFrom = (m: MailMessage, kind: "confirm" | "unsubscribe") =>
    new URL(m.text.match(new RegExp(`${ORIGIN}/newsletter/${kind}\\?token=[\\w-]+`))![0]).searchParams.get("token")!;

  it("double opt-in: pending until the emailed link is confirmed; every email can unsubscribe", async () => {
    sent.length = 0;
    expect(await subscribe("Reader@Example.com")).toMatchObject({
      status: 200,
      body: { ok: true, message: SUBSCRIBE_ANSWER },
    });
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader@example.com"));
    expect(row).toMatchObject({ status: "pending", confirmedAt: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Confirm your Near newsletter subscription");
    const token = tokenFrom(sent[0]!, "confirm");
    expect(tokenFrom(sent[0]!, "unsubscribe")).toBe(token);
    expect(row!.tokenHash).not.toContain(token); // only a hash is stored

    // Opening the link changes nothing; the button does.
    const page = await run(() => loadTokenPage(get("visitor", `/newsletter/confirm?token=${token}`), context()));
    expect(page.body).toMatchObject({ subscription: { email: "reader@example.com", status: "pending" } });
    const confirmed = await run(() =>
      tokenAction(post("visitor", "/newsletter/confirm", { token }), context(), "confirm"),
    );
    expect(confirmed.body).toEqual({ ok: true, email: "reader@example.com" });
    const [after] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "reader@example.com"));
    expect(after!.status).toBe("confirmed");

    // Subscribing again: the same answer, no email.
    sent.length = 0;
    expect(await subscribe("reader@example.com")).toMatchObject({ body: { ok: true, message: SUBSCRIBE_ANSWER } });
    expect(sent).toHaveLength(0);

    // Unsubscribe, then the confirm link no longer works.
    const out = await run(() =>
      tokenAction(post("visitor", "/newsletter/unsubscribe", { token }), context(), "unsubscribe"),
    );
    expect(out.body).toEqual({ ok: true, email: "reader@example.com" });
    const again = await run(() => tokenAction(post("visitor", "/newsletter/confirm", { token }), context(), "confirm"));
    expect(again.status).toBe(404);
  });

  it("answers bad addresses and unknown tokens clearly, and rate-limits sign-ups", async () => {
    expect(await subscribe("not-an-email")).toMatchObject({
      status: 400,
      body: { ok: false, message: "Enter a valid email address." },
    });
    expect(await subscribe("")).toMatchObject({ status: 400 });
    for (const token of ["", "short", "x".repeat(40), "<script>"]) {
      const res = await run(() => tokenAction(post("visitor", "/newsletter/confirm", { token }), context(), "confirm"));
      expect(res.status, token).toBe(404);
    }
    for (let i = 0; i < 20; i++) expect((await subscribe(`r${i}@example.com`, "192.0.2.99")).status).toBe(200);
    expect((await subscribe("r9@example.com", "192.0.2.99")).status).toBe(429);
  });

  it("a re-sent confirmation replaces the old link", async () => {
    sent.length = 0;
    await subscribe("twice@example.com", "192.0.2.50");
    await subscribe("twice@example.com", "192.0.2.50");
    expect(sent).toHaveLength(2);
    const [first, second] = [tokenFrom(sent[0]!, "confirm"), tokenFrom(sent[1]!, "confirm")];
    expect(first).not.toBe(second);
    expect(
      (await run(() => tokenAction(post("visitor", "/newsletter/confirm", { token: first }), context(), "confirm")))
        .status,
    ).toBe(404);
    expect(
      (await run(() => tokenAction(post("visitor", "/newsletter/confirm", { token: second }), context(), "confirm")))
        .status,
    ).toBe(200);
  });

  it("exports only confirmed subscribers as CSV, to admins only", async () => {
    const denied = await run(() =>
      exportLoader({ request: get("customer", "/admin/newsletter/export"), context: context() } as never),
    );
    expect(denied.location).toBe("/");
    const res = (await exportLoader({
      request: get("admin", "/admin/newsletter/export"),
      context: context(),
    } as never)) as Response;
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("email,confirmed_at");
    const emails = lines.slice(1).map((l) => l.split(",")[0]);
    expect(emails).toEqual(["twice@example.com"]); // reader@ unsubscribed; r0…r19 never confirmed
  });
});

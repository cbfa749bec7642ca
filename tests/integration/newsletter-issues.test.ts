import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail";
import { createIssue, sendIssue } from "~/features/content/newsletter-issues.server";
import { parseMail } from "../support/auth-servers.mjs";
import { documentOf, pagesApp, textOf } from "../support/page-app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Newsletter issues (issue 40): only admins compose, preview, test and send; the preview is the blog's safe
 * Markdown; a test reaches only the admin; a send reaches each confirmed subscriber once, also when a send is
 * interrupted and run again, or run twice at once; every email has List-Unsubscribe and List-Unsubscribe-Post, and
 * the one-click POST a mail program sends to that link unsubscribes.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: Awaited<ReturnType<typeof pagesApp>>;
type Who = "visitor" | "customer" | "owner" | "admin";
const cookies = {} as Record<Who, string>;
let adminEmail = "";
const db = () => ctx.database.db;
const deps = (mailer: Mailer = ctx.services.mailer) => ({ db: db(), mailer, config: ctx.services.config });
const nobody = { id: null as unknown as string };
const CONFIRMED = ["ann@example.com", "bob@example.com", "cat@example.com"];

async function addSubscriber(email: string, status: "pending" | "confirmed" | "unsubscribed") {
  await db()
    .insert(newsletterSubscribers)
    .values({
      email,
      status,
      tokenHash: randomBytes(32).toString("hex"),
      confirmedAt: status === "pending" ? null : new Date(),
    });
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  app = await pagesApp(ctx.services);
  for (const who of ["customer", "owner", "admin"] as const) {
    const user = await signedInUser(app, db(), {
      admin: who === "admin",
      type: who === "owner" ? "business" : "customer",
    });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (who === "admin") adminEmail = user.email;
  }
  cookies.visitor = "";
  for (const email of CONFIRMED) await addSubscriber(email, "confirmed");
  await addSubscriber("pending@example.com", "pending");
  await addSubscriber("gone@example.com", "unsubscribed");
}, 60_000);
afterAll(async () => {
  await ctx?.cleanup();
});

const get = (who: Who, url: string) =>
  app.request(`${ORIGIN}${url}`, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
function post(who: Who, url: string, fields: Record<string, string>) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookies[who]) headers.cookie = cookies[who];
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return app.request(`${ORIGIN}${url}`, { method: "POST", headers, body });
}

/** Queued emails (a sent row keeps its address and subject), by address. */
async function queuedTo(subject: string) {
  const rows = await db().select({ to: mailQueue.to }).from(mailQueue).where(eq(mailQueue.subject, subject));
  return rows.map((r) => r.to).sort();
}

/** Sends whatever is queued now and reads the outbox's .eml files for `subject`. */
async function delivered(subject: string) {
  await (ctx.services.mailer as Mailer & { drain(): Promise<number> }).drain();
  const dir = path.join(ctx.services.config.dataDir, "outbox");
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .map((raw) => {
      const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n(?=[ \t])/g, "");
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim();
      return { ...parseMail(raw), to: header("To"), header };
    })
    .filter((m) => m.subject === subject);
}

const BODY = "## Hello neighbours\n\nThree **new places** this month.\n\n<script>alert('x')</script>\n";

describe("who may compose", () => {
  it("signed out goes to sign in; a customer and an owner are turned away; an admin gets the composer", async () => {
    const visitor = await get("visitor", "/admin/newsletter/issues/new");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    for (const who of ["customer", "owner"] as const) {
      const res = await get(who, "/admin/newsletter/issues/new");
      expect(res.status, who).toBe(302);
      expect(res.headers.get("location"), who).toBe("/");
    }
    const res = await get("admin", "/admin/newsletter/issues/new");
    expect(res.status).toBe(200);
    const doc = await documentOf(res);
    expect(textOf(doc.querySelector("h1"))).toBe("New issue");
    const buttons = doc.querySelectorAll("form button[name=intent]").map((b) => textOf(b));
    expect(buttons).toEqual(["Preview", "Save draft", "Send test to me", "Send to 3 subscribers"]);
  });

  it("a non-admin can neither read an issue nor send it", async () => {
    const issue = await createIssue(db(), nobody, { subject: "Not yours", body: BODY });
    for (const who of ["customer", "owner", "visitor"] as const) {
      const read = await get(who, `/admin/newsletter/issues/${issue.id}`);
      expect(read.status, who).toBe(302);
      expect(await read.text(), who).not.toContain("Not yours");
      const send = await post(who, `/admin/newsletter/issues/${issue.id}`, { intent: "confirm-send" });
      expect(send.status, who).toBe(302);
      expect(send.headers.get("location"), who).toMatch(who === "visitor" ? /^\/auth\?/ : /^\/$/);
    }
    const [row] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(row!.status).toBe("draft");
    expect(await queuedTo("Not yours")).toEqual([]);
  });
});

describe("composing", () => {
  it("Preview renders the Markdown on the server as safe HTML and stores nothing", async () => {
    const res = await post("admin", "/admin/newsletter/issues/new", {
      intent: "preview",
      subject: "Preview only",
      body: BODY,
    });
    expect(res.status).toBe(200);
    const doc = await documentOf(res);
    const preview = doc.querySelector("[data-testid=issue-preview]")!;
    expect(textOf(preview.querySelector("h2"))).toBe("Hello neighbours");
    expect(textOf(preview.querySelector("strong"))).toBe("new places");
    expect(preview.querySelector("script")).toBeNull();
    expect(preview.innerHTML).toContain("&lt;script&gt;");
    // The typed text stays in the form.
    expect(doc.querySelector("input[name=subject]")?.getAttribute("value")).toBe("Preview only");
    expect(await db().select().from(newsletterIssues).where(eq(newsletterIssues.subject, "Preview only"))).toEqual([]);
  });

  it("refuses an empty subject and a short body with the form's messages", async () => {
    const res = await post("admin", "/admin/newsletter/issues/new", { intent: "save", subject: "", body: "short" });
    expect(res.status).toBe(400);
    const text = textOf(await documentOf(res));
    expect(text).toContain("Subject is required.");
    expect(text).toContain("Body must be at least 20 characters.");
  });

  it("Send test to me saves the draft and emails the admin only", async () => {
    const res = await post("admin", "/admin/newsletter/issues/new", {
      intent: "test",
      subject: "Test me",
      body: BODY,
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/newsletter\/issues\/[0-9a-f-]{36}\?done=tested$/);
    expect(await queuedTo("[Test] Test me")).toEqual([adminEmail]);
    expect(await queuedTo("Test me")).toEqual([]);
    const page = await documentOf(await get("admin", location));
    expect(textOf(page.querySelector("[role=status]"))).toBe(`Test sent to ${adminEmail}.`);
    const [mail] = await delivered("[Test] Test me");
    expect(mail!.to).toBe(adminEmail);
    expect(mail!.header("List-Unsubscribe")).toBeUndefined();
  });
});

describe("sending", () => {
  let issueId = "";

  it("asks to confirm, then queues one email per confirmed subscriber, and sends nothing twice", async () => {
    const res = await post("admin", "/admin/newsletter/issues/new", {
      intent: "send",
      subject: "May in town",
      body: BODY,
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/\?confirm=send$/);
    issueId = /issues\/([0-9a-f-]{36})/.exec(location)![1]!;
    expect(await queuedTo("May in town")).toEqual([]); // nothing sent before the confirmation

    const confirm = await documentOf(await get("admin", location));
    expect(textOf(confirm.querySelector("#confirm-heading"))).toBe("Send “May in town” to 3 subscribers?");

    const sent = await post("admin", `/admin/newsletter/issues/${issueId}`, { intent: "confirm-send" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/admin/newsletter/issues/${issueId}?done=sent`);
    expect(await queuedTo("May in town")).toEqual(CONFIRMED);

    // Sending again: refused, nothing more queued.
    const again = await post("admin", `/admin/newsletter/issues/${issueId}`, { intent: "confirm-send" });
    expect(again.status).toBe(409);
    expect(await queuedTo("May in town")).toEqual(CONFIRMED);

    const [row] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
    expect(row).toMatchObject({ status: "sent", recipientCount: 3 });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // The list shows what was sent.
    const list = await documentOf(await get("admin", "/admin/newsletter"));
    const item = list.querySelectorAll("[data-testid=newsletter-issue]").find((li) => li.text.includes("May in town"));
    expect(textOf(item)).toMatch(/Sent \w+ \d+, \d{4} to 3 subscribers/);
  });

  it("each email has HTML, text and the subscriber's one-click unsubscribe (RFC 8058 headers)", async () => {
    const mails = await delivered("May in town");
    expect(mails.map((m) => m.to).sort()).toEqual(CONFIRMED);
    for (const mail of mails) {
      const listUnsubscribe = mail.header("List-Unsubscribe")!;
      expect(listUnsubscribe).toMatch(
        /^<http:\/\/near\.test\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[\w-]{43}>$/,
      );
      expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      // The HTML part: the Markdown rendered, its raw HTML escaped (the text part is the Markdown as written).
      const html = mail.text.slice(mail.text.indexOf("Content-Type: text/html"));
      expect(html).toContain("<strong>new places</strong>");
      expect(html).toContain("&lt;script&gt;");
      expect(html).not.toContain("<script>");
      expect(mail.text).toContain("Three **new places** this month.");
      expect(mail.links).toContain(listUnsubscribe.slice(1, -1));
    }
    // Each subscriber's link is their own.
    expect(new Set(mails.map((m) => m.header("List-Unsubscribe"))).size).toBe(3);
  });

  it("a one-click POST to the List-Unsubscribe link unsubscribes, without a session; a forged token does not", async () => {
    const [mail] = (await delivered("May in town")).filter((m) => m.to === "bob@example.com");
    const url = new URL(mail!.header("List-Unsubscribe")!.slice(1, -1));
    const forged = url.search.replace(/.{4}$/, "AAAA");
    const bad = await app.request(`${ORIGIN}/newsletter/unsubscribe${forged}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(bad.status).toBe(404);
    // Opening the link changes nothing (mail scanners open links).
    expect((await app.request(`${ORIGIN}${url.pathname}${url.search}`)).status).toBe(200);
    const status = async () =>
      (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "bob@example.com")))[0]!
        .status;
    expect(await status()).toBe("confirmed");

    const res = await app.request(`${ORIGIN}${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(textOf((await documentOf(res)).querySelector("h1"))).toBe("You're unsubscribed");
    expect(await status()).toBe("unsubscribed");

    // The signed token only unsubscribes: it is no confirmation link.
    const confirm = await post("visitor", "/newsletter/confirm", { token: url.searchParams.get("token")! });
    expect(confirm.status).toBe(404);
    expect(await status()).toBe("unsubscribed");

    // The next issue leaves bob out.
    const next = await createIssue(db(), nobody, { subject: "June in town", body: BODY });
    await sendIssue(deps(), nobody, next.id);
    expect(await queuedTo("June in town")).toEqual(["ann@example.com", "cat@example.com"]);
  });

  it("an interrupted send, run again, reaches everyone exactly once; so do two sends at once", async () => {
    await addSubscriber("dan@example.com", "confirmed");
    const everyone = ["ann@example.com", "cat@example.com", "dan@example.com"];
    const issue = await createIssue(db(), nobody, { subject: "Interrupted", body: BODY });
    // The process dies while queueing the second batch: its transaction rolls back; the first batch stays.
    let calls = 0;
    const failing: Mailer = {
      ...ctx.services.mailer,
      send: async (message, options) => {
        if (++calls === 3) throw new Error("killed");
        await ctx.services.mailer.send(message, options);
      },
    };
    await expect(sendIssue(deps(failing), nobody, issue.id, { batchSize: 2 })).rejects.toThrow("killed");
    const [stopped] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(stopped!.status).toBe("sending");
    expect(await queuedTo("Interrupted")).toEqual(everyone.slice(0, 2));
    expect(
      await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issue.id)),
    ).toHaveLength(2);
    const page = await documentOf(await get("admin", `/admin/newsletter/issues/${issue.id}`));
    expect(page.querySelector("button[value=confirm-send]")?.text).toContain("Finish sending");

    const finish = await post("admin", `/admin/newsletter/issues/${issue.id}`, { intent: "confirm-send" });
    expect(finish.status).toBe(302);
    expect(await queuedTo("Interrupted")).toEqual(everyone);
    const deliveries = await db().select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, issue.id));
    // Once sent, only the count is kept: the addresses were needed only while sending.
    expect(deliveries).toEqual([]);
    const [finished] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
    expect(finished).toMatchObject({ status: "sent", recipientCount: 3 });

    const twice = await createIssue(db(), nobody, { subject: "Twice at once", body: BODY });
    const results = await Promise.all([
      sendIssue(deps(), nobody, twice.id, { batchSize: 1 }).catch((e: Error) => e.message),
      sendIssue(deps(), nobody, twice.id, { batchSize: 1 }).catch((e: Error) => e.message),
    ]);
    expect(results.some((r) => typeof r === "object" && r.recipients === 3)).toBe(true);
    expect(await queuedTo("Twice at once")).toEqual(everyone);
    expect(
      await db()
        .select()
        .from(mailQueue)
        .where(and(like(mailQueue.subject, "%"), eq(mailQueue.to, "pending@example.com"))),
    ).toEqual([]);
    expect(await db().select().from(mailQueue).where(eq(mailQueue.to, "gone@example.com"))).toEqual([]);
  });
});

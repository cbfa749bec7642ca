import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/config";
import { mailQueue } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import { createMailQueue, createMailTransport, type MailMessage } from "~/.server/mail";
import { contactAction } from "~/routes/contact.server";
import { startMailServer } from "../support/auth-servers.mjs";
import type { MailServer } from "../support/auth-servers.mjs";
import { createTestServices } from "../support/services";

/**
 * The durable email outbox (issue #13): every email is a mail_queue row,
 * written in the transaction of what caused it, sent by a worker that retries
 * with back-off while SMTP fails, marks it sent once and picks up after a
 * restart — against a local SMTP stand-in that refuses mail, then recovers.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let smtp: MailServer;
const logs: { level: string; message: string; fields?: unknown }[] = [];
const queues: { close(): void | Promise<void> }[] = [];

function recordingLogger(): Logger {
  const record = (level: string) => (message: string, fields?: unknown) => void logs.push({ level, message, fields });
  return { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") };
}

function queue(options: Parameters<typeof createMailQueue>[1] = {}) {
  const config = parseConfig({
    ...process.env,
    NODE_ENV: "test",
    DATA_DIR: ctx.services.config.dataDir,
    SMTP_URL: smtp.url,
  });
  const logger = recordingLogger();
  const q = createMailQueue(
    { db: ctx.database.db, transport: createMailTransport({ config, logger }), logger },
    { retryBaseMs: 100, pollMs: 50, ...options },
  );
  queues.push(q);
  return q;
}

const message = (to: string, subject = "Hello from the queue"): MailMessage => ({
  to,
  subject,
  text: `Open http://near.test/secret-link-for-${to}`,
  html: `<a href="http://near.test/secret-link-for-${to}">Open</a>`,
});

const rowsTo = (to: string) => ctx.database.db.select().from(mailQueue).where(eq(mailQueue.to, to));
const receivedBy = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

beforeAll(async () => {
  smtp = await startMailServer();
  ctx = await createTestServices({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://near.test",
    CONTACT_EMAIL: "team@near.test",
  });
});
afterEach(async () => {
  smtp.setFailing(false);
  await Promise.all(queues.splice(0).map((q) => q.close()));
});
afterAll(async () => {
  await ctx?.cleanup();
  await smtp?.close();
});

describe("the mail queue", () => {
  it("sends a queued message once, then keeps the envelope but not the body", async () => {
    const q = queue();
    await q.send(message("once@example.org"));
    await smtp.waitFor((m) => m.to.includes("once@example.org"));
    await expect.poll(async () => (await rowsTo("once@example.org"))[0]?.sentAt).toBeInstanceOf(Date);
    const [row] = await rowsTo("once@example.org");
    expect(row).toMatchObject({ subject: "Hello from the queue", attempts: 1, text: "", html: "", lastError: null });
    await q.drain();
    expect(receivedBy("once@example.org")).toHaveLength(1);
  });

  it("retries with back-off while SMTP refuses mail, and delivers once it recovers", async () => {
    smtp.setFailing(true);
    const q = queue();
    await q.send(message("retry@example.org"));
    await expect.poll(async () => (await rowsTo("retry@example.org"))[0]?.attempts ?? 0).toBeGreaterThanOrEqual(2);
    const [failing] = await rowsTo("retry@example.org");
    expect(failing!.sentAt).toBeNull();
    expect(failing!.lastError).toMatch(/451|try again/i);
    expect(failing!.nextAttemptAt.getTime()).toBeGreaterThan(failing!.createdAt.getTime());
    expect(receivedBy("retry@example.org")).toHaveLength(0);
    // The body is not in the log (its links sign in).
    expect(JSON.stringify(logs)).not.toContain("secret-link");

    smtp.setFailing(false);
    await smtp.waitFor((m) => m.to.includes("retry@example.org"), 15_000);
    await expect.poll(async () => (await rowsTo("retry@example.org"))[0]?.sentAt).toBeInstanceOf(Date);
    await q.drain();
    expect(receivedBy("retry@example.org")).toHaveLength(1);
  });

  it("gives up after the last attempt, logs it, and stops trying", async () => {
    smtp.setFailing(true);
    const q = queue({ maxAttempts: 2, retryBaseMs: 20 });
    await q.send(message("never@example.org"));
    await expect.poll(async () => (await rowsTo("never@example.org"))[0]?.failedAt).toBeInstanceOf(Date);
    expect((await rowsTo("never@example.org"))[0]!.attempts).toBe(2);
    expect(logs.some((l) => l.level === "error" && /given up/.test(l.message))).toBe(true);
    smtp.setFailing(false);
    await q.drain();
    expect(receivedBy("never@example.org")).toHaveLength(0);
  });

  it("survives a restart: what one run queued, the next run sends", async () => {
    smtp.setFailing(true);
    const first = queue({ retryBaseMs: 60_000 });
    await first.send(message("restart@example.org"));
    await expect.poll(async () => (await rowsTo("restart@example.org"))[0]?.attempts ?? 0).toBe(1);
    await first.close();
    smtp.setFailing(false);
    // A new process: its retry time has not come yet, so make it due (as time passing would).
    await ctx.database.db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.to, "restart@example.org"));
    queue();
    await smtp.waitFor((m) => m.to.includes("restart@example.org"));
    expect(receivedBy("restart@example.org")).toHaveLength(1);
  });

  it("two workers on one database send each message exactly once", async () => {
    // Rows written without waking anyone, then two workers drain at the same moment.
    const recipients = Array.from({ length: 24 }, (_, i) => `pair${i}@example.org`);
    await ctx.database.db.insert(mailQueue).values(recipients.map((to) => ({ ...message(to), to })));
    const [a, b] = [queue({ pollMs: 60_000 }), queue({ pollMs: 60_000 })];
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await expect.poll(() => recipients.filter((to) => receivedBy(to).length > 0).length).toBe(24);
    for (const to of recipients) expect(receivedBy(to)).toHaveLength(1);
  });

  it("an email is stored in the transaction of what caused it: rolled back together", async () => {
    const q = queue();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await q.send(message("rollback@example.org"), { db: tx });
        throw new Error("the write that caused it failed");
      }),
    ).rejects.toThrow(/caused it failed/);
    await q.drain();
    expect(await rowsTo("rollback@example.org")).toHaveLength(0);
    expect(receivedBy("rollback@example.org")).toHaveLength(0);
  });
});

describe("the services' mailer", () => {
  it("queues the contact form's email with the message, and sends it after SMTP recovers", async () => {
    smtp.setFailing(true);
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Queue Tester",
      email: "queue.tester@example.org",
      subject: "Queued while SMTP was down",
      message: "This should arrive once the mail server is back.",
    }))
      form.set(k, v);
    const context = {
      ...ctx.services,
      db: ctx.database.db,
      nonce: "",
      requestId: "t",
      clientIp: "203.0.113.99",
    } as AppLoadContext;
    await contactAction(new Request("http://near.test/contact", { method: "POST", body: form }), context);
    await expect.poll(async () => (await rowsTo("team@near.test")).length).toBe(1);
    expect(receivedBy("team@near.test")).toHaveLength(0);
    smtp.setFailing(false);
    // The services' queue retries after its own back-off (30 s); a test need not wait for it.
    await ctx.database.db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.to, "team@near.test"));
    await (ctx.services.mailer as unknown as { drain(): Promise<number> }).drain();
    const mail = await smtp.waitFor((m) => m.to.includes("team@near.test"));
    expect(mail.subject).toContain("Queued while SMTP was down");
  });
});

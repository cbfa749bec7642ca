import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "./config";
import { queryRows, type Database } from "./db/client";
import { mailQueue } from "./db/mail-schema";
import type { Logger } from "./logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (tests read it; it is never logged). */
  link?: string;
  /** Extra headers, e.g. the newsletter's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Anything that can write the queue row: the database, or the transaction of what caused the email. */
export type MailExecutor = Pick<Database, "insert">;

export interface Mailer {
  /** "smtp" sends through SMTP_URL; "outbox" writes .eml files to DATA_DIR/outbox/. */
  readonly mode: "smtp" | "outbox";
  /**
   * Queues the message: a row in mail_queue, written with `options.db` (pass the
   * transaction that stores what caused the email, so both land or neither
   * does). The worker sends it moments later and retries while SMTP fails.
   */
  send(message: MailMessage, options?: { db?: MailExecutor }): Promise<void>;
  close(): void | Promise<void>;
}

/** Hands one message to SMTP or to an .eml file; throws when it can't (the queue retries). */
export interface MailTransport {
  readonly mode: Mailer["mode"];
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

export function mailFrom(config: Pick<Config, "MAIL_FROM" | "SITE_NAME" | "publicUrl">) {
  if (config.MAIL_FROM) return config.MAIL_FROM;
  const host = new URL(config.publicUrl).hostname;
  // "localhost" is not a mail domain some servers accept; .invalid never resolves.
  const domain = host.includes(".") && !/^[\d.]+$/.test(host) ? host : "near.invalid";
  return `"${config.SITE_NAME.replace(/"/g, "")}" <no-reply@${domain}>`;
}

/**
 * Delivery itself. With SMTP_URL messages go out through nodemailer; without
 * it each message is saved as a real .eml file under DATA_DIR/outbox/ (open
 * it with any mail program, or read the link in it), so someone running Near
 * locally can still verify and reset. Links carry sign-in tokens, so they
 * never go to the log.
 */
export function createMailTransport({ config, logger }: { config: Config; logger: Logger }): MailTransport {
  const from = mailFrom(config);
  if (config.SMTP_URL) {
    const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      mode: "smtp",
      async deliver(message) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
        logger.info("Email sent", { subject: message.subject });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    mode: "outbox",
    async deliver(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      await fs.promises.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const file = path.join(outbox, name);
      await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file holds the link; the log does not (its token signs someone in).
      logger.info(`Email saved to ${file} (no SMTP_URL)`, { subject: message.subject });
    },
    close: () => transport.close(),
  };
}

export interface MailQueueOptions {
  /** First retry after this many ms, doubling each time up to maxDelayMs (tests shorten it). */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** Attempts before a message is given up (logged as an error, kept with failed_at). */
  maxAttempts?: number;
  /** How often the worker looks for due messages besides being woken by send(). */
  pollMs?: number;
  /** How long a worker holds a claimed message before another may retry it. */
  claimMs?: number;
}

type QueuedRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attempts: number;
};

/**
 * The durable email outbox. send() only writes a row (in the caller's
 * transaction when given); a worker in this process claims due rows with
 * FOR UPDATE SKIP LOCKED (so several processes on one PostgreSQL never send
 * one message twice), hands each to the transport, marks it sent or schedules
 * a retry with exponential back-off. Rows outlive restarts: whatever was
 * queued before a crash or while SMTP was down goes out when the worker runs
 * again. Delivery is at least once: a crash between SMTP's "accepted" and the
 * row's update sends that message again after the claim lapses.
 *
 * Written here rather than with pg-boss or graphile-worker: both need a
 * PostgreSQL server (LISTEN/advisory locks over a pool), not the embedded
 * PGlite, and the one job kind this needs is a single claimed UPDATE.
 */
export function createMailQueue(
  { db, transport, logger }: { db: Database; transport: MailTransport; logger: Logger },
  options: MailQueueOptions = {},
): Mailer & { drain(): Promise<number> } {
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const pollMs = options.pollMs ?? 2_000;
  const claimMs = options.claimMs ?? 120_000;
  let closed = false;
  let lastPrune = 0;
  let running: Promise<number> | null = null;
  let again = false;

  async function claim(): Promise<QueuedRow[]> {
    const rows = await queryRows<QueuedRow>(
      db,
      sql`
      UPDATE ${mailQueue} SET locked_until = now() + make_interval(secs => ${claimMs / 1000}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${mailQueue}
        WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, id LIMIT 20
        FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, headers, attempts`,
    );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      attempts: Number(r.attempts),
      // jsonb comes back parsed from node-postgres and PGlite; a string only from a driver that doesn't parse it.
      headers: (typeof r.headers === "string" ? JSON.parse(r.headers) : r.headers) ?? undefined,
    }));
  }

  async function deliverOne(row: QueuedRow) {
    try {
      await transport.deliver(row);
      // Sent: drop the body (its links sign in), keep the envelope for the record.
      await db
        .update(mailQueue)
        .set({ sentAt: sql`now()`, lockedUntil: null, text: "", html: "", headers: null, lastError: null })
        .where(eq(mailQueue.id, row.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= maxAttempts) {
        logger.error("Email given up after repeated failures", { id: row.id, attempts: row.attempts, error: reason });
        await db
          .update(mailQueue)
          .set({ failedAt: sql`now()`, lockedUntil: null, lastError: reason.slice(0, 500) })
          .where(eq(mailQueue.id, row.id));
        return;
      }
      const delay = Math.min(maxDelayMs, retryBaseMs * 2 ** (row.attempts - 1));
      logger.warn("Email not sent; will retry", {
        id: row.id,
        attempts: row.attempts,
        retryInMs: delay,
        error: reason,
      });
      await db
        .update(mailQueue)
        .set({
          nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
          lockedUntil: null,
          lastError: reason.slice(0, 500),
        })
        .where(eq(mailQueue.id, row.id));
    }
  }

  /** Sent and given-up rows are kept 30 days for the record (an address and a subject), then deleted. */
  async function prune() {
    if (Date.now() - lastPrune < 60 * 60_000) return;
    lastPrune = Date.now();
    await db.execute(sql`DELETE FROM ${mailQueue} WHERE coalesce(sent_at, failed_at) < now() - interval '30 days'`);
  }

  /** Sends everything due now; resolves with how many messages it tried. */
  async function drainOnce(): Promise<number> {
    await prune();
    let tried = 0;
    for (;;) {
      if (closed) return tried;
      const rows = await claim();
      if (!rows.length) return tried;
      for (const row of rows) await deliverOne(row);
      tried += rows.length;
    }
  }

  /** One drain at a time per process; a wake-up during a drain runs one more. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        try {
          total += await drainOnce();
        } catch (error) {
          // The database may be down: the rows wait; the next poll tries again.
          if (!closed) logger.warn("Email queue: could not read due messages", { error: errorText(error) });
        }
      } while (again && !closed);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void drain(), pollMs);
  timer.unref();
  void drain(); // whatever an earlier run left queued

  return {
    mode: transport.mode,
    async send(message, { db: executor = db } = {}) {
      await executor.insert(mailQueue).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
      });
      // Woken at once, after the caller's transaction has had a chance to commit; the poll catches the rest.
      setImmediate(() => void drain());
    },
    drain,
    async close() {
      closed = true;
      clearInterval(timer);
      // A drain stuck on an unreachable database must not hold up shutdown; its rows stay queued.
      if (running) await Promise.race([running.catch(() => 0), new Promise((r) => setTimeout(r, 2_000).unref())]);
      transport.close();
    },
  };
}

function errorText(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

import { desc, eq, isNull, sql } from "drizzle-orm";
import type { Config } from "~/.server/config";
import type { Database } from "~/.server/db/client";
import { contactMessages } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import type { ContactInput } from "./contact-schema";
import { escapeHtml } from "~/lib/html";

/** Where contact messages go by email: CONTACT_EMAIL, else the configured admins. */
export function contactRecipients(config: Pick<Config, "CONTACT_EMAIL" | "ADMIN_EMAILS">): string[] {
  return config.CONTACT_EMAIL ? [config.CONTACT_EMAIL] : config.ADMIN_EMAILS;
}

/**
 * What happens to a contact message besides being kept for admins, as the admin page tells it: emailed to
 * `to` (through SMTP, or written to DATA_DIR/outbox/ when SMTP_URL is unset), or nowhere when no address is set.
 */
export function contactDelivery(config: Pick<Config, "CONTACT_EMAIL" | "ADMIN_EMAILS" | "SMTP_URL">): {
  to: string[];
  smtp: boolean;
} {
  return { to: contactRecipients(config), smtp: Boolean(config.SMTP_URL) };
}

/**
 * The contact form: stored for admins and emailed to the contact address
 * (as text), both in one transaction: the email waits in the mail queue,
 * which retries while SMTP is down, so a mail failure never loses the
 * message. A filled honeypot is answered like a success and nothing
 * happens; each address may send CONTACT_RATE messages.
 */
export async function sendContactMessage(
  deps: { db: Database; mailer: Mailer; config: Config; logger: Logger },
  input: ContactInput,
  { ip, limiter }: { ip: string; limiter: RateLimiter },
): Promise<{ stored: boolean }> {
  if (input.website) return { stored: false };
  const retryAfter = await limiter.hit(ip);
  if (retryAfter > 0)
    throw new AppError(
      "too_many_requests",
      "You've sent several messages just now. Please try again later.",
      undefined,
      { retryAfter },
    );
  const site = deps.config.SITE_NAME;
  const adminLink = `${deps.config.publicUrl}/admin/messages`;
  // The message and its emails are stored together; the mail queue sends them and retries while SMTP is down.
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message });
    for (const to of contactRecipients(deps.config)) {
      await deps.mailer.send(
        {
          to,
          subject: `[${site} contact] ${input.subject}`,
          text: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}\n\n— All messages: ${adminLink}`,
          html: `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>Subject:</strong> ${escapeHtml(input.subject)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p><p><a href="${escapeHtml(adminLink)}">All messages</a></p>`,
          link: adminLink,
        },
        { db: tx },
      );
    }
  });
  return { stored: true };
}

/** Admin: the newest messages first, and how many are unread. */
export async function listContactMessages(db: Database, limit = 100) {
  const [rows, [unread]] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(isNull(contactMessages.readAt)),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null })),
    unread: Number(unread?.n ?? 0),
  };
}

/** Admin: mark read / unread, or delete. */
export async function updateContactMessage(db: Database, id: string, action: "read" | "unread" | "delete") {
  if (!isUuid(id)) throw new AppError("not_found", "Message not found.");
  const where = eq(contactMessages.id, id);
  const rows =
    action === "delete"
      ? await db.delete(contactMessages).where(where).returning({ id: contactMessages.id })
      : await db
          .update(contactMessages)
          .set({ readAt: action === "read" ? new Date() : null })
          .where(where)
          .returning({ id: contactMessages.id });
  if (!rows.length) throw new AppError("not_found", "Message not found.");
}

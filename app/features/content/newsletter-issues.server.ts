import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { resolveAuthSecret } from "~/.server/auth-secret";
import type { Config } from "~/.server/config";
import { queryRows, type Database } from "~/.server/db/client";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers, users } from "~/.server/db/schema";
import { escapeHtml } from "~/lib/html";
import type { MailMessage, Mailer } from "~/.server/mail";
import type { RateLimiter } from "~/.server/rate-limit";
import { renderMarkdown } from "~/features/blog/markdown";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { issueUnsubscribeToken } from "./newsletter.server";
import type { IssueInput } from "./newsletter-issues-schema";

/**
 * Newsletter issues (issue 40): an admin writes one in Markdown, previews it
 * (rendered by the blog's safe renderer), sends a test to their own verified
 * address, then sends it to every confirmed subscriber through the mail queue.
 * Each email carries the subscriber's own signed one-click unsubscribe link,
 * in the footer and as List-Unsubscribe / List-Unsubscribe-Post (RFC 8058).
 */

export type IssueDeps = {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, "SITE_NAME" | "publicUrl" | "BETTER_AUTH_SECRET" | "dataDir">;
};

type Admin = { id: string; email: string; emailVerified: boolean };

/** How many addresses one transaction queues: small enough to keep each short, big enough to be quick. */
const BATCH = 200;

export async function listIssues(db: Database) {
  return db
    .select({
      id: newsletterIssues.id,
      subject: newsletterIssues.subject,
      status: newsletterIssues.status,
      createdAt: newsletterIssues.createdAt,
      updatedAt: newsletterIssues.updatedAt,
      sentAt: newsletterIssues.sentAt,
      recipientCount: newsletterIssues.recipientCount,
    })
    .from(newsletterIssues)
    .orderBy(desc(sql`coalesce(${newsletterIssues.sentAt}, ${newsletterIssues.updatedAt})`), desc(newsletterIssues.id))
    .limit(200);
}

export async function getIssue(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ issue: newsletterIssues, sentByName: users.name })
    .from(newsletterIssues)
    .leftJoin(users, eq(users.id, newsletterIssues.sentBy))
    .where(eq(newsletterIssues.id, id))
    .limit(1);
  return row ? { ...row.issue, sentByName: row.sentByName } : null;
}

export async function createIssue(db: Database, admin: Pick<Admin, "id">, input: IssueInput) {
  const [row] = await db
    .insert(newsletterIssues)
    .values({ subject: input.subject, body: input.body, createdBy: admin.id })
    .returning({ id: newsletterIssues.id });
  return row!;
}

/** Only a draft changes: what was sent (or is being sent) stays as it went out. */
export async function updateIssue(db: Database, id: string, input: IssueInput) {
  const [row] = isUuid(id)
    ? await db
        .update(newsletterIssues)
        .set({ subject: input.subject, body: input.body, updatedAt: new Date() })
        .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "draft")))
        .returning({ id: newsletterIssues.id })
    : [];
  if (row) return row;
  if (!(await getIssue(db, id))) throw new AppError("not_found", "Issue not found.");
  throw new AppError("conflict", "This issue has been sent: it can't be changed.");
}

/** The body as subscribers will read it: the blog's Markdown renderer (raw HTML shows as text). */
export function renderIssueBody(body: string) {
  return renderMarkdown(body);
}

/** Emails are read away from the site: its own links and images need the full address. */
function absoluteLinks(html: string, publicUrl: string) {
  return html.replace(/ (href|src)="\/(?!\/)/g, ` $1="${publicUrl}/`);
}

/**
 * One issue's email. `unsubscribeUrl` null: a test copy for the admin, whose
 * footer says where each subscriber's own link goes (and has no List-* headers).
 */
export function issueEmail(
  config: IssueDeps["config"],
  issue: { subject: string; body: string },
  to: string,
  unsubscribeUrl: string | null,
): MailMessage {
  const site = config.SITE_NAME;
  const footer = unsubscribeUrl
    ? `You get this email because you subscribed to ${site}'s newsletter.`
    : `This is a test. Each subscriber's copy ends with their own one-click unsubscribe link here.`;
  const content = absoluteLinks(renderIssueBody(issue.body), config.publicUrl);
  const html = `<!doctype html>
<html><body style="margin:0;background:#f6f5f2;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1c1917">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:16px;border:1px solid #e7e5e4">
<tr><td style="padding:32px;line-height:1.6;font-size:16px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px"><a href="${escapeHtml(config.publicUrl)}/" style="color:#1c1917;text-decoration:none">${escapeHtml(site)}</a></p>
<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(issue.subject)}</h1>
${content}
<hr style="border:0;border-top:1px solid #e7e5e4;margin:32px 0 16px">
<p style="margin:0;font-size:13px;color:#57534e">${escapeHtml(footer)}${unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0f766e">Unsubscribe</a>` : ""}</p>
</td></tr></table></td></tr></table></body></html>`;
  // Markdown is written to read well as plain text: the text part is the source itself.
  const text = `${issue.subject}\n\n${issue.body}\n\n-- \n${footer}\n${unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}\n` : ""}`;
  return {
    to,
    subject: issue.subject,
    text,
    html,
    link: unsubscribeUrl ?? undefined,
    headers: unsubscribeUrl
      ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
      : undefined,
  };
}

/** "Send test to me": the composed issue (saved or not) to the admin's own verified address, nobody else. */
export async function sendTestIssue(deps: IssueDeps, admin: Admin, input: IssueInput, limiter: RateLimiter) {
  if (!admin.emailVerified)
    throw new AppError("forbidden", "Verify your email address first: a test goes only to a verified address.");
  const retryAfter = await limiter.hit(admin.id);
  if (retryAfter > 0)
    throw new AppError("too_many_requests", "Too many test emails. Please try again in a few minutes.", undefined, {
      retryAfter,
    });
  await deps.mailer.send(issueEmail(deps.config, { ...input, subject: `[Test] ${input.subject}` }, admin.email, null));
  return { to: admin.email };
}

/**
 * Sends an issue to every confirmed subscriber, once. Marked "sending" first;
 * then, batch by batch, one transaction records a delivery row per address
 * and queues its email (mail_queue), so both land or neither does. A send
 * stopped half-way (a crash, a restart) is finished by running it again: it
 * queues only addresses without a row. Two runs at once can't both queue an
 * address either: the second's insert waits on the first's row and skips it.
 * Once sent, the rows go (the count stays). Delivery itself is the mail
 * queue's (retries, at least once per row).
 */
export async function sendIssue(deps: IssueDeps, admin: Pick<Admin, "id">, id: string, { batchSize = BATCH } = {}) {
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))) as [{ n: number }];
  const current = await getIssue(deps.db, id);
  if (current?.status === "draft" && Number(n) === 0)
    throw new AppError("bad_request", "Nobody has confirmed a subscription yet: there is no one to send it to.");
  const [issue] = isUuid(id)
    ? await deps.db
        .update(newsletterIssues)
        .set({ status: "sending", sentBy: admin.id, updatedAt: new Date() })
        .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.status, ["draft", "sending"])))
        .returning()
    : [];
  if (!issue) {
    if (!(await getIssue(deps.db, id))) throw new AppError("not_found", "Issue not found.");
    throw new AppError("conflict", "This issue has already been sent.");
  }
  const secret = resolveAuthSecret(deps.config);
  for (;;) {
    const picked = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; email: string; queued: boolean }>(
        tx,
        sql`
        WITH picked AS (
          SELECT s.id, s.email FROM newsletter_subscribers s
          WHERE s.status = 'confirmed'
            -- A run that finished a moment ago has marked it sent (and dropped its rows): nothing more to queue.
            AND EXISTS (SELECT 1 FROM newsletter_issues i WHERE i.id = ${id}::uuid AND i.status = 'sending')
            AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.issue_id = ${id}::uuid AND d.email = s.email)
          ORDER BY s.email
          LIMIT ${batchSize}
        ), ins AS (
          INSERT INTO newsletter_deliveries (issue_id, email) SELECT ${id}::uuid, email FROM picked
          ON CONFLICT DO NOTHING RETURNING email
        )
        SELECT p.id, p.email, (i.email IS NOT NULL) AS queued FROM picked p LEFT JOIN ins i ON i.email = p.email`,
      );
      for (const row of rows.filter((r) => r.queued)) {
        const url = `${deps.config.publicUrl}/newsletter/unsubscribe?token=${issueUnsubscribeToken(secret, row.id)}`;
        await deps.mailer.send(issueEmail(deps.config, issue, row.email, url), { db: tx });
      }
      return rows.length;
    });
    if (picked === 0) break;
  }
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterIssues)
      .set({
        status: "sent",
        sentAt: new Date(),
        updatedAt: new Date(),
        recipientCount: sql`(SELECT count(*)::int FROM newsletter_deliveries WHERE issue_id = ${id}::uuid)`,
      })
      .where(and(eq(newsletterIssues.id, id), eq(newsletterIssues.status, "sending")))
      .returning({ recipientCount: newsletterIssues.recipientCount });
    // Sent: the count is kept, the list of addresses isn't needed any more (nor kept after an account is deleted).
    if (row) await tx.delete(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    return row;
  });
  // Another run may have finished it a moment earlier: read what it recorded.
  return { recipients: done?.recipientCount ?? (await getIssue(deps.db, id))?.recipientCount ?? 0 };
}

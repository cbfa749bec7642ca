import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/.server/db/client";
import { businesses, businessMessages } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { INBOX_PAGE_SIZE, type InboxListParams } from "./schema";
import type { InboxMessage, InboxPage } from "./types";

/**
 * The owner's inbox: messages visitors sent from the business page, to the
 * listings the viewer owns. Ownership is part of every query (never checked
 * afterwards), so another owner's message reads exactly like one that does
 * not exist. Admins may read any listing's messages by naming it.
 */

export type InboxViewer = Pick<SessionUser, "id" | "isAdmin">;

const m = businessMessages;
const b = businesses;

/**
 * The messages an owner sees of a listing they own: those sent since they got it (a claim's approval sets
 * owner_since), not what visitors wrote to no one, or to an earlier owner, before.
 */
export const sinceOwned = sql`${m.createdAt} >= coalesce(${b.ownerSince}, '-infinity'::timestamptz)`;

/** The rows the viewer may see: their own listings' messages; an admin naming a listing sees that listing's. */
export function messageScope(viewer: InboxViewer, businessId?: string): SQL | undefined {
  if (businessId && viewer.isAdmin) return eq(b.id, businessId);
  return and(eq(b.ownerId, viewer.id), sinceOwned, businessId ? eq(b.id, businessId) : undefined);
}

const unreadWhere = and(isNull(m.readAt), isNull(m.archivedAt));

function toMessage(row: {
  id: string;
  businessId: string;
  businessName: string;
  businessSlug: string;
  senderName: string;
  senderEmail: string;
  body: string;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
}): InboxMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

const columns = {
  id: m.id,
  businessId: m.businessId,
  businessName: b.name,
  businessSlug: b.slug,
  senderName: m.senderName,
  senderEmail: m.senderEmail,
  body: m.body,
  createdAt: m.createdAt,
  readAt: m.readAt,
  archivedAt: m.archivedAt,
};

/** A page of the inbox: unread first, then newest; archived messages only under the `archived` filter. */
export async function listInbox(
  db: Database,
  viewer: InboxViewer,
  params: InboxListParams & { businessId?: string },
  pageSize = INBOX_PAGE_SIZE,
): Promise<InboxPage> {
  if (params.businessId && !isUuid(params.businessId)) throw new AppError("not_found", "No business with that id.");
  const scope = messageScope(viewer, params.businessId);
  const [counts] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${m.readAt} is null and ${m.archivedAt} is null)::int`,
      archived: sql<number>`count(*) filter (where ${m.archivedAt} is not null)::int`,
      inbox: sql<number>`count(*) filter (where ${m.archivedAt} is null)::int`,
    })
    .from(m)
    .innerJoin(b, eq(b.id, m.businessId))
    .where(scope);
  const unread = Number(counts?.unread ?? 0);
  const archived = Number(counts?.archived ?? 0);
  const inbox = Number(counts?.inbox ?? 0);
  const total = params.filter === "archived" ? archived : params.filter === "unread" ? unread : inbox;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(params.page, pageCount);
  const filterWhere =
    params.filter === "archived"
      ? isNotNull(m.archivedAt)
      : params.filter === "unread"
        ? unreadWhere
        : isNull(m.archivedAt);
  const rows = await db
    .select(columns)
    .from(m)
    .innerJoin(b, eq(b.id, m.businessId))
    .where(and(scope, filterWhere))
    .orderBy(
      params.filter === "archived" ? desc(m.archivedAt) : sql`(${m.readAt} is null) desc`,
      desc(m.createdAt),
      desc(m.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toMessage), filter: params.filter, page, pageCount, total, unread, inbox, archived };
}

/** One message, if the viewer may see it (the owner of its listing, or an admin); else not_found. */
export async function getInboxMessage(db: Database, viewer: InboxViewer, id: string): Promise<InboxMessage> {
  if (!isUuid(id)) throw new AppError("not_found", "Message not found.");
  const [row] = await db
    .select(columns)
    .from(m)
    .innerJoin(b, eq(b.id, m.businessId))
    .where(and(eq(m.id, id), viewer.isAdmin ? undefined : and(eq(b.ownerId, viewer.id), sinceOwned)))
    .limit(1);
  if (!row) throw new AppError("not_found", "Message not found.");
  return toMessage(row);
}

/**
 * For the navigation, on every page a signed-in user loads: whether they own
 * a listing and how many unread messages wait for them. One round trip, both
 * parts answered from indexes (businesses_owner_idx, business_messages_unread_idx).
 */
export async function ownerInboxSummary(
  db: Database,
  userId: string,
): Promise<{ ownsListings: boolean; unread: number }> {
  const [row] = await queryRows<{ owns: boolean; unread: number | string }>(
    db,
    sql`select exists (select 1 from ${b} where ${b.ownerId} = ${userId}) as owns,
      (select count(*)::int from ${m} inner join ${b} on ${b.id} = ${m.businessId}
        where ${b.ownerId} = ${userId} and ${sinceOwned} and ${m.readAt} is null and ${m.archivedAt} is null) as unread`,
  );
  return { ownsListings: Boolean(row?.owns), unread: Number(row?.unread ?? 0) };
}

/**
 * The user menu's fields (NavUser.ownsListings, NavUser.unreadMessages) as one JSON value of a scalar subquery: the
 * session's read asks it in the same round trip as the admin grant (features/auth/session.server.ts), a query fewer
 * on every signed-in page. Decoded by navDataFrom.
 */
export function ownerNavDataSql(userId: string) {
  return sql`(select json_build_object(
    'owns', exists (select 1 from ${b} where ${b.ownerId} = ${userId}),
    'unread', (select count(*)::int from ${m} inner join ${b} on ${b.id} = ${m.businessId}
      where ${b.ownerId} = ${userId} and ${sinceOwned} and ${m.readAt} is null and ${m.archivedAt} is null)))`;
}

export function navDataFrom(value: unknown): { ownsListings: boolean; unreadMessages: number } {
  const row = (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as { owns?: boolean; unread?: number };
  return { ownsListings: Boolean(row.owns), unreadMessages: Number(row.unread ?? 0) };
}

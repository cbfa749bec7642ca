import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessMessages } from "~/.server/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { getInboxMessage, type InboxViewer } from "./queries.server";
import type { MessagePatch } from "./schema";
import type { InboxMessage } from "./types";

const m = businessMessages;

/**
 * Marks a message read or unread, archives or restores it. The owner check is
 * in the UPDATE's WHERE: another owner's message (or a malformed id) changes
 * nothing and is not_found, never forbidden, so its existence doesn't leak.
 * Marking read keeps the first read time; archiving keeps the first archive time.
 */
export async function updateInboxMessage(
  db: Database,
  viewer: InboxViewer,
  id: string,
  patch: MessagePatch,
): Promise<InboxMessage> {
  if (!isUuid(id)) throw new AppError("not_found", "Message not found.");
  const set: Partial<Record<"readAt" | "archivedAt", Date | null | ReturnType<typeof sql>>> = {};
  if (patch.read !== undefined) set.readAt = patch.read ? sql`coalesce(${m.readAt}, now())` : null;
  if (patch.archived !== undefined) set.archivedAt = patch.archived ? sql`coalesce(${m.archivedAt}, now())` : null;
  const owned = viewer.isAdmin
    ? undefined
    : and(
        inArray(
          m.businessId,
          db.select({ id: businesses.id }).from(businesses).where(eq(businesses.ownerId, viewer.id)),
        ),
        sql`${m.createdAt} >= coalesce((select ${businesses.ownerSince} from ${businesses} where ${businesses.id} = ${m.businessId}), '-infinity'::timestamptz)`,
      );
  const rows = await db
    .update(m)
    .set(set)
    .where(and(eq(m.id, id), owned))
    .returning({ id: m.id });
  if (!rows.length) throw new AppError("not_found", "Message not found.");
  return getInboxMessage(db, viewer, id);
}

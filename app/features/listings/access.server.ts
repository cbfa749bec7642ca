import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { isUuid } from "~/lib/ids";

/**
 * The one ownership rule, for every page, action and API route: a listing is
 * managed by an admin, or by the business account that owns it.
 */
type Who = Pick<SessionUser, "id" | "isAdmin" | "type">;

/** Whether the user owns the business (replies to its reviews as the business; can't review it). */
export function ownsBusiness(user: Pick<SessionUser, "id"> | null | undefined, ownerId: string | null | undefined) {
  return !!user && !!ownerId && ownerId === user.id;
}

/** Whether the user may manage a listing whose owner is `ownerId`. */
export function managesBusiness(user: Who, ownerId: string | null | undefined) {
  return user.isAdmin || (user.type === "business" && ownsBusiness(user, ownerId));
}

/**
 * managesBusiness for a listing known by id, with the owner checked in the
 * query itself. Non-admins can't tell a business that isn't theirs from one
 * that doesn't exist.
 */
export async function businessAccess(
  db: Database,
  user: Who,
  businessId: string,
): Promise<"ok" | "forbidden" | "not_found"> {
  if (!isUuid(businessId)) return user.isAdmin ? "not_found" : "forbidden";
  if (!user.isAdmin && user.type !== "business") return "forbidden";
  const owned = user.isAdmin
    ? eq(businesses.id, businessId)
    : and(eq(businesses.id, businessId), eq(businesses.ownerId, user.id));
  const rows = await db.select({ id: businesses.id }).from(businesses).where(owned).limit(1);
  if (rows.length) return "ok";
  return user.isAdmin ? "not_found" : "forbidden";
}

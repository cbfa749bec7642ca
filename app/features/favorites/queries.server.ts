import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessHours, businessImages, businessSpecialHours, favorites } from "~/.server/db/schema";
import { openStatus } from "~/features/directory/hours";
import { toImageSource } from "~/features/directory/queries.server";
import { FAVORITES_MAX_PAGE_SIZE, type FavoriteListParams } from "./schema";
import type { FavoriteItem, FavoritePage } from "./types";

/**
 * Reading favorites. Every query is keyed by the signed-in user's id, which
 * the caller takes from the session, never from the request: nobody can
 * name another user's list. Only published businesses are shown; a saved
 * business that is later unpublished stays saved and reappears if it
 * returns.
 */

const visible = (userId: string) => and(eq(favorites.userId, userId), eq(businesses.status, "published"));

/** A page of a user's saved businesses, newest first, as cards (cover photo, rating, open now). */
export async function listFavorites(
  db: Database,
  userId: string,
  { page, pageSize }: FavoriteListParams,
  now = new Date(),
): Promise<FavoritePage> {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: businesses.id,
        slug: businesses.slug,
        name: businesses.name,
        category: businesses.category,
        rating: businesses.rating,
        reviewCount: businesses.reviewCount,
        timezone: businesses.timezone,
        savedAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(businesses, eq(businesses.id, favorites.businessId))
      .where(visible(userId))
      .orderBy(desc(favorites.createdAt), asc(favorites.businessId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(favorites)
      .innerJoin(businesses, eq(businesses.id, favorites.businessId))
      .where(visible(userId)),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    items: await toItems(db, rows, now),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** Whether a user has saved a business (the business page's Save button). */
/**
 * isFavorite as a scalar subquery (a boolean), for a page that asks the reader's own state of a listing in one round
 * trip (the business page: routes/business.server.ts).
 */
export function isFavoriteSql(userId: string, businessId: string) {
  return sql`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.businessId} = ${businessId})`;
}

export async function isFavorite(db: Database, userId: string, businessId: string) {
  const [row] = await db
    .select({ id: favorites.businessId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.businessId, businessId)))
    .limit(1);
  return Boolean(row);
}

type Row = Omit<FavoriteItem, "image" | "openStatus" | "savedAt"> & {
  timezone: string;
  savedAt: Date;
};

/** Covers, hours and special dates for a page of favorites: three indexed queries, no N+1. */
async function toItems(db: Database, rows: Row[], now: Date): Promise<FavoriteItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [covers, hours, special] = await Promise.all([
    db
      .select()
      .from(businessImages)
      .where(and(inArray(businessImages.businessId, ids), eq(businessImages.position, 0))),
    db.select().from(businessHours).where(inArray(businessHours.businessId, ids)),
    db
      .select()
      .from(businessSpecialHours)
      .where(
        and(
          inArray(businessSpecialHours.businessId, ids),
          sql`${businessSpecialHours.date} between current_date - 1 and current_date + 8`,
        ),
      ),
  ]);
  return rows.map(({ timezone, savedAt, ...row }) => {
    const cover = covers.find((c) => c.businessId === row.id);
    return {
      ...row,
      rating: Number(row.rating),
      image: cover ? toImageSource(cover) : null,
      openStatus: openStatus(
        {
          timezone,
          hours: hours
            .filter((h) => h.businessId === row.id)
            .map((h) => ({ day: h.day, open: h.openTime, close: h.closeTime, isClosed: h.isClosed })),
          specialHours: special
            .filter((s) => s.businessId === row.id)
            .map((s) => ({ date: s.date, open: s.openTime, close: s.closeTime, isClosed: s.isClosed, note: s.note })),
        },
        now,
      ),
      savedAt: savedAt.toISOString(),
    };
  });
}

/** The dashboard's Favorites panel: the newest saved businesses (as many as one API page holds) and the total. */
export function dashboardFavorites(db: Database, userId: string, now = new Date()) {
  return listFavorites(db, userId, { page: 1, pageSize: FAVORITES_MAX_PAGE_SIZE }, now);
}

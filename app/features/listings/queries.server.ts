import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessHours, businessImages, businessMessages, users } from "~/.server/db/schema";
import { imageSources } from "~/lib/images";
import { ADMIN_PAGE_SIZE, LISTING_STATUSES, type ListingStatus } from "../../lib/catalogue";
import type { AdminListParams } from "./schema";
import type { AdminListResult, ManagedBusiness, ManagedPhoto, OwnedListingsPage } from "./types";

/**
 * Reads for the management screens. Unlike the public directory these see
 * every status; callers check who is asking first (guards / businessAccess).
 */

const b = businesses;

/** Escapes LIKE wildcards so "%" or "_" typed by an admin match themselves. */
export function likePattern(q: string) {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The spec's admin search: a case-insensitive substring of the name or the
 * description. The expressions match the trigram indexes
 * businesses_name_trgm_idx / businesses_description_trgm_idx exactly, so
 * PostgreSQL answers from them even with 100,000 listings.
 */
function textFilter(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return sql`(lower(${b.name}) like ${pattern} or lower(coalesce(${b.description}, '')) like ${pattern})`;
}

export async function listManagedBusinesses(
  db: Database,
  params: AdminListParams,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<AdminListResult> {
  const text = textFilter(params.q);
  const where = and(text, params.status === "all" ? undefined : eq(b.status, params.status));
  // One grouped count gives the filter's numbers and the total for the selected status.
  const countRows = await db
    .select({ status: b.status, n: sql<number>`count(*)::int` })
    .from(b)
    .where(text)
    .groupBy(b.status);
  const counts = Object.fromEntries([["all", 0], ...LISTING_STATUSES.map((s) => [s, 0])]) as AdminListResult["counts"];
  for (const row of countRows) {
    counts[row.status as ListingStatus] = Number(row.n);
    counts.all += Number(row.n);
  }
  const total = counts[params.status];
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(params.page, pageCount);
  const rows = await db
    .select({
      id: b.id,
      slug: b.slug,
      name: b.name,
      description: b.description,
      category: b.category,
      cuisine: b.cuisine,
      subcategory: b.subcategory,
      city: b.city,
      state: b.state,
      rating: b.rating,
      reviewCount: b.reviewCount,
      status: b.status,
      statusReason: b.statusReason,
      plan: b.plan,
      createdAt: b.createdAt,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(b)
    .leftJoin(users, eq(users.id, b.ownerId))
    .where(where)
    .orderBy(desc(b.createdAt), asc(b.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const covers = rows.length
    ? await db
        .select()
        .from(businessImages)
        .where(
          and(
            inArray(
              businessImages.businessId,
              rows.map((r) => r.id),
            ),
            eq(businessImages.position, 0),
          ),
        )
    : [];
  return {
    items: rows.map(({ ownerName, ownerEmail, ...r }) => {
      const cover = covers.find((c) => c.businessId === r.id);
      return {
        ...r,
        rating: Number(r.rating),
        createdAt: r.createdAt.toISOString(),
        owner: ownerEmail ? { name: ownerName ?? "", email: ownerEmail } : null,
        cover: cover ? { ...imageSources(cover), alt: cover.alt } : null,
      };
    }),
    total,
    page,
    pageSize,
    pageCount,
    counts,
  };
}

export function toManagedPhoto(image: typeof businessImages.$inferSelect): ManagedPhoto {
  return { id: image.id, position: image.position, alt: image.alt, ...imageSources(image) };
}

export async function listPhotos(db: Pick<Database, "select">, businessId: string): Promise<ManagedPhoto[]> {
  const rows = await db
    .select()
    .from(businessImages)
    .where(eq(businessImages.businessId, businessId))
    .orderBy(asc(businessImages.position), asc(businessImages.createdAt));
  return rows.map(toManagedPhoto);
}

/** One listing with its hours and photos, whatever its status; null when there is none. */
export async function getManagedBusiness(db: Database, id: string): Promise<ManagedBusiness | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(b).where(eq(b.id, id)).limit(1);
  if (!row) return null;
  const [hours, photos] = await Promise.all([
    db.select().from(businessHours).where(eq(businessHours.businessId, id)).orderBy(asc(businessHours.day)),
    listPhotos(db, id),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    primaryCategory: row.primaryCategory,
    cuisine: row.cuisine,
    subcategory: row.subcategory,
    ageGroups: row.ageGroups,
    description: row.description,
    address: row.address,
    serviceAreaBusiness: row.address === null,
    serviceArea: row.serviceArea,
    serviceRadiusKm: row.serviceRadiusKm,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    neighborhood: row.neighborhood,
    phone: row.phone,
    website: row.website,
    email: row.email,
    bookingUrl: row.bookingUrl,
    socialLinks: row.socialLinks ?? {},
    priceRange: row.priceRange,
    features: row.features,
    categories: row.categories,
    latitude: row.latitude,
    longitude: row.longitude,
    locationPrecision: row.latitude === null ? null : (row.locationPrecision ?? "exact"),
    timezone: row.timezone,
    plan: row.plan,
    status: row.status,
    statusReason: row.statusReason,
    ownerId: row.ownerId,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hours: hours.map((h) => ({ day: h.day, open: h.openTime, close: h.closeTime, isClosed: h.isClosed })),
    photos,
  };
}

/** "My listings": a page of the businesses the user owns, newest first, whatever their status. */
export const OWNED_PAGE_SIZE = 10;

export async function listOwnedBusinesses(
  db: Database,
  ownerId: string,
  requestedPage = 1,
  pageSize = OWNED_PAGE_SIZE,
): Promise<OwnedListingsPage> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(b)
    .where(eq(b.ownerId, ownerId));
  const total = Number(count?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const m = businessMessages;
  const rows = total
    ? await db
        .select({
          id: b.id,
          slug: b.slug,
          name: b.name,
          category: b.category,
          city: b.city,
          state: b.state,
          status: b.status,
          statusReason: b.statusReason,
          plan: b.plan,
          billingState: b.billingState,
          currentPeriodEnd: b.currentPeriodEnd,
          rating: b.rating,
          reviewCount: b.reviewCount,
          createdAt: b.createdAt,
          updatedAt: b.updatedAt,
        })
        .from(b)
        .where(eq(b.ownerId, ownerId))
        .orderBy(desc(b.createdAt), asc(b.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
    : [];
  // Each listing's unread messages: one grouped count over the page's listings (business_messages_unread_idx).
  const unread = rows.length
    ? await db
        .select({ businessId: m.businessId, n: sql<number>`count(*)::int` })
        .from(m)
        .where(
          and(
            inArray(
              m.businessId,
              rows.map((r) => r.id),
            ),
            isNull(m.readAt),
            isNull(m.archivedAt),
            // Only what was sent since the owner got the listing (inbox's sinceOwned).
            sql`${m.createdAt} >= coalesce((select ${b.ownerSince} from ${b} where ${b.id} = ${m.businessId}), '-infinity'::timestamptz)`,
          ),
        )
        .groupBy(m.businessId)
    : [];
  const unreadBy = new Map(unread.map((u) => [u.businessId, Number(u.n)]));
  return {
    items: rows.map((r) => ({
      ...r,
      rating: Number(r.rating),
      unreadMessages: unreadBy.get(r.id) ?? 0,
      currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    page,
    pageSize,
    pageCount,
  };
}

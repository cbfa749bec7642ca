import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, listingClaims, users } from "~/.server/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { businessIdOrSlug } from "~/features/directory/queries.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { CLAIMS_PAGE_SIZE } from "./schema";
import type { AdminClaimItem, AdminClaimPage, ClaimItem, ClaimPage, ClaimState } from "./types";

/**
 * Reading claims. A claimant reads only their own (the user id comes from the
 * session and is part of every query); admins read them all. Anyone else
 * asking for a claim by id gets not_found, the same as for one that doesn't exist.
 */

const c = listingClaims;
const b = businesses;

export type ClaimViewer = Pick<SessionUser, "id" | "isAdmin">;

const claimColumns = {
  id: c.id,
  businessId: b.id,
  businessSlug: b.slug,
  businessName: b.name,
  note: c.note,
  verificationMethod: c.verificationMethod,
  verificationDetail: c.verificationDetail,
  status: c.status,
  reason: c.reason,
  createdAt: c.createdAt,
  decidedAt: c.decidedAt,
};

type ClaimRow = {
  id: string;
  businessId: string;
  businessSlug: string;
  businessName: string;
  note: string;
  verificationMethod: ClaimItem["verificationMethod"];
  verificationDetail: string;
  status: ClaimItem["status"];
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

function toItem(row: ClaimRow): ClaimItem {
  return {
    id: row.id,
    business: { id: row.businessId, slug: row.businessSlug, name: row.businessName },
    note: row.note,
    verificationMethod: row.verificationMethod,
    verificationDetail: row.verificationDetail,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function pageOf<T>(items: T[], total: number, page: number, pageSize: number): ClaimPage<T> {
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The signed-in user's claims, newest first. */
export async function listMyClaims(
  db: Database,
  userId: string,
  page = 1,
  pageSize = CLAIMS_PAGE_SIZE,
): Promise<ClaimPage<ClaimItem>> {
  const [rows, [count]] = await Promise.all([
    db
      .select(claimColumns)
      .from(c)
      .innerJoin(b, eq(b.id, c.businessId))
      .where(eq(c.userId, userId))
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(eq(c.userId, userId)),
  ]);
  return pageOf(rows.map(toItem), Number(count?.n ?? 0), page, pageSize);
}

/** One claim, for its claimant or an admin; anyone else (or a malformed id) gets not_found. */
export async function getClaim(db: Database, viewer: ClaimViewer, id: string): Promise<ClaimItem> {
  if (!isUuid(id)) throw new AppError("not_found", "Claim not found.");
  const [row] = await db
    .select(claimColumns)
    .from(c)
    .innerJoin(b, eq(b.id, c.businessId))
    .where(and(eq(c.id, id), viewer.isAdmin ? undefined : eq(c.userId, viewer.id)))
    .limit(1);
  if (!row) throw new AppError("not_found", "Claim not found.");
  return toItem(row);
}

/** Admins: every claim, open ones first, newest first within each group. */
export async function listAdminClaims(db: Database, page = 1, pageSize = CLAIMS_PAGE_SIZE): Promise<AdminClaimPage> {
  const [[counts], rows] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${c.status} = 'open')::int`,
      })
      .from(c),
    db
      .select({ ...claimColumns, claimantId: users.id, claimantName: users.name, claimantEmail: users.email })
      .from(c)
      .innerJoin(b, eq(b.id, c.businessId))
      .innerJoin(users, eq(users.id, c.userId))
      .orderBy(sql`(${c.status} = 'open') desc`, desc(c.createdAt), c.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const items: AdminClaimItem[] = rows.map(({ claimantId, claimantName, claimantEmail, ...row }) => ({
    ...toItem(row),
    claimant: { id: claimantId, name: claimantName, email: claimantEmail },
  }));
  return { ...pageOf(items, Number(counts?.total ?? 0), page, pageSize), open: Number(counts?.open ?? 0) };
}

/** One claim with its claimant, for admins (the API's answer after a decision). */
export async function getAdminClaim(db: Database, id: string): Promise<AdminClaimItem> {
  if (!isUuid(id)) throw new AppError("not_found", "Claim not found.");
  const [row] = await db
    .select({ ...claimColumns, claimantId: users.id, claimantName: users.name, claimantEmail: users.email })
    .from(c)
    .innerJoin(b, eq(b.id, c.businessId))
    .innerJoin(users, eq(users.id, c.userId))
    .where(eq(c.id, id))
    .limit(1);
  if (!row) throw new AppError("not_found", "Claim not found.");
  const { claimantId, claimantName, claimantEmail, ...rest } = row;
  return { ...toItem(rest), claimant: { id: claimantId, name: claimantName, email: claimantEmail } };
}

/** How many claims wait for an admin. */
export async function countOpenClaims(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(c)
    .where(eq(c.status, "open"));
  return Number(row?.n ?? 0);
}

/** Published and without an owner. */
export const claimableWhere: SQL = and(eq(b.status, "published"), isNull(b.ownerId))!;

/**
 * For a business page or claim page: whether the listing can be claimed and
 * the viewer's own open claim for it. One indexed lookup each; the first is
 * skipped when the caller has just read the listing (`known`, the business page).
 */
/**
 * The viewer's open claim on a listing as one JSON value (null when none): a scalar subquery, for a page that asks
 * the reader's own state of a listing in one round trip (routes/business.server.ts). Decoded by openClaimFrom.
 */
export function openClaimSql(businessId: string, userId: string) {
  return sql`(select json_build_object('id', ${c.id}, 'businessId', ${b.id}, 'businessSlug', ${b.slug},
      'businessName', ${b.name}, 'note', ${c.note}, 'verificationMethod', ${c.verificationMethod},
      'verificationDetail', ${c.verificationDetail}, 'status', ${c.status}, 'reason', ${c.reason},
      'createdAt', ${c.createdAt}, 'decidedAt', ${c.decidedAt})
    from ${c} inner join ${b} on ${b.id} = ${c.businessId}
    where ${c.businessId} = ${businessId} and ${c.userId} = ${userId} and ${c.status} = 'open' limit 1)`;
}

export function openClaimFrom(value: unknown): ClaimItem | null {
  if (value === null || value === undefined) return null;
  const row = (typeof value === "string" ? JSON.parse(value) : value) as Omit<ClaimRow, "createdAt" | "decidedAt"> & {
    createdAt: string;
    decidedAt: string | null;
  };
  return toItem({
    ...row,
    createdAt: new Date(row.createdAt),
    decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
  });
}

export async function claimState(
  db: Database,
  businessId: string,
  viewer: Pick<SessionUser, "id"> | null,
  known?: { status: string; ownerId: string | null },
  /** The viewer's open claim, when the caller has just read it (openClaimSql): not read again. */
  knownOpenClaim?: ClaimItem | null,
): Promise<ClaimState> {
  const claimable = known
    ? known.status === "published" && known.ownerId === null
    : (
        await db
          .select({ id: b.id })
          .from(b)
          .where(and(eq(b.id, businessId), claimableWhere))
          .limit(1)
      ).length > 0;
  if (!claimable) return { claimable: false, myOpenClaim: null };
  if (!viewer) return { claimable: true, myOpenClaim: null };
  if (knownOpenClaim !== undefined) return { claimable: true, myOpenClaim: knownOpenClaim };
  const [row] = await db
    .select(claimColumns)
    .from(c)
    .innerJoin(b, eq(b.id, c.businessId))
    .where(and(eq(c.businessId, businessId), eq(c.userId, viewer.id), eq(c.status, "open")))
    .limit(1);
  return { claimable: true, myOpenClaim: row ? toItem(row) : null };
}

/** The listing a claim page is about: published only (anything else is null, the page's 404). */
export async function claimTarget(db: Database, idOrSlug: string) {
  const key = businessIdOrSlug(idOrSlug);
  if (!key) return null;
  const [row] = await db
    .select({ id: b.id, slug: b.slug, name: b.name, city: b.city, state: b.state, ownerId: b.ownerId })
    .from(b)
    .where(and(key, eq(b.status, "published")))
    .limit(1);
  return row ?? null;
}

/** The viewer's claims for one listing, newest first (the claim page's history). */
export async function myClaimsForListing(db: Database, userId: string, businessId: string): Promise<ClaimItem[]> {
  const rows = await db
    .select(claimColumns)
    .from(c)
    .innerJoin(b, eq(b.id, c.businessId))
    .where(and(eq(c.userId, userId), eq(c.businessId, businessId)))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(5);
  return rows.map(toItem);
}

import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "~/.server/db/client";
import { admins, users } from "~/.server/db/schema";

/**
 * The spec's admins table. A grant is made by email (ADMIN_EMAILS, `npm run
 * admin -- add`), but the email only points at an account while no account
 * holds the grant: the first time a user whose address is *verified* signs in
 * with it, the grant is bound to that user's id for good. Until then — and
 * for anyone who signs up with a listed address without proving they own it —
 * it gives nothing. Emails are stored lower-cased, as Better Auth stores them.
 */

const emailSchema = z.email();

export function normalizeEmail(email: string) {
  const normalized = email.trim().toLowerCase();
  if (!emailSchema.safeParse(normalized).success) throw new Error(`"${email}" is not an email address`);
  return normalized;
}

export interface AdminCandidate {
  id: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Whether the user is an admin: a grant bound to their id, or an unbound
 * grant for their verified email (which this call then binds to them).
 */
export async function isAdmin(db: Database, user: AdminCandidate): Promise<boolean> {
  const [row] = await queryRows<{ grants: unknown }>(db, sql`select ${adminGrantsSql(user)} as grants`);
  return adminFromGrants(db, user, row?.grants);
}

/**
 * The grants that may make the user an admin, as one JSON value (the grant holders' ids, null for an unbound grant
 * for their email): a scalar subquery, so the session's read asks it with the user menu's counts in one round trip.
 */
export function adminGrantsSql(user: AdminCandidate) {
  const email = user.email.toLowerCase();
  return sql`(select coalesce(json_agg(g.user_id), '[]'::json) from (select ${admins.userId} as user_id from ${admins}
    where ${admins.userId} = ${user.id} or (${admins.userId} is null and ${admins.email} = ${email}) limit 2) g)`;
}

/** The answer from adminGrantsSql's value: binds an unbound grant for a verified email to the user. */
export async function adminFromGrants(db: Database, user: AdminCandidate, value: unknown): Promise<boolean> {
  const grants = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as (string | null)[];
  if (grants.includes(user.id)) return true;
  if (!user.emailVerified || grants.length === 0) return false;
  const bound = await db
    .update(admins)
    .set({ userId: user.id })
    .where(and(eq(admins.email, user.email.toLowerCase()), isNull(admins.userId)))
    .returning({ email: admins.email });
  return bound.length > 0;
}

/** A verified account with this email, which a new grant binds to at once. */
function verifiedAccount(email: string) {
  return sql`(select ${users.id} from ${users} where ${users.email} = ${email} and ${users.emailVerified} limit 1)`;
}

/** Adds an email; true when it was not there yet. */
export async function addAdmin(db: Database, email: string) {
  const normalized = normalizeEmail(email);
  const rows = await db
    .insert(admins)
    .values({ email: normalized, userId: verifiedAccount(normalized) })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

/** Removes the grant for this email, or the one bound to the account that now has this email; true when there was one. */
export async function removeAdmin(db: Database, email: string) {
  const normalized = normalizeEmail(email);
  const rows = await db
    .delete(admins)
    .where(
      or(
        eq(admins.email, normalized),
        inArray(admins.userId, db.select({ id: users.id }).from(users).where(eq(users.email, normalized))),
      ),
    )
    .returning();
  return rows.length > 0;
}

export interface AdminEntry {
  email: string;
  createdAt: Date;
  /** Whether the grant is bound to an account yet (its owner has signed in with the email verified). */
  hasAccount: boolean;
  name: string | null;
  /** The bound account's current email, when it differs from the granted one. */
  accountEmail: string | null;
}

export async function listAdmins(db: Database): Promise<AdminEntry[]> {
  const rows = await db
    .select({
      email: admins.email,
      createdAt: admins.createdAt,
      name: users.name,
      userId: users.id,
      accountEmail: users.email,
    })
    .from(admins)
    .leftJoin(users, eq(users.id, admins.userId))
    .orderBy(asc(admins.email));
  return rows.map((r) => ({
    email: r.email,
    createdAt: r.createdAt,
    name: r.name,
    hasAccount: r.userId !== null,
    accountEmail: r.accountEmail && r.accountEmail !== r.email ? r.accountEmail : null,
  }));
}

/** ADMIN_EMAILS at start: adds the missing ones (never removes: the CLI does that). Returns the added emails. */
export async function syncAdminEmails(db: Database, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const normalized = [...new Set(emails.map(normalizeEmail))];
  const existing = await db.select({ email: admins.email }).from(admins).where(inArray(admins.email, normalized));
  const have = new Set(existing.map((r) => r.email));
  const missing = normalized.filter((e) => !have.has(e));
  for (const email of missing) await addAdmin(db, email);
  return missing;
}

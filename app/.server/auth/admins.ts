import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { admins, users } from "../db/schema";

/**
 * The spec's admins table: an admin is a signed-in user whose email is in
 * it. Emails are stored lower-cased, as Better Auth stores users' emails.
 */

const emailSchema = z.email();

export function normalizeEmail(email: string) {
  const normalized = email.trim().toLowerCase();
  if (!emailSchema.safeParse(normalized).success) throw new Error(`"${email}" is not an email address`);
  return normalized;
}

export async function isAdminEmail(db: Database, email: string | null | undefined) {
  if (!email) return false;
  const rows = await db.select({ email: admins.email }).from(admins).where(eq(admins.email, email.toLowerCase())).limit(1);
  return rows.length > 0;
}

/** Adds an email; true when it was not there yet. */
export async function addAdmin(db: Database, email: string) {
  const rows = await db.insert(admins).values({ email: normalizeEmail(email) }).onConflictDoNothing().returning();
  return rows.length > 0;
}

/** Removes an email; true when it was there. */
export async function removeAdmin(db: Database, email: string) {
  const rows = await db.delete(admins).where(eq(admins.email, normalizeEmail(email))).returning();
  return rows.length > 0;
}

export interface AdminEntry {
  email: string;
  createdAt: Date;
  /** Whether someone has an account with this email yet. */
  hasAccount: boolean;
  name: string | null;
}

export async function listAdmins(db: Database): Promise<AdminEntry[]> {
  const rows = await db
    .select({ email: admins.email, createdAt: admins.createdAt, name: users.name, userId: users.id })
    .from(admins)
    .leftJoin(users, eq(users.email, admins.email))
    .orderBy(asc(admins.email));
  return rows.map((r) => ({ email: r.email, createdAt: r.createdAt, name: r.name, hasAccount: r.userId !== null }));
}

/** ADMIN_EMAILS at start: adds the missing ones (never removes: the CLI does that). Returns the added emails. */
export async function syncAdminEmails(db: Database, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const normalized = [...new Set(emails.map(normalizeEmail))];
  const existing = await db.select({ email: admins.email }).from(admins).where(inArray(admins.email, normalized));
  const have = new Set(existing.map((r) => r.email));
  const missing = normalized.filter((e) => !have.has(e));
  if (missing.length) {
    await db
      .insert(admins)
      .values(missing.map((email) => ({ email })))
      .onConflictDoNothing();
  }
  return missing;
}

export async function countAdmins(db: Database) {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return Number(rows[0]?.n ?? 0);
}

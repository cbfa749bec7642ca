import { and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { accounts, users } from "~/.server/db/schema";

/** How the user signs in: a password, and which social providers are linked. */
export async function signInMethods(db: Database, userId: string) {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  const providers = rows.map((r) => r.providerId);
  return {
    hasPassword: providers.includes("credential"),
    social: providers.filter((p) => p !== "credential").sort(),
  };
}

export async function hasPasswordAccount(db: Database, userId: string) {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  return rows.length > 0;
}

/**
 * A customer turns their account into a business owner's (the one way the
 * account type changes after sign-up: an explicit action, never a profile
 * field). True when it changed; an owner stays an owner.
 */
export async function becomeBusinessOwner(db: Database, userId: string) {
  const rows = await db
    .update(users)
    .set({ type: "business", updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.type, "customer")))
    .returning({ id: users.id });
  return rows.length > 0;
}

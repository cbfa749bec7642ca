import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Config } from "../../app/.server/config";
import type { Database } from "../../app/.server/db/client";
import {
  accounts,
  businesses,
  businessMessages,
  favorites,
  listingClaims,
  peopleProfiles,
  reviews,
  users,
} from "../../app/.server/db/schema";
import { DEMO_CLAIMED_BUSINESS_SLUG, DEMO_OWNER_BUSINESS_SLUGS } from "./demo-businesses";
import { seedDemoStats } from "./demo-stats";
import { seedDemoReviewers } from "./demo-people";
import { addAdmin } from "../../app/features/auth/admins.server";
import type { Auth } from "../../app/features/auth/auth.server";

/**
 * Demo accounts for a demo city (SEED_DEMO only): an admin, a business owner
 * and a customer. Their passwords are random per data directory — a demo
 * left on the internet has no well-known admin password — and are kept in
 * DATA_DIR/demo-accounts.json so every start can print them.
 */
export const DEMO_ACCOUNTS_FILE = "demo-accounts.json";

export interface DemoAccount {
  role: "admin" | "owner" | "customer";
  name: string;
  email: string;
  type: "customer" | "business";
  /** Null when the account exists but its password file was lost. */
  password: string | null;
}

const DEMO: Omit<DemoAccount, "password">[] = [
  { role: "admin", name: "Avery Admin", email: "admin@example.com", type: "customer" },
  { role: "owner", name: "Olivia Owner", email: "owner@example.com", type: "business" },
  { role: "customer", name: "Casey Customer", email: "customer@example.com", type: "customer" },
];

/** How many demo businesses the demo owner manages when the demo city's own picks are missing. */
const OWNED_BUSINESSES = 3;

function readPasswords(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { accounts?: { email: string; password: string }[] };
    return Object.fromEntries((parsed.accounts ?? []).map((a) => [a.email, a.password]));
  } catch {
    return {};
  }
}

export async function ensureDemoAccounts({ auth, db, config }: { auth: Auth; db: Database; config: Config }) {
  const file = path.join(config.dataDir, DEMO_ACCOUNTS_FILE);
  const known = readPasswords(file);
  const ctx = await auth.$context;
  const result: DemoAccount[] = [];
  let created = 0;
  let changed = false;

  for (const demo of DEMO) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.email)).limit(1);
    let password = known[demo.email] ?? null;
    let userId = existing?.id;
    if (!userId) {
      password = randomBytes(9).toString("base64url");
      // Through Better Auth's own adapter and hasher; verified, so no email goes out.
      const user = await ctx.internalAdapter.createUser(
        { name: demo.name, email: demo.email, emailVerified: true, type: demo.type },
        { method: "admin" },
      );
      await ctx.internalAdapter.createAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: await ctx.password.hash(password),
      });
      userId = user.id;
      created++;
      changed = true;
      if (demo.role === "customer") {
        await seedCustomerLife(db, userId, demo.name);
        // Reviewer profiles (issue 41): the customer's city, and demo reviewers whose profiles look alive.
        // Casey shows the full name (reviews read "Casey Customer").
        await db
          .update(peopleProfiles)
          .set({ city: config.SITE_CITY, nameDisplay: "full" })
          .where(eq(peopleProfiles.userId, userId));
        await seedDemoReviewers({ auth, db, config });
      }
      if (demo.role === "owner") {
        // The demo city names the owner's businesses (DEMO_OWNER_BUSINESS_SLUGS); other data: the oldest few.
        const owned = await db
          .update(businesses)
          .set({ ownerId: userId })
          .where(and(inArray(businesses.slug, [...DEMO_OWNER_BUSINESS_SLUGS]), isNull(businesses.ownerId)))
          .returning({ id: businesses.id });
        if (owned.length === 0) {
          await db.execute(sql`
            update ${businesses} set owner_id = ${userId}
            where id in (select id from ${businesses} where owner_id is null order by created_at, id limit ${OWNED_BUSINESSES})`);
        }
        // Half a year of listing stats on the owner's published listings (a living chart on /portal/stats).
        const published = await db
          .select({ id: businesses.id })
          .from(businesses)
          .where(and(eq(businesses.ownerId, userId), eq(businesses.status, "published")))
          .orderBy(businesses.createdAt, businesses.id);
        await seedDemoStats(
          db,
          published.map((b) => b.id),
          config.SITE_TIMEZONE,
        );
        // An open ownership claim for the admins' Claims tab, on a published listing nobody owns.
        const [unowned] = await db
          .select({ id: businesses.id })
          .from(businesses)
          .where(
            and(
              eq(businesses.slug, DEMO_CLAIMED_BUSINESS_SLUG),
              eq(businesses.status, "published"),
              isNull(businesses.ownerId),
            ),
          )
          .limit(1);
        await seedOwnerInbox(
          db,
          published.map((b) => b.id),
        );
        if (unowned) {
          await db
            .insert(listingClaims)
            .values({
              businessId: unowned.id,
              userId,
              note: "I run Nest Home Goods with my sister; we took it over from our parents in 2019.",
              verificationMethod: "email_domain",
              verificationDetail: "olivia@nesthomegoods.example",
            })
            .onConflictDoNothing();
        }
      }
    } else if (password) {
      // Someone changed the password since it was written down: the file must not keep a stale one.
      const [credential] = await db
        .select({ hash: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .limit(1);
      if (!credential?.hash || !(await ctx.password.verify({ hash: credential.hash, password }))) {
        password = null;
        changed = true;
      }
    }
    if (demo.role === "admin") await addAdmin(db, demo.email);
    result.push({ ...demo, password });
  }

  if (changed) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const saved = result.filter((a) => a.password).map(({ role, email, password }) => ({ role, email, password }));
    fs.writeFileSync(file, `${JSON.stringify({ accounts: saved }, null, 2)}\n`, { mode: 0o600 });
  }
  return { accounts: result, created, file };
}

/**
 * The log lines about the demo accounts. Passwords are printed only on the
 * start that created them (`withPasswords`); later starts name the accounts
 * and the file that keeps the passwords, so logs collected over time don't
 * carry them.
 */
export function describeDemoAccounts(
  accounts: DemoAccount[],
  { publicUrl, file, withPasswords }: { publicUrl: string; file: string; withPasswords: boolean },
) {
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = accounts.map((a) => {
    const secret = withPasswords
      ? (a.password ?? "")
      : a.password
        ? ""
        : "(password changed since it was created — use “Forgot password?” if it is lost)";
    return `  ${a.role.padEnd(8)} ${a.email.padEnd(width)}  ${secret}`.trimEnd();
  });
  const where = withPasswords
    ? `Demo accounts created (sign in at ${publicUrl}/auth; these passwords are printed once and kept in ${file}):`
    : `Demo accounts (sign in at ${publicUrl}/auth; passwords in ${file}):`;
  return [where, ...lines].join("\n");
}

/** Messages in the demo owner's inbox (two unread), so /portal and the unread badge look alive on first start. */
async function seedOwnerInbox(db: Database, businessIds: string[]) {
  const [first] = businessIds;
  if (!first) return;
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  await db.insert(businessMessages).values([
    {
      businessId: first,
      senderName: "Jordan Reyes",
      senderEmail: "jordan.reyes@example.org",
      body: "Hi! Do you do catering for office mornings? We'd need coffee for about 25 people next Friday.",
      createdAt: hoursAgo(3),
    },
    {
      businessId: businessIds[1] ?? first,
      senderName: "Priya Shah",
      senderEmail: "priya.shah@example.org",
      body: "Are you open on the holiday Monday? I'd like to pick up a gift before noon.",
      createdAt: hoursAgo(20),
    },
    {
      businessId: first,
      senderName: "Marcus Lee",
      senderEmail: "marcus.lee@example.org",
      body: "Thanks for the beans recommendation last week. Do you sell a decaf version of the house blend?",
      createdAt: hoursAgo(72),
      readAt: hoursAgo(70),
    },
  ]);
}

/**
 * The demo customer's favorites and a review, so their dashboard isn't empty.
 * Not prairie-bean-coffee-roasters or green-leaf-eco-cleaning: the e2e specs
 * write the demo customer's first review of those.
 */
async function seedCustomerLife(db: Database, userId: string, name: string) {
  const saved = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.status, "published"))
    .orderBy(businesses.createdAt, businesses.id)
    .limit(3);
  const owned = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.slug, DEMO_OWNER_BUSINESS_SLUGS[1]), eq(businesses.status, "published")))
    .limit(1);
  const picks = [...new Map([...owned, ...saved].map((b) => [b.id, b])).values()].slice(0, 3);
  if (!picks.length) return;
  await db
    .insert(favorites)
    .values(picks.map((b) => ({ userId, businessId: b.id })))
    .onConflictDoNothing();
  const reviewed = owned[0] ?? picks[0]!;
  await db
    .insert(reviews)
    .values({
      businessId: reviewed.id,
      userId,
      author: name,
      rating: 5,
      content: "Friendly staff, a great selection and fair prices. I found exactly what I needed for a birthday gift.",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      updatedAt: new Date(Date.now() - 2 * 86_400_000),
    })
    .onConflictDoNothing();
}

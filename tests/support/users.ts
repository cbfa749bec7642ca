import { eq } from "drizzle-orm";
import { admins, users } from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import { browserSession } from "./auth-http";

interface Requester {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

let n = 0;

/**
 * Signs a user up through the real auth API and returns a cookie-keeping
 * client. `verified` marks the email verified (as following the emailed link
 * would); `admin` adds the email to the admins table.
 */
export async function signedInUser(
  app: Requester,
  db: Database,
  options: { name?: string; type?: "customer" | "business"; verified?: boolean; admin?: boolean; origin?: string } = {},
) {
  n += 1;
  const client = browserSession(app, options.origin ?? "http://near.test");
  const email = `user${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await client.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
    name: options.name ?? `User ${n}`,
    email,
    password: "secret-123",
    type: options.type ?? "customer",
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.user.id;
  if (options.verified !== false) await db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  // An admin grant binds to a verified account (app/features/auth/admins.server.ts).
  if (options.admin)
    await db
      .insert(admins)
      .values({ email, userId: options.verified !== false ? id : null })
      .onConflictDoNothing();
  return { ...client, id, email };
}

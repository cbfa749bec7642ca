import { and, eq } from "drizzle-orm";
import { redirect, type AppLoadContext } from "react-router";
import { signInPath } from "~/features/auth/redirect";
import type { Database } from "~/.server/db/client";
import { businesses } from "~/.server/db/schema";
import { redirectWithNotice } from "./notice.server";
import { getCurrentSession, type SessionUser } from "./session.server";
import { isUuid } from "~/lib/ids";

/**
 * Server-side guards. Every loader, action and API route that needs a
 * signed-in user, an admin or a business's owner calls one of these; the
 * UI hiding a button is never the protection.
 *
 * Route modules: `const user = await requireUser({ request, context })`.
 * API handlers use server/api/guards.ts, which asks the same session.
 */

interface RouteArgs {
  request: Request;
  context: AppLoadContext;
}

function here(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export async function getUser({ request, context }: RouteArgs): Promise<SessionUser | null> {
  const { user } = await getCurrentSession(request, { auth: context.auth, db: context.db });
  return user;
}

/** Signed out: to /auth, and back here after signing in. */
export async function requireUser(args: RouteArgs): Promise<SessionUser> {
  const user = await getUser(args);
  if (!user) throw redirect(signInPath(here(args.request)));
  return user;
}

/** The spec's admin screen rule: signed out → /auth; signed in but not an admin → / with "Access Denied". */
export async function requireAdmin(args: RouteArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!user.isAdmin) throw redirectWithNotice(args.request, "/", "accessDenied");
  return user;
}


/**
 * Whether the user may manage the business: its owner (owner_id = user.id,
 * checked in the query itself) or an admin. Non-admins can't tell a business
 * that isn't theirs from one that doesn't exist.
 */
export async function businessAccess(db: Database, user: SessionUser, businessId: string) {
  if (!isUuid(businessId)) return user.isAdmin ? "not_found" : "forbidden";
  const owned = user.isAdmin
    ? eq(businesses.id, businessId)
    : and(eq(businesses.id, businessId), eq(businesses.ownerId, user.id));
  const rows = await db.select({ id: businesses.id }).from(businesses).where(owned).limit(1);
  if (rows.length) return "ok";
  return user.isAdmin ? "not_found" : "forbidden";
}

/** For /business/edit/:id and the like: the owner or an admin; anyone else gets "Access Denied". */
export async function requireBusinessOwner(args: RouteArgs, businessId: string): Promise<SessionUser> {
  const user = await requireUser(args);
  const access = await businessAccess(args.context.db, user, businessId);
  if (access === "not_found") throw new Response("Business Not Found", { status: 404 });
  if (access === "forbidden") throw redirectWithNotice(args.request, "/", "accessDenied");
  return user;
}

import { redirect, type AppLoadContext } from "react-router";
import { signInPath } from "~/features/auth/redirect";
import { businessAccess } from "~/features/listings/access.server";
import { redirectWithNotice } from "./notice.server";
import { getCurrentSession, type SessionUser } from "./session.server";

/**
 * Server-side guards. Every loader, action and API route that needs a
 * signed-in user, an admin or a business's owner calls one of these; the
 * UI hiding a button is never the protection.
 *
 * Route modules: `const user = await requireUser({ request, context })`.
 * API handlers use server/api/guards.ts, which asks the same session.
 */

/** What a loader or action hands a guard (its generated Route.*Args fit). */
export interface RouteArgs {
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

/** For /business/edit/:id and the like: the owner or an admin; anyone else gets "Access Denied". */
export async function requireBusinessOwner(args: RouteArgs, businessId: string): Promise<SessionUser> {
  const user = await requireUser(args);
  const access = await businessAccess(args.context.db, user, businessId);
  if (access === "not_found") throw new Response("Business Not Found", { status: 404 });
  if (access === "forbidden") throw redirectWithNotice(args.request, "/", "accessDenied");
  return user;
}

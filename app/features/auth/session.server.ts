import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/.server/db/client";
import { allowTimingDetail } from "~/.server/db/query-timing";
import { inRequestScope, oncePerRequest } from "~/.server/request-scope";
import { navDataFrom, ownerNavDataSql } from "~/features/inbox/queries.server";
import { adminFromGrants, adminGrantsSql } from "./admins.server";
import type { Auth } from "./auth.server";

/** The signed-in user as loaders, actions and the API see it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  type: "customer" | "business";
  twoFactorEnabled: boolean;
  image: string | null;
  /** Whether an admin grant is bound to this user (checked on every request, so removal takes effect at once). */
  isAdmin: boolean;
  /** The user menu's "My businesses" and its unread badge, read with the admin grant (every request too). */
  menu?: { ownsListings: boolean; unreadMessages: number };
}

export interface CurrentSession {
  user: SessionUser | null;
  /** Set-Cookie from Better Auth (a refreshed or cleared session cookie): forward it on the response. */
  headers: Headers;
}

interface SessionDeps {
  auth: Auth;
  db: Database;
}

// A mutation's own reads (its guard, then its handler), or any read outside a request scope: keyed by its Request.
const perRequestObject = new WeakMap<Request, Promise<CurrentSession>>();

/**
 * The current session from the request's cookie. Better Auth refreshes a
 * session that is more than a day old and clears a dead one; the returned
 * headers carry those cookies, so the caller must send them on.
 *
 * Read once per HTTP request, however many loaders ask (the root's for the navigation, the page's, its sections'):
 * React Router gives each loader its own copy of the Request, so the memo is the request's scope
 * (app/.server/request-scope.ts), keyed by the cookie. Only for GET and HEAD: an action (which may sign out or change
 * the account) reads for itself, once, and the loaders that follow it get a GET of their own and read again. Every request
 * reads the database: a revoked session stops working at the next request.
 */
export function getCurrentSession(request: Request, deps: SessionDeps): Promise<CurrentSession> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return Promise.resolve({ user: null, headers: new Headers() });
  if ((request.method === "GET" || request.method === "HEAD") && inRequestScope())
    return oncePerRequest(`session:${cookie}`, () => loadSession(request, deps));
  let pending = perRequestObject.get(request);
  if (!pending) {
    pending = loadSession(request, deps);
    perRequestObject.set(request, pending);
  }
  return pending;
}

async function loadSession(request: Request, { auth, db }: SessionDeps): Promise<CurrentSession> {
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return { user: null, headers };
  const u = response.user;
  const candidate = { id: u.id, email: u.email, emailVerified: u.emailVerified };
  // The admin grant and the menu's counts in one round trip (a query fewer on every signed-in page).
  const [row] = await queryRows<{ grants: unknown; menu: unknown }>(
    db,
    sql`select ${adminGrantsSql(candidate)} as grants, ${ownerNavDataSql(u.id)} as menu`,
  );
  const user: SessionUser = {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified,
    type: u.type === "business" ? "business" : "customer",
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    image: u.image ?? null,
    isAdmin: await adminFromGrants(db, candidate, row?.grants),
    menu: navDataFrom(row?.menu),
  };
  if (user.isAdmin) allowTimingDetail();
  return { user, headers };
}

/** Only the Set-Cookie lines of Better Auth's headers. */
export function setCookieHeaders(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

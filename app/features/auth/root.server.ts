import type { AppLoadContext } from "react-router";
import type { NavUser } from "~/components/layout/user-menu-parts";
import { readNotice, type FlashNotice } from "./notice.server";
import { getCurrentSession, setCookieHeaders } from "./session.server";

/**
 * What the root loader needs from the accounts feature: the signed-in user
 * for the navigation, a one-shot notice left by a redirect, and the cookies
 * to send back (a refreshed session, a cleared notice).
 */
export async function rootAccountData(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: NavUser | null; notice: FlashNotice | null; headers: Headers }> {
  const session = await getCurrentSession(request, { auth: context.auth, db: context.db });
  const headers = setCookieHeaders(session.headers);
  const { notice, clear } = readNotice(request);
  if (clear) headers.append("Set-Cookie", clear);
  const u = session.user;
  const user: NavUser | null = u ? { id: u.id, name: u.name, email: u.email, isAdmin: u.isAdmin, type: u.type } : null;
  return { user, notice, headers };
}

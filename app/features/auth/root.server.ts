import type { AppLoadContext } from "react-router";
import type { NavUser } from "~/components/layout/user-menu-parts";
import { readNotice, type FlashNotice } from "./notice.server";
import { getCurrentSession, setCookieHeaders } from "./session.server";
import { verifyReminderDismissed } from "./verify-reminder";

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
  // "My businesses" and its unread badge come with the session (read with the admin grant, one query).
  const user: NavUser | null = u
    ? {
        id: u.id,
        name: u.name,
        email: u.email,
        initials: initials(u.name, u.email),
        isAdmin: u.isAdmin,
        type: u.type,
        ...u.menu,
        emailVerified: u.emailVerified,
        verifyReminder: !u.emailVerified && !verifyReminderDismissed(request.headers.get("cookie")),
      }
    : null;
  return { user, notice, headers };
}

/**
 * The avatar's letters: the first and last words' initials, or the first letter of the name or address. Worked out
 * here rather than in the avatar, so a signed-in page template (app/.server/page-templates.ts) holds them as one of
 * the reader's own strings instead of letters of a placeholder.
 */
export function initials(name: string, email: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? email).slice(0, 1);
  return letters.toUpperCase();
}

/**
 * The reader's own strings on a page, in the root loader's data: what a signed-in page template leaves holes for
 * (app/.server/page-templates.ts). Null when the page has no reader, or when the strings can't be told apart (one
 * empty, two alike): the page is then rendered for its reader alone.
 */
export function personalStrings(rootData: unknown): string[] | null {
  const user = (rootData as { user?: NavUser | null } | undefined)?.user;
  if (!user) return null;
  const values = [user.id, user.name, user.email, user.initials];
  if (values.some((v) => typeof v !== "string" || !v) || new Set(values).size !== values.length) return null;
  return values;
}

/** Where the reader's own strings may be replaced: their `id`, `name`, `email` and `initials` as a user or viewer. */
export function isPersonalPath(path: readonly (string | number)[]): boolean {
  const key = path.at(-1);
  const parent = path.at(-2);
  return (
    (parent === "user" || parent === "viewer") &&
    (key === "id" || key === "name" || key === "email" || key === "initials")
  );
}

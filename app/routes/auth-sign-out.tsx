import { redirect } from "react-router";
import type { Route } from "./+types/auth-sign-out";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { setCookieHeaders } from "~/features/auth/session.server";

/** POST: ends the session (the database row and the cookie) and goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!request.headers.get("cookie")) return redirect("/");
  const { headers } = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true }).catch(() => ({
    headers: new Headers(),
  }));
  return redirectWithNotice(request, "/", "signedOut", { headers: setCookieHeaders(headers) });
}

// Signing out only happens by POST (a link can't sign anyone out); a visit just goes home.
export function loader() {
  return redirect("/");
}

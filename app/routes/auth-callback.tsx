import { Loader2 } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/auth-callback";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { getCurrentSession, setCookieHeaders } from "~/features/auth/session.server";
import type { NoticeKey } from "~/features/auth/messages";
import { postSignInPath, safeRedirect } from "~/features/auth/redirect";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Signing In");

const SIGNED_IN_NOTICE: Record<string, NoticeKey> = {
  signin: "signedIn",
  social: "signedIn",
  signup: "signedUp",
  "social-signup": "socialSignedUp",
};

/**
 * Where every sign-in ends — password, two-factor, Google, GitHub, the email
 * verification link — so they all route the same way: admins to /admin,
 * everyone else to / or back to the page that sent them (same-site paths
 * only), with the spec's notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const event = url.searchParams.get("event") ?? "signin";
  const error = url.searchParams.get("error");
  const redirectTo = url.searchParams.get("redirectTo");
  const session = await getCurrentSession(request, { auth: context.auth, db: context.db });
  const headers = setCookieHeaders(session.headers);
  const user = session.user;

  if (event === "reset") return redirectWithNotice(request, "/auth", "passwordReset", { headers });

  if (event === "verified") {
    if (error)
      return redirectWithNotice(request, user ? "/account/settings" : "/auth", "verificationFailed", { headers });
    if (!user) return redirectWithNotice(request, "/auth", "emailVerified", { headers });
    return redirectWithNotice(request, postSignInPath({ redirectTo, isAdmin: user.isAdmin }), "emailVerified", {
      headers,
    });
  }

  if (error || !user) {
    // Nothing to finish (an expired link, a cancelled provider): back to the form.
    const retry = new URLSearchParams();
    const target = safeRedirect(redirectTo, "");
    if (target) retry.set("redirectTo", target);
    if (error) retry.set("error", error.slice(0, 64));
    const query = retry.toString();
    return redirect(`/auth${query ? `?${query}` : ""}`, { headers });
  }

  return redirectWithNotice(
    request,
    postSignInPath({ redirectTo, isAdmin: user.isAdmin }),
    SIGNED_IN_NOTICE[event] ?? "signedIn",
    {
      headers,
    },
  );
}

export default function Page() {
  return (
    <div className="mx-auto flex max-w-6xl flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-center">
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-primary" />
      <h1 className="text-xl font-semibold">Signing you in…</h1>
    </div>
  );
}

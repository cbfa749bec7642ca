/**
 * The reminder to verify an email address (issue 40, defect 6): what the banner and the server share.
 *
 * Dismissing the banner sets a session cookie (no Max-Age: the browser forgets it when it closes), so the banner stays
 * away for this visit and comes back on the next one while the address is still unverified.
 */
export const VERIFY_DISMISS_COOKIE = "near_verify_dismissed";

/** Where the verification link lands: signed in, with the "Email verified" notice. */
export const VERIFY_CALLBACK_URL = "/auth/callback?event=verified";

/** Whether the request carries the dismissal cookie. */
export function verifyReminderDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim() === `${VERIFY_DISMISS_COOKIE}=1`);
}

export type ResendAnswer = { ok: true } | { ok: false; error: string };

/**
 * Asks Better Auth's public endpoint (POST /api/auth/send-verification-email, rate-limited to 3 a minute per address)
 * for a new link. Signed in, Better Auth sends it only to the session's own unverified address: another address is
 * refused (EMAIL_MISMATCH), so nobody can send one to someone else's inbox from their account. Plain fetch: the banner
 * is on every page, and the auth client isn't worth its weight for one request.
 */
export async function resendVerificationEmail(email: string): Promise<ResendAnswer> {
  try {
    const res = await fetch("/api/auth/send-verification-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ email, callbackURL: VERIFY_CALLBACK_URL }),
    });
    if (res.ok) return { ok: true };
    if (res.status === 429) {
      const seconds = Number(res.headers.get("X-Retry-After") ?? res.headers.get("Retry-After"));
      const wait = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
      return { ok: false, error: `Too many emails just now. Try again in ${wait} minute${wait === 1 ? "" : "s"}.` };
    }
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, error: body?.message || "Couldn't send the email. Try again later." };
  } catch {
    return { ok: false, error: "Couldn't reach the server. Check your connection and try again." };
  }
}

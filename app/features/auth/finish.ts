/** After Better Auth has set the session cookie: /auth/callback routes like every other sign-in. */
export function callbackPath(event: "signin" | "signup", redirectTo?: string | null) {
  const params = new URLSearchParams({ event });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `/auth/callback?${params}`;
}

import { createAuthClient } from "better-auth/client";
import { inferAdditionalFields, twoFactorClient } from "better-auth/client/plugins";
import { countLabel } from "~/lib/plural";

/**
 * Browser side of Better Auth: every sign-in, sign-up, reset and two-factor
 * call goes to /api/auth/* on this origin, where Better Auth checks origins
 * and applies its rate limits. Created on first use (never during SSR).
 */
function create() {
  return createAuthClient({
    basePath: "/api/auth",
    plugins: [twoFactorClient(), inferAdditionalFields({ user: { type: { type: "string", required: false } } })],
  });
}

let client: ReturnType<typeof create> | undefined;

export function authClient() {
  client ??= create();
  return client;
}

export interface AuthFailure {
  status: number;
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

/** Better Auth's error body, in the words we show (the backend's message, except where we say it better). */
export function describeError(
  error: { status: number; message?: string; code?: string; fields?: unknown },
  retryAfter?: string | null,
): AuthFailure {
  const fields =
    error.fields && typeof error.fields === "object" ? (error.fields as Record<string, string>) : undefined;
  if (error.status === 429) {
    const seconds = Number(retryAfter);
    const wait = Number.isFinite(seconds) && seconds > 0 ? `in ${countLabel(seconds, "second")}` : "in a minute";
    return { status: 429, code: "RATE_LIMITED", message: `Too many attempts. Please try again ${wait}.` };
  }
  if (error.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || error.code === "USER_ALREADY_EXISTS") {
    return {
      status: error.status,
      code: error.code,
      message: "An account with this email already exists. Sign in instead.",
    };
  }
  if (error.code === "INVALID_EMAIL_OR_PASSWORD") {
    return { status: error.status, code: error.code, message: "Invalid email or password." };
  }
  if (error.status === 0 || error.status >= 500) {
    return { status: error.status, code: error.code, message: "We couldn't reach the server. Please try again." };
  }
  return {
    status: error.status,
    code: error.code,
    fields,
    message: error.message || "Something went wrong. Please try again.",
  };
}

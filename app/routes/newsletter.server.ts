import { data, type AppLoadContext } from "react-router";
import { resolveAuthSecret } from "~/.server/auth-secret";
import {
  confirmSubscription,
  subscribe,
  subscriptionForToken,
  unsubscribe,
} from "~/features/content/newsletter.server";
import { SUBSCRIBE_ANSWER, subscribeSchema } from "~/features/content/newsletter-schema";
import { AppError } from "~/lib/app-error";

export type SubscribeAnswer = { ok: true; message: string; email: string } | { ok: false; message: string };

/** POST /newsletter (the footer's Subscribe): the same answer for every accepted address. */
export async function subscribeAction(request: Request, context: AppLoadContext) {
  const parsed = subscribeSchema.safeParse({ email: (await request.formData()).get("email") ?? "" });
  if (!parsed.success)
    return data<SubscribeAnswer>({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
  try {
    await subscribe(
      { db: context.db, mailer: context.mailer, config: context.config, logger: context.logger },
      parsed.data.email,
      { ip: context.clientIp, limiter: context.limits.newsletter },
    );
    return data<SubscribeAnswer>({ ok: true, message: SUBSCRIBE_ANSWER, email: parsed.data.email });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    return data<SubscribeAnswer>({ ok: false, message: error.message }, { status: error.status, headers });
  }
}

/**
 * The confirm and unsubscribe pages: GET shows a button (mail scanners that open links change nothing), POST acts.
 * Unsubscribe also takes a newsletter issue's signed token (checked with the auth secret).
 */
export async function loadTokenPage(
  request: Request,
  context: AppLoadContext,
  kind: "confirm" | "unsubscribe" = "confirm",
) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const secret = kind === "unsubscribe" ? resolveAuthSecret(context.config) : undefined;
  const subscription = await subscriptionForToken(context.db, token, secret);
  return { token, subscription };
}

export type TokenAnswer = { ok: true; email: string } | { ok: false; message: string };

/** The token from the page's form, or from the link itself: a mail program's one-click POST (RFC 8058) sends only
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address. */
async function postedToken(request: Request) {
  const form = await request.formData().catch(() => null);
  const posted = form?.get("token");
  return typeof posted === "string" && posted ? posted : (new URL(request.url).searchParams.get("token") ?? "");
}

export async function tokenAction(request: Request, context: AppLoadContext, kind: "confirm" | "unsubscribe") {
  const token = await postedToken(request);
  try {
    const { email } =
      kind === "confirm"
        ? await confirmSubscription(context.db, token)
        : await unsubscribe(context.db, token, resolveAuthSecret(context.config));
    return data<TokenAnswer>({ ok: true, email });
  } catch (error) {
    if (error instanceof AppError)
      return data<TokenAnswer>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

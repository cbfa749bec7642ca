import { data, type AppLoadContext } from "react-router";
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

/** The confirm and unsubscribe pages: GET shows a button (mail scanners that open links change nothing), POST acts. */
export async function loadTokenPage(request: Request, context: AppLoadContext) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscription = await subscriptionForToken(context.db, token);
  return { token, subscription };
}

export type TokenAnswer = { ok: true; email: string } | { ok: false; message: string };

export async function tokenAction(request: Request, context: AppLoadContext, kind: "confirm" | "unsubscribe") {
  const token = String((await request.formData()).get("token") ?? "");
  try {
    const { email } =
      kind === "confirm" ? await confirmSubscription(context.db, token) : await unsubscribe(context.db, token);
    return data<TokenAnswer>({ ok: true, email });
  } catch (error) {
    if (error instanceof AppError)
      return data<TokenAnswer>({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

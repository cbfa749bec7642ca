import { data, type AppLoadContext } from "react-router";
import { confirmUnsubscribe, viewUnsubscribe } from "~/features/notifications/unsubscribe.server";

/** GET /notifications/unsubscribe?token=…: shows what the link turns off. */
export function loadUnsubscribe(request: Request, context: AppLoadContext) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return viewUnsubscribe(context, token);
}

/** POST: turns it off (400 for a bad link). */
export async function unsubscribeAction(request: Request, context: AppLoadContext) {
  const token = String((await request.formData()).get("token") ?? "");
  const answer = await confirmUnsubscribe(context, token);
  return data(answer, { status: answer.ok ? 200 : 400 });
}

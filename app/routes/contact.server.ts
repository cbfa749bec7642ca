import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import type { ContactActionData } from "~/features/content/components/contact-form";
import { sendContactMessage } from "~/features/content/contact.server";
import { contactSchema } from "~/features/content/contact-schema";
import { AppError } from "~/lib/app-error";
import { replyWithError } from "~/lib/form-reply";

/** POST /contact: validate (the form's schema), store, email the contact address. */
export async function contactAction(request: Request, context: AppLoadContext) {
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success")
    return data<ContactActionData>({ ok: false, result: submission.reply() }, { status: 400 });
  try {
    await sendContactMessage(
      { db: context.db, mailer: context.mailer, config: context.config, logger: context.logger },
      submission.value,
      { ip: context.clientIp, limiter: context.limits.contact },
    );
    return data<ContactActionData>({ ok: true, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    return data<ContactActionData>(
      { ok: false, result: replyWithError(submission, error.message) },
      { status: error.status, headers },
    );
  }
}

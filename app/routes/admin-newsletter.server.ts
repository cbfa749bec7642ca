import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import {
  createIssue,
  getIssue,
  listIssues,
  renderIssueBody,
  sendIssue,
  sendTestIssue,
  updateIssue,
} from "~/features/content/newsletter-issues.server";
import { ISSUE_INTENTS, issueInputSchema, type IssueIntent } from "~/features/content/newsletter-issues-schema";
import { subscriberCounts } from "~/features/content/newsletter.server";
import { AppError } from "~/lib/app-error";
import { errorResult, replyWithError, type FormResult } from "~/lib/form-reply";

type Args = { request: Request; context: AppLoadContext };

/** /admin/newsletter: the subscribers' counts and every issue, newest first. */
export async function loadAdminNewsletter({ request, context }: Args) {
  await requireAdmin({ request, context });
  const [counts, issues] = await Promise.all([subscriberCounts(context.db), listIssues(context.db)]);
  return { ...counts, issues };
}

const DONE: Record<string, string> = {
  saved: "Draft saved.",
  sent: "Sent: every confirmed subscriber's email is in the mail queue and goes out in the next few minutes.",
};

/** /admin/newsletter/issues/new and /admin/newsletter/issues/{id}: the composer, or what was sent. */
export async function loadIssueEditor({ request, context, id }: Args & { id: string }) {
  const admin = await requireAdmin({ request, context });
  const { confirmed } = await subscriberCounts(context.db);
  const params = new URL(request.url).searchParams;
  const me = { email: admin.email, verified: admin.emailVerified };
  if (id === "new") return { issue: null, html: null, confirmed, me, confirming: false, done: null };
  const issue = await getIssue(context.db, id);
  if (!issue) throw new Response("Issue not found", { status: 404 });
  const done = params.get("done");
  return {
    issue,
    // What was sent is shown as it went out; a draft is previewed on demand.
    html: issue.status === "draft" ? null : renderIssueBody(issue.body),
    confirmed,
    me,
    confirming: issue.status === "draft" && params.get("confirm") === "send",
    done: done === "tested" ? `Test sent to ${admin.email}.` : done ? (DONE[done] ?? null) : null,
  };
}

export type IssueEditorData =
  | { kind: "preview"; result: FormResult; html: string }
  | { kind: "saved"; result: FormResult; message: string }
  | { kind: "error"; result: FormResult };

/** Preview (nothing stored), Save draft, Send test to me, Send (asks to confirm), Confirm send. */
export async function issueEditorAction({ request, context, id }: Args & { id: string }) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const asked = String(form.get("intent") ?? "save");
  const intent: IssueIntent = (ISSUE_INTENTS as readonly string[]).includes(asked) ? (asked as IssueIntent) : "save";
  const deps = { db: context.db, mailer: context.mailer, config: context.config };
  const submission = parseWithZod(form, { schema: issueInputSchema });
  try {
    if (intent === "confirm-send") {
      if (id === "new") throw new AppError("bad_request", "Save the issue first.");
      await sendIssue(deps, admin, id);
      throw redirect(`/admin/newsletter/issues/${id}?done=sent`);
    }
    if (submission.status !== "success")
      return data<IssueEditorData>({ kind: "error", result: submission.reply() }, { status: 400 });
    const input = submission.value;
    if (intent === "preview")
      return data<IssueEditorData>({ kind: "preview", result: submission.reply(), html: renderIssueBody(input.body) });
    if (intent === "test" && !admin.emailVerified)
      throw new AppError("forbidden", "Verify your email address first: a test goes only to a verified address.");
    // Everything else keeps the text first: a test or a send never loses what was typed.
    const saved = id === "new" ? await createIssue(context.db, admin, input) : await updateIssue(context.db, id, input);
    if (intent === "test") {
      await sendTestIssue(deps, admin, input, context.limits.newsletterTests);
      if (id === "new") throw redirect(`/admin/newsletter/issues/${saved.id}?done=tested`);
      return data<IssueEditorData>({
        kind: "saved",
        result: submission.reply(),
        message: `Draft saved. Test sent to ${admin.email}.`,
      });
    }
    if (intent === "send") throw redirect(`/admin/newsletter/issues/${saved.id}?confirm=send`);
    if (id === "new") throw redirect(`/admin/newsletter/issues/${saved.id}?done=saved`);
    return data<IssueEditorData>({ kind: "saved", result: submission.reply(), message: DONE.saved! });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    // Confirming posts no fields: answer without them, or the composer would be emptied.
    const result = intent === "confirm-send" ? errorResult(error.message) : replyWithError(submission, error.message);
    return data<IssueEditorData>({ kind: "error", result }, { status: error.status, headers });
  }
}

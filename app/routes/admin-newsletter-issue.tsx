import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Eye, MailCheck, Save, Send } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LabelledField } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { PostBody } from "~/features/blog/components/post-parts";
import { ActionNotice, AdminShell } from "~/features/content/components/admin-shell";
import { issueInputSchema } from "~/features/content/newsletter-issues-schema";
import { formatReviewDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-newsletter-issue";
import { issueEditorAction, loadIssueEditor } from "./admin-newsletter.server";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.issue ? `“${data.issue.subject}” · Newsletter · Admin` : "New issue · Newsletter · Admin");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadIssueEditor({ request, context, id: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return issueEditorAction({ request, context, id: params.id });
}

const STATUS_LABEL = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;

/**
 * /admin/newsletter/issues/new and /{id}: write an issue in Markdown, preview it (a plain form post: works without
 * JavaScript), send a test to yourself, then send it to the confirmed subscribers after a confirmation step. A sent
 * issue shows what went out, when, and to how many.
 */
export default function NewsletterIssuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, confirmed, me } = loaderData;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: `issue-${issue?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: issue ? { subject: issue.subject, body: issue.body } : undefined,
    constraint: getZodConstraint(issueInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: issueInputSchema }),
  });
  const notice =
    actionData?.kind === "saved"
      ? { ok: true, message: actionData.message }
      : loaderData.done && !actionData
        ? { ok: true, message: loaderData.done }
        : null;
  const recipients = countLabel(confirmed, "subscriber");
  const editable = !issue || issue.status === "draft";
  return (
    <AdminShell
      section="newsletter"
      title={issue ? (editable ? "Edit issue" : issue.subject) : "New issue"}
      lead={
        editable
          ? "Markdown: ## headings, **bold**, *italic*, [links](https://…), lists and > quotes. HTML is shown as text."
          : "What went out to the newsletter's subscribers."
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/admin/newsletter#issues"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All issues
        </Link>
        {issue ? (
          <Badge variant={issue.status === "sent" ? "default" : "secondary"} className="ml-auto">
            {STATUS_LABEL[issue.status]}
          </Badge>
        ) : null}
      </div>
      <ActionNotice answer={notice} />
      {issue && !editable ? (
        <SentIssue issue={issue} html={loaderData.html ?? ""} busy={busy} error={actionData} />
      ) : (
        <>
          {loaderData.confirming && issue ? (
            <section
              aria-labelledby="confirm-heading"
              className="grid gap-3 rounded-3xl border border-primary/40 bg-card p-6 shadow-card"
            >
              <h2 id="confirm-heading" className="text-lg font-bold">
                Send “{issue.subject}” to {recipients}?
              </h2>
              <p className="text-sm text-muted-foreground">
                Each confirmed subscriber gets it once, with their own one-click unsubscribe link. A sent issue can't be
                changed or recalled.
              </p>
              {confirmed > 0 ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="confirm-send" disabled={busy}>
                    <Send aria-hidden="true" /> Yes, send to {recipients}
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={`/admin/newsletter/issues/${issue.id}`}>Cancel</Link>
                  </Button>
                </Form>
              ) : (
                <p role="alert" className="text-sm text-destructive">
                  Nobody has confirmed a subscription yet: there is no one to send it to.
                </p>
              )}
            </section>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <Form
              method="post"
              {...getFormProps(form)}
              className="grid content-start gap-5 rounded-3xl border bg-card p-6 shadow-card"
            >
              {form.errors?.[0] ? (
                <p
                  role="alert"
                  id={form.errorId}
                  className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
                >
                  {form.errors[0]}
                </p>
              ) : null}
              <LabelledField
                id={fields.subject.id}
                label="Subject"
                errors={fields.subject.errors}
                errorId={fields.subject.errorId}
              >
                <Input {...getInputProps(fields.subject, { type: "text" })} />
              </LabelledField>
              <LabelledField
                id={fields.body.id}
                label="Body (Markdown)"
                errors={fields.body.errors}
                errorId={fields.body.errorId}
              >
                <Textarea rows={16} className="font-mono text-sm" {...getTextareaProps(fields.body)} />
              </LabelledField>
              <div className="flex flex-wrap gap-2 border-t pt-4">
                <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
                  <Eye aria-hidden="true" /> Preview
                </Button>
                <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
                  <Save aria-hidden="true" /> Save draft
                </Button>
                <Button type="submit" name="intent" value="test" variant="outline" disabled={busy || !me.verified}>
                  <MailCheck aria-hidden="true" /> Send test to me
                </Button>
                <Button type="submit" name="intent" value="send" disabled={busy || confirmed === 0}>
                  <Send aria-hidden="true" /> Send to {recipients}
                </Button>
              </div>
              <p className="text-xs text-muted-foreground">
                {me.verified
                  ? `The test goes to ${me.email} only. Sending asks you to confirm first.`
                  : "Verify your email address to send yourself a test."}
                {confirmed === 0 ? " Nobody has confirmed a subscription yet." : ""}
              </p>
            </Form>
            <section aria-labelledby="preview-heading" className="rounded-3xl border bg-card p-6 shadow-card">
              <h2 id="preview-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                Preview
              </h2>
              {actionData?.kind === "preview" ? (
                <div data-testid="issue-preview">
                  <PostBody html={actionData.html} className="mt-2" />
                </div>
              ) : (
                <p className="mt-3 text-sm text-muted-foreground">
                  Press Preview to see the issue as subscribers will.
                </p>
              )}
            </section>
          </div>
        </>
      )}
    </AdminShell>
  );
}

function SentIssue({
  issue,
  html,
  busy,
  error,
}: {
  issue: NonNullable<Route.ComponentProps["loaderData"]["issue"]>;
  html: string;
  busy: boolean;
  error: Route.ComponentProps["actionData"];
}) {
  const failed = error?.kind === "error" ? error.result.error?.[""]?.[0] : undefined;
  return (
    <div className="grid gap-6">
      <dl className="grid gap-4 rounded-3xl border bg-card p-6 shadow-card sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Sent</dt>
          <dd className="mt-1 font-semibold">
            {issue.sentAt ? formatReviewDate(new Date(issue.sentAt).toISOString()) : "Not finished"}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">Recipients</dt>
          <dd className="mt-1 font-semibold tabular-nums" data-testid="issue-recipients">
            {issue.status === "sent" ? countLabel(issue.recipientCount, "subscriber") : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">By</dt>
          <dd className="mt-1 font-semibold">{issue.sentByName ?? "—"}</dd>
        </div>
      </dl>
      {issue.status === "sending" ? (
        <Form method="post" className="grid gap-3 rounded-3xl border border-primary/40 bg-card p-6 shadow-card">
          <p className="text-sm">
            Sending stopped before every subscriber's email was queued (the server may have restarted). Finishing queues
            only the subscribers who haven't got it: nobody gets it twice.
          </p>
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {failed}
            </p>
          ) : null}
          <div>
            <Button type="submit" name="intent" value="confirm-send" disabled={busy}>
              <Send aria-hidden="true" /> Finish sending
            </Button>
          </div>
        </Form>
      ) : null}
      <article aria-label="The issue as sent" className="rounded-3xl border bg-card p-6 shadow-card">
        <PostBody html={html} />
      </article>
    </div>
  );
}

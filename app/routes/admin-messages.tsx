import { Inbox, Mail, MailOpen, Reply } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AdminDeleteForm } from "~/features/content/components/admin-delete-form";
import { ActionNotice, AdminShell } from "~/features/content/components/admin-shell";
import { formatReviewDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/admin-messages";
import { adminMessagesAction, loadAdminMessages } from "./admin-messages.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Messages · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminMessages(args);
}

export function action(args: Route.ActionArgs) {
  return adminMessagesAction(args);
}

/** Where else a message goes, as configured (CONTACT_EMAIL, else ADMIN_EMAILS; SMTP_URL). */
function deliveryText({ to, smtp }: { to: string[]; smtp: boolean }) {
  if (to.length === 0) return "kept here only: no contact address is set (CONTACT_EMAIL), so none is emailed.";
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(to);
  return smtp
    ? `also emailed to ${list}.`
    : `also written as emails to ${list} in the server's outbox folder (no SMTP server is set, so none is sent).`;
}

/** /admin/messages: what people sent through the contact page, newest first. */
export default function AdminMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, unread, delivery } = loaderData;
  return (
    <AdminShell
      section="messages"
      title="Contact Messages"
      lead={`Messages sent through the contact page, ${deliveryText(delivery)} ${countLabel(unread, "unread message")}.`}
    >
      <ActionNotice answer={actionData} />
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <Inbox className="size-6" />
          </span>
          <p className="mt-4 font-semibold">No messages yet</p>
          <p className="mt-1 text-sm text-muted-foreground">Messages from the contact page show up here.</p>
        </div>
      ) : (
        <ul className="grid gap-4" aria-label="Messages">
          {items.map((m) => (
            <li
              key={m.id}
              className="grid gap-3 rounded-2xl border bg-card p-5 shadow-card"
              data-testid="contact-message"
            >
              <div className="flex flex-wrap items-center gap-2">
                {m.readAt ? <Badge variant="outline">Read</Badge> : <Badge>New</Badge>}
                <span className="text-sm font-semibold break-all">
                  {m.name} &lt;{m.email}&gt;
                </span>
                <time dateTime={m.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {formatReviewDate(m.createdAt)}
                </time>
              </div>
              <h2 className="font-semibold break-words">{m.subject}</h2>
              <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{m.message}</p>
              <div className="flex flex-wrap gap-2 border-t pt-3">
                <Button aria-label={`Reply to ${m.name}`} asChild size="sm">
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                    <Reply aria-hidden="true" /> Reply
                  </a>
                </Button>
                <Form method="post">
                  <input type="hidden" name="messageId" value={m.id} />
                  <Button
                    aria-label={`${m.readAt ? "Mark unread" : "Mark read"}: ${m.subject}`}
                    type="submit"
                    size="sm"
                    variant="outline"
                    name="intent"
                    value={m.readAt ? "unread" : "read"}
                  >
                    {m.readAt ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
                    {m.readAt ? "Mark unread" : "Mark read"}
                  </Button>
                </Form>
                <AdminDeleteForm field="messageId" id={m.id} what={m.subject} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

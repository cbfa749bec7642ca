import { Archive, ArchiveRestore, Mail, MailOpen, Reply } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatReviewDate } from "~/lib/dates";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { InboxIntent } from "../schema";
import type { InboxMessage } from "../types";
import { replyMailto } from "./reply-link";

export type InboxActionAnswer = { ok: boolean; message: string };

function IntentButton({
  intent,
  label,
  name,
  icon: Icon,
  variant = "outline",
}: {
  intent: InboxIntent;
  label: string;
  name: string;
  icon: typeof Mail;
  variant?: "outline" | "ghost";
}) {
  return (
    <Button type="submit" size="sm" variant={variant} name="intent" value={intent}>
      <Icon aria-hidden="true" />
      <span>
        {label}
        <span className="sr-only">: message from {name}</span>
      </span>
    </Button>
  );
}

/**
 * One message in the owner's inbox. Collapsed it shows who wrote, to which
 * listing, when, and the first words; opening it shows the whole text (as
 * text, line breaks kept) and marks it read. The buttons are form posts, so
 * they work without JavaScript; with it they go through a fetcher and the
 * change shows at once.
 */
export function MessageCard({ message }: { message: InboxMessage }) {
  const fetcher = useFetcher<InboxActionAnswer>();
  const pending = fetcher.formData?.get("intent") as InboxIntent | undefined;
  const read = pending === "read" ? true : pending === "unread" ? false : !!message.readAt;
  const archived = pending === "archive" ? true : pending === "unarchive" ? false : !!message.archivedAt;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (!fetcher.data.ok) toast({ title: "Error", description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.state, fetcher.data]);

  function onToggle(event: React.SyntheticEvent<HTMLDetailsElement>) {
    if (event.currentTarget.open && !read && fetcher.state === "idle") {
      void fetcher.submit({ intent: "read", messageId: message.id }, { method: "post" });
    }
  }

  return (
    <li data-testid="inbox-message" data-read={read ? "true" : "false"}>
      <details
        onToggle={onToggle}
        className={cn(
          "group rounded-2xl border bg-card shadow-card open:ring-1 open:ring-ring/30",
          !read && "border-primary/40",
        )}
      >
        <summary className="flex cursor-pointer list-none flex-col gap-1.5 rounded-2xl p-4 hover:bg-muted/50 sm:p-5 [&::-webkit-details-marker]:hidden">
          <span className="flex flex-wrap items-center gap-2">
            {archived ? <Badge variant="outline">Archived</Badge> : read ? null : <Badge>New</Badge>}
            <span className={cn("min-w-0 break-words", read ? "font-medium" : "font-bold")}>{message.senderName}</span>
            <span className="text-sm text-muted-foreground">
              to <span className="font-medium text-foreground">{message.businessName}</span>
            </span>
            <time dateTime={message.createdAt} className="ml-auto text-xs text-muted-foreground">
              {formatReviewDate(message.createdAt)}
            </time>
          </span>
          <span className="line-clamp-1 text-sm break-words text-muted-foreground group-open:hidden">
            {message.body}
          </span>
        </summary>
        <div className="grid gap-4 border-t px-4 pt-4 pb-4 sm:px-5">
          <p className="text-sm text-muted-foreground">
            From {message.senderName} &lt;
            <a href={`mailto:${message.senderEmail}`} className="break-all text-foreground underline">
              {message.senderEmail}
            </a>
            &gt; about{" "}
            <Link to={businessPath({ slug: message.businessSlug })} className="text-foreground underline">
              {message.businessName}
            </Link>
          </p>
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="inbox-message-body">
            {message.body}
          </p>
          <fetcher.Form method="post" className="flex flex-wrap gap-2 border-t pt-3">
            <input type="hidden" name="messageId" value={message.id} />
            <Button asChild size="sm">
              <a href={replyMailto(message)}>
                <Reply aria-hidden="true" />
                <span>
                  Reply by email<span className="sr-only"> to {message.senderName}</span>
                </span>
              </a>
            </Button>
            {read ? (
              <IntentButton intent="unread" label="Mark unread" name={message.senderName} icon={Mail} />
            ) : (
              <IntentButton intent="read" label="Mark read" name={message.senderName} icon={MailOpen} />
            )}
            {archived ? (
              <IntentButton intent="unarchive" label="Move to inbox" name={message.senderName} icon={ArchiveRestore} />
            ) : (
              <IntentButton intent="archive" label="Archive" name={message.senderName} icon={Archive} variant="ghost" />
            )}
          </fetcher.Form>
        </div>
      </details>
    </li>
  );
}

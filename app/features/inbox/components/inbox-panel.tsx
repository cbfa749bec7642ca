import { ChevronRight, Inbox } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { formatReviewDate } from "~/lib/dates";
import { countLabel } from "~/lib/plural";
import type { InboxMessage } from "../types";

/** /portal's Inbox card (section #inbox): the unread count and the newest unread messages, linking to /portal/inbox. */
export function InboxPanel({ unread, latest }: { unread: number; latest: InboxMessage[] }) {
  return (
    <section
      id="inbox"
      aria-labelledby="inbox-heading"
      className="scroll-mt-24 rounded-3xl border bg-card p-6 shadow-card lg:col-span-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
        >
          <Inbox className="size-5" />
        </span>
        <h2 id="inbox-heading" className="text-lg font-bold">
          Inbox
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="inbox-unread-count">
          {unread ? `${countLabel(unread, "unread message")}` : "No unread messages"}
        </span>
        <Button asChild variant="outline" size="sm" className="ml-auto">
          <Link to="/portal/inbox">
            Open inbox
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {latest.length ? (
        <ul className="mt-5 grid gap-2">
          {latest.map((m) => (
            <li key={m.id}>
              <Link
                to="/portal/inbox"
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border p-4 transition-colors hover:bg-muted"
              >
                <span className="font-semibold">{m.senderName}</span>
                <span className="text-sm text-muted-foreground">to {m.businessName}</span>
                <time dateTime={m.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {formatReviewDate(m.createdAt)}
                </time>
                <span className="line-clamp-1 w-full text-sm break-words text-muted-foreground">{m.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-5 rounded-2xl border border-dashed p-5 text-sm text-muted-foreground">
          Messages visitors send from your business pages arrive here.
        </p>
      )}
    </section>
  );
}

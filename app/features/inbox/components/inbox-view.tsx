import { Inbox } from "lucide-react";
import { Link } from "react-router";
import { Pagination } from "~/features/directory/components/pagination";
import { cn } from "~/lib/utils";
import type { InboxFilter } from "../schema";
import type { InboxPage } from "../types";
import { MessageCard } from "./message-card";

const EMPTY: Record<InboxFilter, { title: string; text: string }> = {
  all: {
    title: "No messages yet",
    text: "When visitors use “Send Message” on your business page, their messages arrive here.",
  },
  unread: { title: "All caught up", text: "You have no unread messages." },
  archived: { title: "Nothing archived", text: "Messages you archive are kept here." },
};

export function inboxHref(filter: InboxFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/portal/inbox${query ? `?${query}` : ""}`;
}

/** The owner's inbox: Inbox / Unread / Archived tabs, the messages (unread first, then newest) and pages. */
export function InboxView({ inbox }: { inbox: InboxPage }) {
  const tabs: { id: InboxFilter; label: string; count: number }[] = [
    { id: "all", label: "Inbox", count: inbox.inbox },
    { id: "unread", label: "Unread", count: inbox.unread },
    { id: "archived", label: "Archived", count: inbox.archived },
  ];
  const empty = EMPTY[inbox.filter];
  return (
    <div className="grid gap-6">
      <nav aria-label="Message folders" className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <Link
            key={t.id}
            to={inboxHref(t.id)}
            aria-current={t.id === inbox.filter ? "page" : undefined}
            className={cn(
              "inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors",
              t.id === inbox.filter ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-muted",
            )}
          >
            {t.label}
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs",
                t.id === inbox.filter ? "bg-primary-foreground/20" : "bg-muted text-muted-foreground",
              )}
            >
              {t.count}
            </span>
          </Link>
        ))}
      </nav>
      {inbox.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <Inbox className="size-6" />
          </span>
          <p className="mt-4 font-semibold">{empty.title}</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">{empty.text}</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Messages">
          {inbox.items.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
      <Pagination page={inbox.page} pageCount={inbox.pageCount} hrefFor={(p) => inboxHref(inbox.filter, p)} />
    </div>
  );
}

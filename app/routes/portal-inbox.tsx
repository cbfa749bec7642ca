import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { ActionNotice } from "~/features/content/components/admin-shell";
import { InboxView } from "~/features/inbox/components/inbox-view";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import type { Route } from "./+types/portal-inbox";
import { inboxAction, loadInbox } from "./portal-inbox.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Inbox", undefined, { noindex: true });

export function loader(args: Route.LoaderArgs) {
  return loadInbox(args);
}

export function action(args: Route.ActionArgs) {
  return inboxAction(args);
}

/** /portal/inbox: messages visitors sent to the owner's listings from the business pages. */
export default function PortalInboxPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Your businesses"
        title="Inbox"
        lead={`Messages from your business pages' “Send Message” form. ${loaderData.unread ? countLabel(loaderData.unread, "unread message") : "No unread messages"}.`}
      >
        <Button asChild variant="outline">
          <Link to="/portal#my-listings">
            <ArrowLeft aria-hidden="true" />
            Dashboard
          </Link>
        </Button>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-10 sm:px-6">
        <ActionNotice answer={actionData} />
        <InboxView inbox={loaderData} />
      </div>
    </>
  );
}

import { CircleAlert, MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NewsletterPanel } from "~/features/content/components/newsletter-page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter";
import { subscribeAction } from "./newsletter.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Newsletter", "New places, local events and hidden gems, once a month.");

export function action({ request, context }: Route.ActionArgs) {
  return subscribeAction(request, context);
}

/** /newsletter: where the footer's Subscribe lands without JavaScript (with it, the answer shows in the footer). */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  if (actionData?.ok)
    return (
      <NewsletterPanel icon={MailCheck} tone="success" title="Check your inbox">
        <p role="status">{actionData.message}</p>
        <Button asChild variant="outline">
          <Link to="/">Back to Near</Link>
        </Button>
      </NewsletterPanel>
    );
  return (
    <NewsletterPanel
      icon={actionData ? CircleAlert : MailCheck}
      tone={actionData ? "error" : "default"}
      title="Newsletter"
    >
      {actionData ? <p role="alert">{actionData.message}</p> : null}
      <p>New places, local events and hidden gems, once a month. Subscribe with the form at the bottom of any page.</p>
    </NewsletterPanel>
  );
}

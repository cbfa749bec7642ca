import { BellOff, CircleAlert, CircleCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { NewsletterPanel } from "~/features/content/components/newsletter-page";
import type { UnsubscribeAnswer, UnsubscribeView } from "../unsubscribe.server";
import { KIND_LABELS } from "../types";

/** The one-click unsubscribe page of an owner email: GET shows the button, POST answers here. */
export function NotificationUnsubscribePage({ view, answer }: { view: UnsubscribeView; answer?: UnsubscribeAnswer }) {
  const busy = useNavigation().state !== "idle";
  const settings = (
    <Button asChild variant="outline">
      <Link to="/account/settings#section-email-notifications">Email settings</Link>
    </Button>
  );
  if (answer?.ok)
    return (
      <NewsletterPanel icon={CircleCheck} tone="success" title="You're unsubscribed">
        <p role="status">
          <strong className="text-foreground">{answer.email}</strong> won't get emails about{" "}
          {KIND_LABELS[answer.kind].what} any more. You can turn them back on in your account settings.
        </p>
        {settings}
      </NewsletterPanel>
    );
  const failure = answer && !answer.ok ? answer.message : null;
  if (!view.valid || failure)
    return (
      <NewsletterPanel icon={CircleAlert} tone="error" title="This link doesn't work">
        <p role="alert">
          {failure ?? "This unsubscribe link isn't valid. Change your email settings in your account instead."}
        </p>
        {settings}
      </NewsletterPanel>
    );
  return (
    <NewsletterPanel icon={BellOff} title={`Stop emails about ${KIND_LABELS[view.kind].what}`}>
      {view.subscribed ? (
        <>
          <p>
            Stop emailing <strong className="text-foreground">{view.email}</strong> when your listings get{" "}
            {KIND_LABELS[view.kind].what}? They still arrive on your dashboard.
          </p>
          <Form method="post">
            <input type="hidden" name="token" value={view.token} />
            <Button type="submit" size="lg" disabled={busy}>
              Unsubscribe
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p>
            Already unsubscribed: <strong className="text-foreground">{view.email}</strong> gets no emails about{" "}
            {KIND_LABELS[view.kind].what}.
          </p>
          {settings}
        </>
      )}
    </NewsletterPanel>
  );
}

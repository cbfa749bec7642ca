import { CircleAlert, CircleCheck, MailCheck, MailX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/** The frame of the newsletter's own pages (subscribe result, confirm, unsubscribe). */
export function NewsletterPanel({
  icon: Icon,
  title,
  tone = "default",
  children,
}: {
  icon: typeof MailCheck;
  title: string;
  tone?: "default" | "success" | "error";
  children: React.ReactNode;
}) {
  const toneClass =
    tone === "success"
      ? "bg-success/15 text-success"
      : tone === "error"
        ? "bg-destructive/10 text-destructive"
        : "bg-primary-soft text-accent-foreground";
  return (
    <div className="flex flex-1 items-start justify-center bg-linear-to-b from-primary-soft/50 to-background px-4 py-16 dark:from-primary-soft/25">
      <section
        aria-labelledby="newsletter-heading"
        className="flex w-full max-w-lg flex-col items-center rounded-3xl border bg-card px-6 py-10 text-center shadow-card sm:px-10"
      >
        <span aria-hidden="true" className={`grid size-12 place-items-center rounded-full ${toneClass}`}>
          <Icon className="size-6" />
        </span>
        <h1 id="newsletter-heading" className="mt-4 text-2xl font-extrabold tracking-tight">
          {title}
        </h1>
        <div className="mt-3 grid justify-items-center gap-4 text-muted-foreground">{children}</div>
      </section>
    </div>
  );
}

/** Confirm / unsubscribe: a button that posts the token, then the answer. */
export function TokenPage({
  kind,
  token,
  subscription,
  answer,
}: {
  kind: "confirm" | "unsubscribe";
  token: string;
  subscription: { email: string; status: string } | null;
  answer?: { ok: true; email: string } | { ok: false; message: string };
}) {
  const busy = useNavigation().state !== "idle";
  if (answer?.ok)
    return kind === "confirm" ? (
      <NewsletterPanel icon={CircleCheck} tone="success" title="You're subscribed">
        <p>
          Thanks! <strong className="text-foreground">{answer.email}</strong> will get our newsletter: new places, local
          events and hidden gems, once a month. Every issue has an unsubscribe link.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Back to Near</Link>
        </Button>
      </NewsletterPanel>
    ) : (
      <NewsletterPanel icon={MailX} tone="success" title="You're unsubscribed">
        <p>
          <strong className="text-foreground">{answer.email}</strong> won't receive our newsletter any more. Changed
          your mind? Subscribe again from the footer of any page.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Back to Near</Link>
        </Button>
      </NewsletterPanel>
    );
  const failure = answer && !answer.ok ? answer.message : null;
  if (!subscription || failure)
    return (
      <NewsletterPanel icon={CircleAlert} tone="error" title="This link doesn't work any more">
        <p role="alert">
          {failure ??
            (kind === "confirm"
              ? "It may be from an older email: each new sign-up sends a new link. Subscribe again from the footer."
              : "It may be from an older email. The newest email we sent you has a working link.")}
        </p>
        <Button asChild variant="outline">
          <Link to="/">Back to Near</Link>
        </Button>
      </NewsletterPanel>
    );
  const already = kind === "confirm" ? subscription.status === "confirmed" : subscription.status === "unsubscribed";
  return (
    <NewsletterPanel
      icon={kind === "confirm" ? MailCheck : MailX}
      title={kind === "confirm" ? "Confirm your subscription" : "Unsubscribe from the newsletter"}
    >
      <p>
        {kind === "confirm" ? (already ? "Already subscribed: " : "Send our monthly newsletter to ") : null}
        {kind === "unsubscribe" ? (already ? "Already unsubscribed: " : "Stop sending the newsletter to ") : null}
        <strong className="text-foreground">{subscription.email}</strong>
        {already ? "." : "?"}
      </p>
      {already ? null : (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg" disabled={busy}>
            {kind === "confirm" ? "Confirm subscription" : "Unsubscribe"}
          </Button>
        </Form>
      )}
    </NewsletterPanel>
  );
}

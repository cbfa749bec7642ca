import { Loader2, MailWarning, X } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { resendVerificationEmail, VERIFY_DISMISS_COOKIE } from "../verify-reminder";

type SendState = { status: "idle" | "sending" | "sent" } | { status: "error"; error: string };

/**
 * "Resend email", and what came of it said next to it (a live region: screen readers hear it). Shared by the banner,
 * the notification settings and the owner's dashboard, where emails wait for a verified address.
 */
export function ResendVerificationButton({ email, className }: { email: string; className?: string }) {
  const [state, setState] = useState<SendState>({ status: "idle" });
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-3 gap-y-1", className)}>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={state.status === "sending"}
        data-testid="resend-verification"
        onClick={async () => {
          setState({ status: "sending" });
          const answer = await resendVerificationEmail(email);
          setState(answer.ok ? { status: "sent" } : { status: "error", error: answer.error });
        }}
      >
        {state.status === "sending" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        Resend email
      </Button>
      <span role="status" className="text-sm">
        {state.status === "sent" ? (
          <span className="font-medium text-success">Email sent. Check your inbox for the new link.</span>
        ) : state.status === "error" ? (
          <span className="font-medium text-destructive">{state.error}</span>
        ) : null}
      </span>
    </span>
  );
}

/**
 * Site-wide, under the header, for a signed-in reader whose address isn't verified (issue 40, defect 6): what to do
 * and a way to get the link again. Dismissed for the rest of the visit (a session cookie the server reads, so the
 * next page leaves it out too); it comes back on the next visit while the address is unverified.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <section
      aria-label="Verify your email address"
      className="border-b border-warning/40 bg-warning/10"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:items-center sm:px-6">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning sm:mt-0" />
        <div className="grid min-w-0 flex-1 gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
          <p className="min-w-0">
            <span className="font-semibold">Please verify your email address:</span> we sent a link to{" "}
            <span className="font-medium break-all">{email}</span>.
          </p>
          <ResendVerificationButton email={email} />
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          className="-my-1 -mr-2 shrink-0"
          aria-label="Dismiss"
          onClick={() => {
            // A session cookie: for this visit only.
            document.cookie = `${VERIFY_DISMISS_COOKIE}=1; Path=/; SameSite=Lax`;
            setDismissed(true);
          }}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}

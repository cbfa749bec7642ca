import { MailWarning } from "lucide-react";
import { ResendVerificationButton } from "~/features/auth/components/verify-email-banner";
import { cn } from "~/lib/utils";

/** Why an unverified owner gets no emails about messages and reviews (notify.server.ts emails verified owners only). */
export const HELD_EMAILS_TEXT = "Emails about messages and reviews are held until you verify your email address.";

/**
 * Said where an owner looks for those emails (the dashboard, the notification settings) while their address is
 * unverified (issue 40, defect 6): the messages and reviews are still on the site; the link to verify comes again
 * with "Resend email".
 */
export function HeldEmailsNotice({ email, className }: { email: string; className?: string }) {
  return (
    <div
      className={cn("flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm", className)}
      data-testid="held-emails-notice"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="grid min-w-0 gap-2">
        <p>
          <span className="font-semibold">{HELD_EMAILS_TEXT}</span>{" "}
          <span className="text-muted-foreground">
            New messages and reviews still arrive here; we sent the link to <span className="break-all">{email}</span>.
          </span>
        </p>
        <ResendVerificationButton email={email} />
      </div>
    </div>
  );
}

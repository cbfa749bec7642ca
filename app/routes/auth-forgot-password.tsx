import { getFormProps } from "@conform-to/react";
import { ArrowLeft, Loader2, MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/auth-forgot-password";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "~/features/auth/auth-client";
import { AuthShell } from "~/features/auth/components/auth-shell";
import { FormError, FormField } from "~/features/auth/components/form-field";
import { FORGOT_PASSWORD_ANSWER } from "~/features/auth/messages";
import { notifyError } from "~/features/auth/notify";
import { forgotPasswordSchema } from "~/features/auth/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Forgot Password");

/**
 * Asks for the email and always answers the same way, whether or not it has
 * an account (Better Auth also takes the same time either way).
 */
export default function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { onValidSubmit: (value) => void requestReset(value) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function requestReset(values: { email: string }) {
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const { error } = await authClient().requestPasswordReset(
      { email: values.email, redirectTo: "/auth/reset-password" },
      { onError: (ctx) => void (retryAfter = ctx.response.headers.get("X-Retry-After")) },
    );
    setPending(false);
    // Only problems that say nothing about the account are shown (too many tries, no connection).
    if (error && (error.status === 429 || error.status === 0 || error.status >= 500 || error.status === 400)) {
      const { message } = describeError(error, retryAfter);
      setFailure(message);
      notifyError(message);
      return;
    }
    setSentTo(values.email);
  }

  return (
    <AuthShell
      aside={false}
      title={sentTo ? "Check your email" : "Forgot your password?"}
      description={
        sentTo ? undefined : "Enter the email you signed up with and we'll send you a link to choose a new password."
      }
      footer={
        <Link to="/auth" className="inline-flex items-center gap-1.5 font-semibold text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to sign in
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="grid gap-4">
          <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-4 text-accent-foreground">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="text-sm">{FORGOT_PASSWORD_ANSWER}</p>
          </div>
          <p className="text-sm text-muted-foreground">
            Nothing after a few minutes? Check your spam folder, or{" "}
            <button
              type="button"
              className="cursor-pointer font-semibold text-primary hover:underline"
              onClick={() => setSentTo(null)}
            >
              try another email
            </button>
            .
          </p>
        </div>
      ) : (
        <form {...getFormProps(form)} method="post" className="grid gap-5">
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            error={fields.email.errors?.[0]}
          />
          <FormError message={failure} />
          <Button type="submit" size="lg" className="w-full" disabled={!hydrated || pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

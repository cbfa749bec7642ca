import { getFormProps } from "@conform-to/react";
import { ArrowLeft, Loader2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/auth-reset-password";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "~/features/auth/auth-client";
import { AuthShell } from "~/features/auth/components/auth-shell";
import { FormError, FormField } from "~/features/auth/components/form-field";
import { notifyError } from "~/features/auth/notify";
import { resetPasswordSchema } from "~/features/auth/schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { isValidationSubmit, useSchemaForm } from "~/lib/use-schema-form";
import { pageMeta } from "~/lib/meta";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Reset Password");

/** Better Auth checks the emailed link and lands here with ?token= (or ?error= when it is stale). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const valid = Boolean(token) && !url.searchParams.get("error") && /^[A-Za-z0-9_-]{8,200}$/.test(token ?? "");
  return { token: valid ? token : null };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(resetPasswordSchema, { onValidSubmit: (value) => void resetPassword(value) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!isValidationSubmit(event)) {
      // The notice names the first problem too (the spec's "Passwords do not match." among them).
      const parsed = resetPasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
      const message = parsed.error?.issues[0]?.message;
      if (message) notifyError(message);
    }
    form.onSubmit(event); // Conform shows each field's message and focuses the first to fix, or calls resetPassword
  }

  async function resetPassword(values: { newPassword: string }) {
    if (!token) return;
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const { error } = await authClient().resetPassword(
      { newPassword: values.newPassword, token },
      { onError: (ctx) => void (retryAfter = ctx.response.headers.get("X-Retry-After")) },
    );
    if (error) {
      const { message } = describeError(error, retryAfter);
      setFailure(message);
      notifyError(message);
      setPending(false);
      return;
    }
    // Every session of the account has just been signed out; sign in with the new password.
    await navigate("/auth/callback?event=reset", { replace: true });
  }

  const back = (
    <Link to="/auth" className="inline-flex items-center gap-1.5 font-semibold text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to sign in
    </Link>
  );

  if (!token) {
    return (
      <AuthShell aside={false} title="This link has expired" footer={back}>
        <div className="grid gap-5">
          <div className="flex items-start gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
            <p className="text-sm">
              Password reset links work once, for one hour. Ask for a new one and use the latest email.
            </p>
          </div>
          <Button asChild size="lg">
            <Link to="/auth/forgot-password">Send a new link</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      aside={false}
      title="Choose a new password"
      description="Setting a new password signs you out on every device."
      footer={back}
    >
      <form {...getFormProps(form)} method="post" onSubmit={onSubmit} className="grid gap-5">
        <FormField
          label="New Password"
          name="newPassword"
          password
          autoComplete="new-password"
          hint="At least 6 characters."
          error={fields.newPassword.errors?.[0]}
        />
        <FormField
          label="Confirm Password"
          name="confirmPassword"
          password
          autoComplete="new-password"
          error={fields.confirmPassword.errors?.[0]}
        />
        <FormError message={failure} />
        <Button type="submit" size="lg" className="w-full" disabled={!hydrated || pending}>
          {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Reset Password
        </Button>
      </form>
    </AuthShell>
  );
}

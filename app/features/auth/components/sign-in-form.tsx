import { getFormProps } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "../auth-client";
import { callbackPath } from "../finish";
import { notifyError } from "../notify";
import { signInSchema } from "../schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { FormError, FormField } from "./form-field";
import { TwoFactorChallenge } from "./two-factor-challenge";

/** "Welcome Back": email and password, then (when enrolled) a code from the authenticator app. */
export function SignInForm({
  redirectTo,
  onTwoFactorStep,
}: {
  redirectTo?: string | null;
  /** Told when the code step starts and ends (the page hides the other ways in meanwhile). */
  onTwoFactorStep?: (active: boolean) => void;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Conform checks the fields with the schema in the browser; Better Auth's endpoint takes the post.
  const [form, fields] = useSchemaForm(signInSchema, { onValidSubmit: (value) => void signIn(value) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<"password" | "two-factor">("password");

  const finish = () => navigate(callbackPath("signin", redirectTo), { replace: true });

  async function signIn(values: { email: string; password: string }) {
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const { data, error } = await authClient().signIn.email(
      { email: values.email, password: values.password, rememberMe: true },
      { onError: (ctx) => void (retryAfter = ctx.response.headers.get("X-Retry-After")) },
    );
    if (error) {
      const { message } = describeError(error, retryAfter);
      setFailure(message);
      notifyError(message);
      setPending(false);
      return;
    }
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setPending(false);
      setStep("two-factor");
      onTwoFactorStep?.(true);
      return;
    }
    await finish();
  }

  if (step === "two-factor") {
    return (
      <TwoFactorChallenge
        onVerified={finish}
        onCancel={() => {
          setStep("password");
          onTwoFactorStep?.(false);
        }}
      />
    );
  }

  return (
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
      <FormField
        label="Password"
        name="password"
        password
        autoComplete="current-password"
        error={fields.password.errors?.[0]}
        labelAside={
          <Link to="/auth/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        }
      />
      <FormError message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || pending}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        Sign In
      </Button>
    </form>
  );
}

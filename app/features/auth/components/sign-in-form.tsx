import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "../auth-client";
import { callbackPath } from "../finish";
import { notifyError } from "../notify";
import { signInSchema } from "../schemas";
import { useFormErrors } from "../use-form-errors";
import { useHydrated } from "~/lib/use-hydrated";
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
  const { errors, validate, recheck } = useFormErrors(signInSchema);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<"password" | "two-factor">("password");

  const finish = () => navigate(callbackPath("signin", redirectTo), { replace: true });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate(event.currentTarget);
    if (!values) return;
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
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={(e) => recheck(e.currentTarget)}
      className="grid gap-5"
    >
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        error={errors.email}
      />
      <FormField
        label="Password"
        name="password"
        password
        autoComplete="current-password"
        error={errors.password}
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

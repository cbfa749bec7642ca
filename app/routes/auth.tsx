import { useEffect, useRef, useState } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { configuredProviders } from "~/features/auth/auth.server";
import { getUser } from "~/features/auth/guards.server";
import { AuthShell } from "~/features/auth/components/auth-shell";
import { SignInForm } from "~/features/auth/components/sign-in-form";
import { SignUpForm } from "~/features/auth/components/sign-up-form";
import { SocialButtons, enabledProviders } from "~/features/auth/components/social-buttons";
import { NOTICES } from "~/features/auth/messages";
import { notify } from "~/features/auth/notify";
import { postSignInPath, safeRedirect } from "~/features/auth/redirect";
import type { AccountTypeValue } from "~/features/auth/schemas";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, new URLSearchParams(location.search).get("mode") === "signup" ? "Create Account" : "Sign In");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "") || null;
  const user = await getUser({ request, context });
  // Already signed in: straight on, as after signing in.
  if (user) throw redirect(postSignInPath({ redirectTo, isAdmin: user.isAdmin }));
  return {
    providers: configuredProviders(context.config),
    redirectTo,
    // Set by Better Auth when a social sign-in failed or was cancelled.
    socialError: url.searchParams.get("error"),
  };
}

function modeHref(params: URLSearchParams, mode: "signin" | "signup") {
  const next = new URLSearchParams(params);
  next.delete("error");
  next.delete("type");
  if (mode === "signup") next.set("mode", "signup");
  else next.delete("mode");
  const query = next.toString();
  return query ? `?${query}` : "?";
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { providers, redirectTo, socialError } = loaderData;
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  // ?type=business preselects Business Owner (e.g. from "List Your Business"); then it is the form's own state.
  const [type, setType] = useState<AccountTypeValue>(params.get("type") === "business" ? "business" : "customer");
  const [codeStep, setCodeStep] = useState(false);

  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!socialError || reported.current === socialError) return;
    reported.current = socialError;
    notify(
      socialError === "access_denied"
        ? NOTICES.socialCancelled
        : socialError === "account_not_linked"
          ? NOTICES.socialNotLinked
          : NOTICES.socialFailed,
    );
  }, [socialError]);

  const signUp = mode === "signup";
  return (
    <AuthShell
      title={signUp ? "Create Account" : "Welcome Back"}
      description={
        signUp ? "Join to review places you love, or list your own business." : "Sign in to your account to continue."
      }
      footer={
        codeStep && !signUp ? undefined : signUp ? (
          <>
            Already have an account?{" "}
            <Link to={modeHref(params, "signin")} replace className="font-semibold text-primary hover:underline">
              Sign in
            </Link>
          </>
        ) : (
          <>
            Don&apos;t have an account?{" "}
            <Link to={modeHref(params, "signup")} replace className="font-semibold text-primary hover:underline">
              Sign up
            </Link>
          </>
        )
      }
    >
      <div className="grid gap-6">
        {signUp ? (
          <SignUpForm redirectTo={redirectTo} type={type} onTypeChange={setType} />
        ) : (
          <SignInForm redirectTo={redirectTo} onTwoFactorStep={setCodeStep} />
        )}
        {(codeStep && !signUp) || enabledProviders(providers).length === 0 ? null : (
          <>
            <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              or continue with
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>
            <SocialButtons providers={providers} redirectTo={redirectTo} accountType={signUp ? type : undefined} />
          </>
        )}
      </div>
    </AuthShell>
  );
}

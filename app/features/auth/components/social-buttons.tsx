import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "../auth-client";
import { notifyError } from "../notify";
import type { AccountTypeValue } from "../schemas";
import { useHydrated } from "~/lib/use-hydrated";

export type ProviderId = "google" | "github";

function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[18px]">
      <path
        fill="#4285F4"
        d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47a5.54 5.54 0 0 1-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3c-1.08.72-2.45 1.16-4.07 1.16-3.13 0-5.78-2.11-6.73-4.96H1.28v3.09A12 12 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.8.14-1.57.38-2.29V6.62H1.28a12 12 0 0 0 0 10.76l3.99-3.09Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.42-3.42A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.28 6.62l3.99 3.09C6.22 6.86 8.87 4.75 12 4.75Z"
      />
    </svg>
  );
}

function GitHubIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-[18px]" fill="currentColor">
      <path d="M12 .3a12 12 0 0 0-3.8 23.38c.6.12.83-.26.83-.57L9 21.07c-3.34.72-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.08-.74.09-.73.09-.73 1.2.09 1.83 1.24 1.83 1.24 1.07 1.83 2.81 1.3 3.5 1 .1-.78.42-1.31.76-1.61-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22l-.01 3.29c0 .31.2.69.82.57A12 12 0 0 0 12 .3Z" />
    </svg>
  );
}

const PROVIDERS: { id: ProviderId; label: string; icon: () => React.JSX.Element }[] = [
  { id: "google", label: "Google", icon: GoogleIcon },
  { id: "github", label: "GitHub", icon: GitHubIcon },
];

/** Where a provider sends people back to, and where we send them after that. */
export function socialCallbackUrls(redirectTo: string | null | undefined) {
  const back = new URLSearchParams({ event: "social" });
  const retry = new URLSearchParams();
  if (redirectTo) {
    back.set("redirectTo", redirectTo);
    retry.set("redirectTo", redirectTo);
  }
  const query = retry.toString();
  const fresh = new URLSearchParams(back);
  fresh.set("event", "social-signup");
  return {
    callbackURL: `/auth/callback?${back}`,
    newUserCallbackURL: `/auth/callback?${fresh}`,
    errorCallbackURL: `/auth${query ? `?${query}` : ""}`,
  };
}

/** The social providers that are set up, in display order: the only ones a visitor is offered. */
export function enabledProviders(providers: Record<ProviderId, boolean>): ProviderId[] {
  return PROVIDERS.filter(({ id }) => providers[id]).map(({ id }) => id);
}

/**
 * "Continue with Google / GitHub". Providers come from configuration; one
 * that isn't set up is not shown at all (a visitor can do nothing with it),
 * and with none set up the caller shows no "or continue with" either.
 */
export function SocialButtons({
  providers,
  redirectTo,
  accountType,
}: {
  providers: Record<ProviderId, boolean>;
  redirectTo?: string | null;
  /** On the sign-up tab: the account type a new user gets. */
  accountType?: AccountTypeValue;
}) {
  const hydrated = useHydrated();
  const [pending, setPending] = useState<ProviderId | null>(null);

  async function start(provider: ProviderId) {
    setPending(provider);
    const { error } = await authClient().signIn.social({
      provider,
      ...socialCallbackUrls(redirectTo),
      ...(accountType ? { additionalData: { accountType } } : {}),
    });
    // On success the browser is already on its way to the provider.
    if (error) {
      notifyError(describeError(error).message);
      setPending(null);
    }
  }

  const shown = PROVIDERS.filter(({ id }) => providers[id]);
  if (shown.length === 0) return null;
  return (
    <div className={shown.length > 1 ? "grid grid-cols-2 gap-3" : "grid gap-3"}>
      {shown.map(({ id, label, icon: Icon }) => (
        <Button
          key={id}
          variant="outline"
          className="h-11 w-full"
          disabled={!hydrated || pending !== null}
          onClick={() => void start(id)}
        >
          {pending === id ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Icon />}
          {label}
        </Button>
      ))}
    </div>
  );
}

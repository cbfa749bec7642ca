import { getFormProps } from "@conform-to/react";
import { Check, Copy, Loader2, ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { authClient, describeError } from "../auth-client";
import { NOTICES } from "../messages";
import { notify, notifyError } from "../notify";
import { confirmPasswordSchema, totpCodeSchema } from "../schemas";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useHydrated } from "~/lib/use-hydrated";
import { FormError, FormField } from "./form-field";

interface Setup {
  qr: string;
  secret: string;
  backupCodes: string[];
}
type SetupResult = { ok: true; setup: Setup } | { ok: false; fields: Record<string, string>; message: string | null };

/** Groups a base32 secret in fours, as authenticator apps show it. */
function groupSecret(secret: string) {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied" : label}
    </Button>
  );
}

/**
 * Turning TOTP two-factor authentication on (password → QR code and backup
 * codes → first code) and off (password). While it is on, signing in asks for
 * a code after the password.
 */
export function TwoFactorSettings({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  // A fresh fetcher per attempt, so reopening never shows an old QR code.
  const [attempt, setAttempt] = useState(0);
  const fetcher = useFetcher<SetupResult>({ key: `two-factor-setup-${attempt}` });
  // Conform checks each step's fields in the browser with its schema.
  const [disableForm, disableFields] = useSchemaForm(confirmPasswordSchema, {
    id: "two-factor-disable",
    onValidSubmit: (value) => void disable(value),
  });
  const [startForm, startFormFields] = useSchemaForm(confirmPasswordSchema, { id: "two-factor-start" });
  const [codeForm, codeFields] = useSchemaForm(totpCodeSchema, {
    id: "two-factor-code",
    onValidSubmit: (value) => void verify(value),
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const result = fetcher.data;
  const setup = result?.ok ? result.setup : null;
  const startFailure = result && !result.ok ? result.message : null;
  const startFields = result && !result.ok ? result.fields : {};

  useEffect(() => {
    if (result && !result.ok && result.message) notifyError(result.message);
  }, [result]);

  function close() {
    setOpen(false);
    setAttempt((n) => n + 1);
    setFailure(null);
    // Clear what the open step showed; Conform can only reset a form that is on the page.
    for (const form of [disableForm, startForm, codeForm]) if (document.getElementById(form.id)) form.reset();
  }

  async function verify(values: { code: string }) {
    setPending(true);
    setFailure(null);
    const { error } = await authClient().twoFactor.verifyTotp({ code: values.code });
    setPending(false);
    if (error) {
      const message = describeError(error).message;
      setFailure(message);
      notifyError(message);
      return;
    }
    close();
    notify(NOTICES.twoFactorEnabled);
    void revalidator.revalidate();
  }

  async function disable(values: { password: string }) {
    setPending(true);
    setFailure(null);
    const { error } = await authClient().twoFactor.disable({ password: values.password });
    setPending(false);
    if (error) {
      const message =
        error.code === "INVALID_PASSWORD" ? "That password is not correct." : describeError(error).message;
      setFailure(message);
      notifyError(message);
      return;
    }
    close();
    notify(NOTICES.twoFactorDisabled);
    void revalidator.revalidate();
  }

  const status = (
    <div className="flex flex-wrap items-center gap-3">
      {enabled ? (
        <Badge variant="success">
          <ShieldCheck aria-hidden="true" /> On
        </Badge>
      ) : (
        <Badge variant="secondary">
          <ShieldOff aria-hidden="true" /> Off
        </Badge>
      )}
      <p className="text-sm text-muted-foreground">
        {enabled
          ? "Signing in asks for a code from your authenticator app."
          : "Add a code from an authenticator app (1Password, Google Authenticator, Authy…) to your sign-in."}
      </p>
    </div>
  );

  if (!hasPassword) {
    return (
      <div className="grid gap-4">
        {status}
        <p className="text-sm text-muted-foreground">
          You sign in with Google or GitHub, which protect your account with their own two-step verification. To add a
          code here, first set a password with “Forgot password?”.
        </p>
      </div>
    );
  }

  if (!open) {
    return (
      <div className="grid gap-4">
        {status}
        <div>
          <Button variant={enabled ? "outline" : "default"} disabled={!hydrated} onClick={() => setOpen(true)}>
            {enabled ? "Turn off two-factor authentication" : "Set up two-factor authentication"}
          </Button>
        </div>
      </div>
    );
  }

  if (enabled) {
    return (
      <form {...getFormProps(disableForm)} method="post" className="grid gap-4">
        {status}
        <FormField
          label="Confirm with your password"
          name="password"
          password
          autoComplete="current-password"
          error={disableFields.password.errors?.[0]}
        />
        <FormError message={failure} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Turn off
          </Button>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  if (!setup) {
    return (
      // Conform stops an invalid submit; a valid one goes on to the fetcher's post.
      <fetcher.Form {...getFormProps(startForm)} method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="enable-two-factor" />
        <p className="text-sm text-muted-foreground">First, confirm it's you.</p>
        <FormField
          label="Password"
          name="password"
          password
          autoComplete="current-password"
          error={startFormFields.password.errors?.[0] ?? startFields.password}
        />
        <FormError message={startFailure} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            Continue
          </Button>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    );
  }

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 text-sm">
        <li className="grid gap-3">
          <p className="font-semibold">1. Scan this QR code with your authenticator app</p>
          <div className="flex flex-wrap items-center gap-5">
            <img
              src={setup.qr}
              alt="QR code for adding this account to an authenticator app"
              width={176}
              height={176}
              className="rounded-xl border bg-white p-2"
            />
            <div className="grid gap-2">
              <p className="text-muted-foreground">Can't scan it? Enter this key instead:</p>
              <code data-testid="totp-secret" className="rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all">
                {groupSecret(setup.secret)}
              </code>
              <div>
                <CopyButton text={setup.secret} label="Copy key" />
              </div>
            </div>
          </div>
        </li>
        <li className="grid gap-3">
          <p className="font-semibold">2. Save your backup codes</p>
          <p className="text-muted-foreground">
            Each one signs you in once if you lose your phone. Keep them somewhere safe: they won't be shown again.
          </p>
          <ul
            aria-label="Backup codes"
            className="grid grid-cols-2 gap-2 rounded-xl border bg-muted/50 p-3 font-mono text-sm sm:grid-cols-5"
          >
            {setup.backupCodes.map((code) => (
              <li key={code} className="text-center">
                {code}
              </li>
            ))}
          </ul>
          <div>
            <CopyButton text={setup.backupCodes.join("\n")} label="Copy codes" />
          </div>
        </li>
        <li className="grid gap-3">
          <p className="font-semibold">3. Enter the 6-digit code from the app</p>
          <form {...getFormProps(codeForm)} method="post" className="grid gap-4 sm:max-w-xs">
            <FormField
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={7}
              error={codeFields.code.errors?.[0]}
            />
            <FormError message={failure} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={pending}>
                {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                Verify and turn on
              </Button>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { KeyRound, Loader2, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { authClient, describeError } from "../auth-client";
import { notifyError } from "../notify";
import { backupCodeSchema, totpCodeSchema } from "../schemas";
import { useSchemaForm } from "~/lib/use-schema-form";
import { FormError, FormField } from "./form-field";

/**
 * The second step of signing in (the spec's aal2): a code from the
 * authenticator app, or one of the backup codes.
 */
export function TwoFactorChallenge({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [trustDevice, setTrustDevice] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function verify(values: { code: string }) {
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const fetchOptions = {
      onError: (ctx: { response: Response }) => void (retryAfter = ctx.response.headers.get("X-Retry-After")),
    };
    const { error } =
      method === "totp"
        ? await authClient().twoFactor.verifyTotp({ code: values.code, trustDevice }, fetchOptions)
        : await authClient().twoFactor.verifyBackupCode({ code: values.code, trustDevice }, fetchOptions);
    if (error) {
      const { message } = describeError(error, retryAfter);
      setFailure(message);
      notifyError(message);
      setPending(false);
      return;
    }
    onVerified();
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-3 rounded-xl bg-primary-soft p-4 text-accent-foreground">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <h2 ref={heading} tabIndex={-1} className="font-semibold outline-none">
            Two-factor authentication
          </h2>
          <p className="text-sm">
            {method === "totp"
              ? "Enter the 6-digit code from your authenticator app."
              : "Enter one of the backup codes you saved when you turned on two-factor authentication."}
          </p>
        </div>
      </div>
      {/* A fresh form per method: each checks its own kind of code. */}
      <CodeForm key={method} method={method} onValidCode={(code) => void verify({ code })}>
        <div className="flex items-center gap-2.5">
          <Checkbox id="trust-device" checked={trustDevice} onCheckedChange={(v) => setTrustDevice(v === true)} />
          <Label htmlFor="trust-device" className="font-normal">
            Trust this device for 30 days
          </Label>
        </div>
        <FormError message={failure} />
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Verify
        </Button>
      </CodeForm>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setFailure(null);
            setMethod((m) => (m === "totp" ? "backup" : "totp"));
          }}
        >
          <KeyRound aria-hidden="true" />
          {method === "totp" ? "Use a backup code instead" : "Use your authenticator app"}
        </Button>
        <Button variant="link" className="h-auto px-0 text-muted-foreground" onClick={onCancel}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}

/** The code field, checked in the browser with the method's schema (Conform); Better Auth's endpoint takes the code. */
function CodeForm({
  method,
  onValidCode,
  children,
}: {
  method: "totp" | "backup";
  onValidCode: (code: string) => void;
  children: React.ReactNode;
}) {
  const [form, fields] = useSchemaForm(method === "totp" ? totpCodeSchema : backupCodeSchema, {
    onValidSubmit: (value) => onValidCode(value.code),
  });
  const error = fields.code.errors?.[0];
  return (
    <form {...getFormProps(form)} method="post" className="grid gap-5">
      {method === "totp" ? (
        <FormField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={7}
          className="[&_input]:text-lg [&_input]:tracking-[0.3em]"
          error={error}
        />
      ) : (
        <FormField label="Backup code" name="code" autoComplete="off" spellCheck={false} error={error} />
      )}
      {children}
    </form>
  );
}

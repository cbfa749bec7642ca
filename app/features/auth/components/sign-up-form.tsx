import { getFormProps } from "@conform-to/react";
import { Loader2, Store, UserRound } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { authClient, describeError } from "../auth-client";
import { callbackPath } from "../finish";
import { NOTICES } from "../messages";
import { notify, notifyError } from "../notify";
import { signInPath } from "../redirect";
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPE_VALUES, signUpSchema, type AccountTypeValue } from "../schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";
import { FormError, FormField } from "./form-field";

const TYPE_ICONS = { customer: UserRound, business: Store } as const;

/**
 * "Create Account": Customer or Business Owner, a name labelled for that
 * choice, email and password. Better Auth signs the new account in at once
 * and emails a verification link.
 */
export function SignUpForm({
  redirectTo,
  type,
  onTypeChange,
}: {
  redirectTo?: string | null;
  type: AccountTypeValue;
  onTypeChange: (type: AccountTypeValue) => void;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Conform checks the fields with the schema in the browser; Better Auth's endpoint takes the post.
  const [form, fields] = useSchemaForm(signUpSchema, { onValidSubmit: (value) => void signUp(value) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function signUp(values: z.output<typeof signUpSchema>) {
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const { data, error } = await authClient().signUp.email(
      {
        name: values.name,
        email: values.email,
        password: values.password,
        type: values.type,
        // Where the verification link lands once it has verified (and signed in).
        callbackURL: "/auth/callback?event=verified",
      },
      { onError: (ctx) => void (retryAfter = ctx.response.headers.get("X-Retry-After")) },
    );
    if (error) {
      const { message } = describeError(error, retryAfter);
      setFailure(message);
      notifyError(message);
      setPending(false);
      return;
    }
    if (!data?.token) {
      // No session: the email already had an account, and its owner has been emailed
      // (the server doesn't say so here, so a stranger can't tell). Nothing to finish.
      notify(NOTICES.signUpCheckEmail);
      await navigate(signInPath(redirectTo ?? undefined), { replace: true });
      return;
    }
    await navigate(callbackPath("signup", redirectTo), { replace: true });
  }

  const nameLabel = ACCOUNT_TYPE_LABELS[type].nameLabel;

  return (
    <form {...getFormProps(form)} method="post" className="grid gap-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">I am a</legend>
        <div className="grid grid-cols-2 gap-3">
          {ACCOUNT_TYPE_VALUES.map((value) => {
            const Icon = TYPE_ICONS[value];
            const { label, hint } = ACCOUNT_TYPE_LABELS[value];
            const checked = type === value;
            return (
              <label
                key={value}
                className={cn(
                  "relative flex cursor-pointer flex-col gap-1.5 rounded-xl border bg-card p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  checked
                    ? "border-primary bg-primary-soft/60 ring-1 ring-primary"
                    : "hover:border-foreground/25 hover:bg-muted",
                )}
              >
                <input
                  type="radio"
                  name="type"
                  value={value}
                  checked={checked}
                  onChange={() => onTypeChange(value)}
                  className="sr-only"
                />
                <span className="flex items-center gap-2 font-semibold">
                  <Icon
                    aria-hidden="true"
                    className={cn("size-4", checked ? "text-primary" : "text-muted-foreground")}
                  />
                  {label}
                </span>
                <span className="text-xs text-muted-foreground">{hint}</span>
              </label>
            );
          })}
        </div>
        {fields.type.errors?.[0] ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {fields.type.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <FormField
        label={nameLabel}
        name="name"
        autoComplete={type === "business" ? "organization" : "name"}
        placeholder={type === "business" ? "e.g. Rosa's Bakery" : "e.g. Jordan Lee"}
        error={fields.name.errors?.[0]}
      />
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
        autoComplete="new-password"
        hint="At least 6 characters."
        error={fields.password.errors?.[0]}
      />
      <FormError message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || pending}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        Create Account
      </Button>
    </form>
  );
}

import { getFormProps } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { authClient, describeError } from "../auth-client";
import { NOTICES } from "../messages";
import { notify, notifyError } from "../notify";
import { changePasswordSchema } from "../schemas";
import { zodFields } from "~/lib/app-error";
import { useHydrated } from "~/lib/use-hydrated";
import { isValidationSubmit, useSchemaForm } from "~/lib/use-schema-form";
import { FormError, FormField } from "./form-field";

/**
 * Change password for the signed-in user (the admin screen's panel and
 * account settings). The spec's rules, in its order: both entries required,
 * "Passwords do not match.", "Password must be at least 6 characters long.";
 * each shown next to its field and as an "Error" notice. Success says
 * "Your password has been updated successfully." and signs out every other
 * session. Better Auth also asks for the current password, so a borrowed
 * session can't lock the owner out.
 *
 * `onCancel` adds the spec's "Cancel" button (it clears the fields first).
 */
export function ChangePasswordForm({
  onSuccess,
  onCancel,
  className,
}: {
  onSuccess?: () => void;
  onCancel?: () => void;
  className?: string;
}) {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  // Conform checks the fields with the schema (in the browser only: Better Auth's endpoint takes the post).
  const [form, fields] = useSchemaForm(changePasswordSchema, { onValidSubmit: (value) => void changePassword(value) });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function clear() {
    form.reset();
    setFailure(null);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!isValidationSubmit(event)) {
      // The notice names the first problem in the schema's order: the spec's two messages first.
      const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
      const first = parsed.success ? undefined : Object.values(zodFields(parsed.error))[0];
      if (first) notifyError(first);
    }
    form.onSubmit(event); // Conform shows each field's message, focuses the first to fix, or calls changePassword
  }

  async function changePassword(values: { currentPassword: string; newPassword: string }) {
    setPending(true);
    setFailure(null);
    let retryAfter: string | null = null;
    const { error } = await authClient().changePassword(
      { currentPassword: values.currentPassword, newPassword: values.newPassword, revokeOtherSessions: true },
      { onError: (ctx) => void (retryAfter = ctx.response.headers.get("X-Retry-After")) },
    );
    setPending(false);
    if (error) {
      const message =
        error.code === "INVALID_PASSWORD"
          ? "Your current password is not correct."
          : describeError(error, retryAfter).message;
      setFailure(message);
      notifyError(message);
      return;
    }
    clear();
    notify(NOTICES.passwordUpdated);
    // The session cookie was reissued; let loaders see the fresh one.
    void revalidator.revalidate();
    onSuccess?.();
  }

  return (
    <form {...getFormProps(form)} method="post" onSubmit={onSubmit} className={cn("grid gap-5", className)}>
      <FormField
        label="Current Password"
        name="currentPassword"
        password
        autoComplete="current-password"
        error={fields.currentPassword.errors?.[0]}
      />
      <div className="grid gap-5 sm:grid-cols-2">
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
      </div>
      <FormError message={failure} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!hydrated || pending}>
          {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Update Password
        </Button>
        {onCancel ? (
          <Button
            variant="outline"
            onClick={() => {
              clear();
              onCancel();
            }}
          >
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

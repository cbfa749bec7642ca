import { Loader2, Mail } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LIMITS } from "~/lib/catalogue-basics";

export const CHANGE_EMAIL_INTENT = "change-email" as const;

/** Settings → Profile: a new address gets a link; the email changes only when it is opened. */
export function ChangeEmailForm({ answer }: { answer: { ok: boolean; message: string } | null }) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === CHANGE_EMAIL_INTENT;
  return (
    <Form method="post" preventScrollReset className="mt-5 grid gap-2 rounded-xl border p-4" aria-label="Change email">
      <Label htmlFor={`${id}-email`} className="font-medium">
        Change email
      </Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        We'll send a link to the new address. Your email changes only when you open it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          placeholder="new@example.com"
          aria-describedby={answer ? `${id}-hint ${id}-answer` : `${id}-hint`}
          aria-invalid={answer && !answer.ok ? true : undefined}
          className="sm:flex-1"
        />
        <Button type="submit" name="intent" value={CHANGE_EMAIL_INTENT} variant="outline" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Mail aria-hidden="true" />}
          Send link
        </Button>
      </div>
      <p
        id={`${id}-answer`}
        role={answer && !answer.ok ? "alert" : "status"}
        className={answer?.ok ? "text-sm text-success" : "text-sm text-destructive"}
      >
        {answer?.message ?? ""}
      </p>
    </Form>
  );
}

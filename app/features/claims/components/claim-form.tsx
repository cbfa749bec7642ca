import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { BadgeCheck, Loader2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldMessage } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { CLAIM_VERIFICATION_METHODS } from "~/lib/catalogue";
import type { FormResult } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import { CLAIM_METHOD_LABELS, claimSchema } from "../schema";

/** What the claim page's action answers. */
export type ClaimActionData = { ok: true; claimId: string; result: FormResult } | { ok: false; result: FormResult };

const METHOD_HINTS = {
  email_domain: "An address at the business's own website domain, e.g. you@rosasbakery.com.",
  phone: "The business's phone number; an admin may call it to check.",
} as const;

/**
 * The claim form (Conform, the schema the action and the API parse with):
 * a note, and how an admin can verify the claimant. Posts to its own page,
 * so it works without JavaScript.
 */
export function ClaimForm({ businessName, lastResult }: { businessName: string; lastResult?: FormResult }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(claimSchema, {
    id: "claim",
    lastResult,
    defaultValue: { verificationMethod: "email_domain" },
  });
  const method = fields.verificationMethod;
  return (
    <Form method="post" {...getFormProps(form)} aria-label={`Claim ${businessName}`} className="grid gap-6">
      {form.errors?.[0] ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={fields.note.id}>How are you connected to {businessName}?</Label>
        <Textarea
          rows={5}
          placeholder="e.g. I'm the owner and have run the shop since 2015."
          {...getTextareaProps(fields.note)}
        />
        <FieldMessage id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <fieldset className="grid gap-3" aria-describedby={method.errors?.length ? method.errorId : undefined}>
        <legend className="mb-1 text-sm font-medium">How can we verify you?</legend>
        {CLAIM_VERIFICATION_METHODS.map((value) => {
          const id = `${method.id}-${value}`;
          return (
            <div key={value} className="flex items-start gap-3 rounded-xl border p-3">
              <input
                {...getInputProps(method, { type: "radio", value })}
                id={id}
                aria-describedby={`${id}-hint`}
                className="mt-0.5 size-4 accent-primary"
              />
              <div className="grid gap-1">
                <Label htmlFor={id}>{CLAIM_METHOD_LABELS[value]}</Label>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {METHOD_HINTS[value]}
                </p>
              </div>
            </div>
          );
        })}
        <FieldMessage id={method.errorId} errors={method.errors} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={fields.verificationDetail.id}>Business email address or phone number</Label>
        <Input autoComplete="off" {...getInputProps(fields.verificationDetail, { type: "text" })} />
        <FieldMessage id={fields.verificationDetail.errorId} errors={fields.verificationDetail.errors} />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <BadgeCheck aria-hidden="true" />}
        Send claim
      </Button>
    </Form>
  );
}

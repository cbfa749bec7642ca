import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Plus, Save } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { LabelledField } from "~/components/ui/field-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FormResult } from "~/lib/form-reply";
import { addDays } from "../dates";
import { offerInputSchema } from "../schema";
import type { OfferItem } from "../types";

/**
 * Add an offer, or edit one (Conform, the schema the server uses): checked in the browser, posted as a plain form
 * (works without JavaScript). The dates are the site's calendar days, both included.
 */
export function OfferForm({
  lastResult,
  today,
  editing = null,
  cancelHref,
}: {
  lastResult?: FormResult;
  today: string;
  /** The offer being edited (its values fill the form); null to add one. */
  editing?: OfferItem | null;
  /** Where "Cancel" goes while editing. */
  cancelHref?: string;
}) {
  const navigation = useNavigation();
  const intent = editing ? "edit" : "add";
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: editing ? `offer-${editing.id}` : "offer",
    lastResult,
    defaultValue: editing
      ? {
          title: editing.title,
          terms: editing.terms,
          code: editing.code ?? "",
          startsOn: editing.startsOn,
          endsOn: editing.endsOn,
          firstCustomers: editing.firstCustomers === null ? "" : String(editing.firstCustomers),
        }
      : { startsOn: today, endsOn: addDays(today, 30) },
    constraint: getZodConstraint(offerInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerInputSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value={intent} />
      {editing ? <input type="hidden" name="offerId" value={editing.id} /> : null}
      {form.errors?.[0] ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <LabelledField
        id={fields.title.id}
        label="Title"
        hint="What the customer gets, in a few words: “10% off your first visit”."
        errors={fields.title.errors}
        errorId={fields.title.errorId}
      >
        <Input {...getInputProps(fields.title, { type: "text" })} />
      </LabelledField>
      <LabelledField
        id={fields.terms.id}
        label="Terms"
        hint="Conditions and exclusions: “Dine-in only. One per table. Not with other offers.”"
        errors={fields.terms.errors}
        errorId={fields.terms.errorId}
      >
        <Textarea rows={3} {...getTextareaProps(fields.terms)} />
      </LabelledField>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField
          id={fields.startsOn.id}
          label="First day"
          errors={fields.startsOn.errors}
          errorId={fields.startsOn.errorId}
        >
          <Input {...getInputProps(fields.startsOn, { type: "date" })} />
        </LabelledField>
        <LabelledField
          id={fields.endsOn.id}
          label="Last day"
          hint="It disappears by itself after this day."
          errors={fields.endsOn.errors}
          errorId={fields.endsOn.errorId}
        >
          <Input {...getInputProps(fields.endsOn, { type: "date" })} />
        </LabelledField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField
          id={fields.code.id}
          label="Code (optional)"
          hint="Shown to customers to quote or type at checkout."
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        >
          <Input autoCapitalize="characters" {...getInputProps(fields.code, { type: "text" })} />
        </LabelledField>
        <LabelledField
          id={fields.firstCustomers.id}
          label="First customers only (optional)"
          hint="Leave empty for everyone; 50 means “first 50 customers”."
          errors={fields.firstCustomers.errors}
          errorId={fields.firstCustomers.errorId}
        >
          <Input inputMode="numeric" {...getInputProps(fields.firstCustomers, { type: "number" })} />
        </LabelledField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={sending}>
          {sending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : editing ? (
            <Save aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          {editing ? "Save offer" : "Add offer"}
        </Button>
        {editing && cancelHref ? (
          <Button asChild variant="ghost">
            <Link to={cancelHref}>Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

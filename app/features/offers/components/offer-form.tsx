import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Loader2, Plus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { LabelledField } from "~/components/ui/field-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { FormResult } from "~/lib/form-reply";
import { addDays } from "../dates";
import { offerInputSchema } from "../schema";

/**
 * Add an offer (Conform, the schema the server uses): checked in the browser, posted as a plain form (works without
 * JavaScript). The dates are the site's calendar days, both included.
 */
export function OfferForm({ lastResult, today }: { lastResult?: FormResult; today: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "offer",
    lastResult,
    defaultValue: { startsOn: today, endsOn: addDays(today, 30) },
    constraint: getZodConstraint(offerInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: offerInputSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="intent" value="add" />
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
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
          Add offer
        </Button>
      </div>
    </Form>
  );
}

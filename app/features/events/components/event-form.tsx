import { LabelledField } from "~/components/ui/field-message";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CalendarPlus, Loader2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { EVENT_CATEGORY_OPTIONS } from "~/lib/catalogue";
import type { FormResult } from "~/lib/form-reply";
import { eventInputSchema } from "../schema";

/**
 * Submit Event (Conform, the schema the server uses): checked in the browser,
 * posted as a plain form (works without JavaScript).
 */
export function EventForm({
  lastResult,
  businesses,
  defaultCity,
  timeZoneLabel,
}: {
  lastResult?: FormResult;
  businesses: readonly { id: string; name: string }[];
  defaultCity: string;
  timeZoneLabel: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "event",
    lastResult,
    defaultValue: { city: defaultCity },
    constraint: getZodConstraint(eventInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventInputSchema }),
  });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5">
      {form.errors?.[0] ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <LabelledField id={fields.title.id} label="Title" errors={fields.title.errors} errorId={fields.title.errorId}>
        <Input {...getInputProps(fields.title, { type: "text" })} />
      </LabelledField>
      <LabelledField
        id={fields.description.id}
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
      >
        <Textarea rows={5} {...getTextareaProps(fields.description)} />
      </LabelledField>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField
          id={fields.category.id}
          label="Category"
          errors={fields.category.errors}
          errorId={fields.category.errorId}
        >
          <NativeSelect {...getSelectProps(fields.category)}>
            <option value="">Choose a category</option>
            {EVENT_CATEGORY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
        <LabelledField id={fields.city.id} label="City" errors={fields.city.errors} errorId={fields.city.errorId}>
          <Input autoComplete="address-level2" {...getInputProps(fields.city, { type: "text" })} />
        </LabelledField>
      </div>
      <LabelledField id={fields.venue.id} label="Venue" errors={fields.venue.errors} errorId={fields.venue.errorId}>
        <Input placeholder="Place and address" {...getInputProps(fields.venue, { type: "text" })} />
      </LabelledField>
      <fieldset className="grid gap-3 rounded-2xl border p-4">
        <legend className="px-1 text-sm font-semibold">When ({timeZoneLabel})</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <LabelledField id={fields.date.id} label="Date" errors={fields.date.errors} errorId={fields.date.errorId}>
            <Input {...getInputProps(fields.date, { type: "date" })} />
          </LabelledField>
          <LabelledField
            id={fields.startTime.id}
            label="Starts"
            errors={fields.startTime.errors}
            errorId={fields.startTime.errorId}
          >
            <Input {...getInputProps(fields.startTime, { type: "time" })} />
          </LabelledField>
          <LabelledField
            id={fields.endTime.id}
            label="Ends"
            errors={fields.endTime.errors}
            errorId={fields.endTime.errorId}
          >
            <Input {...getInputProps(fields.endTime, { type: "time" })} />
          </LabelledField>
        </div>
        <LabelledField
          id={fields.endDate.id}
          label="End date (optional)"
          hint="Only for events that run past midnight or over several days."
          errors={fields.endDate.errors}
          errorId={fields.endDate.errorId}
        >
          <Input className="sm:max-w-56" {...getInputProps(fields.endDate, { type: "date" })} />
        </LabelledField>
      </fieldset>
      <LabelledField
        id={fields.image.id}
        label="Photo (optional)"
        hint="JPEG, PNG, WebP or AVIF, up to 10 MB. It shows on the event's card."
        errors={fields.image.errors}
        errorId={fields.image.errorId}
      >
        <Input
          {...getInputProps(fields.image, { type: "file" })}
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="h-auto py-2 file:mr-3 file:rounded-md file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
        />
      </LabelledField>
      {businesses.length > 0 ? (
        <LabelledField
          id={fields.businessId.id}
          label="Hosted by (optional)"
          hint="Your business's page shows the event once it's approved."
          errors={fields.businessId.errors}
          errorId={fields.businessId.errorId}
        >
          <NativeSelect {...getSelectProps(fields.businessId)}>
            <option value="">None</option>
            {businesses.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </LabelledField>
      ) : null}
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <CalendarPlus aria-hidden="true" />}
        Submit Event
      </Button>
    </Form>
  );
}

import { FieldMessage } from "~/components/ui/field-message";
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, Loader2, Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FormResult } from "~/lib/form-reply";
import { contactSchema } from "../contact-schema";

export type ContactActionData = { ok: true; result: FormResult } | { ok: false; result: FormResult };

/**
 * The contact form (Conform, the schema the server uses): checked in the
 * browser, posted to /contact (works without JavaScript), stored and emailed.
 */
export function ContactForm({ answer }: { answer?: ContactActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    id: "contact",
    lastResult: answer?.result,
    constraint: getZodConstraint(contactSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
  });
  if (answer?.ok)
    return (
      <div role="status" className="flex flex-col items-center rounded-2xl border bg-success/5 px-6 py-10 text-center">
        <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-success/15 text-success">
          <CircleCheck className="size-6" />
        </span>
        <p className="mt-4 text-lg font-semibold">Thanks! Your message was sent.</p>
        <p className="mt-1 max-w-sm text-muted-foreground">
          We read every message and reply by email, usually within one business day.
        </p>
      </div>
    );
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="relative mt-6 grid gap-5 sm:grid-cols-2">
      {form.errors?.[0] ? (
        <p
          role="alert"
          id={form.errorId}
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive sm:col-span-2"
        >
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.name.id}>Name</Label>
        <Input autoComplete="name" {...getInputProps(fields.name, { type: "text" })} />
        <FieldMessage id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input autoComplete="email" {...getInputProps(fields.email, { type: "email" })} />
        <FieldMessage id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={fields.subject.id}>Subject</Label>
        <Input {...getInputProps(fields.subject, { type: "text" })} />
        <FieldMessage id={fields.subject.errorId} errors={fields.subject.errors} />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor={fields.message.id}>Message</Label>
        <Textarea rows={6} {...getTextareaProps(fields.message)} />
        <FieldMessage id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      {/* Honeypot: off-screen, skipped by keyboard and hidden from assistive tech. People leave it empty; bots don't. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" name={fields.website.name} tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        Send Message
      </Button>
    </Form>
  );
}

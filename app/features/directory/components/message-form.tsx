import { FieldMessage } from "~/components/ui/field-message";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Loader2, Send } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FormResult } from "~/lib/form-reply";
import { toast } from "~/lib/toast";
import { useSchemaForm } from "~/lib/use-schema-form";
import { messageSchema } from "../message-schema";

/** What the business page's action answers to the Send Message form: Conform's result, and a notice-worthy error. */
export type MessageActionData = { ok: boolean; result: FormResult; error?: string };

/**
 * The spec's Send Message form (Conform, with the schema the action and the
 * API use): checked in the browser on submit and again on each change after
 * that; with JavaScript it posts in place (toast, reset), without it the page
 * posts and shows the answer inline. The business page loads it on demand
 * (its code is not part of the page's first load).
 */
export function MessageForm({
  businessName,
  noJsResult,
}: {
  businessName: string;
  /** The action's answer after a plain (no-JavaScript) form post. */
  noJsResult?: MessageActionData;
}) {
  const fetcher = useFetcher<MessageActionData>({ key: "business-message" });
  const sending = fetcher.state !== "idle";
  // A signed-in reader's name and address are filled in (shown as they are: signed-in page templates put each
  // reader's own back in, docs/decisions/016); they can still change them for this message.
  const { user } = useRootData();
  const [form, fields] = useSchemaForm(messageSchema, {
    id: "message",
    lastResult: fetcher.data?.result ?? noJsResult?.result,
    defaultValue: user ? { name: user.name, email: user.email } : undefined,
  });

  // The toast reaches outside React, so it lives in an effect (the reset comes with the result).
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) toast({ title: "Message sent", description: "The business will get back to you by email." });
    else if (result.error) toast({ title: "Error", description: result.error, variant: "destructive" });
  }, [fetcher.data, fetcher.state]);

  return (
    <fetcher.Form
      {...getFormProps(form)}
      method="post"
      preventScrollReset
      aria-label={`Send a message to ${businessName}`}
      className="relative grid gap-4"
    >
      <input type="hidden" name="intent" value="message" />
      {noJsResult?.ok ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
          <strong>Message sent.</strong> The business will get back to you by email.
        </p>
      ) : noJsResult && !noJsResult.ok && noJsResult.error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {noJsResult.error}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor={fields.name.id}>Name</Label>
        <Input autoComplete="name" {...getInputProps(fields.name, { type: "text" })} />
        <FieldMessage id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input autoComplete="email" {...getInputProps(fields.email, { type: "email" })} />
        <FieldMessage id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={fields.message.id}>Message</Label>
        <Textarea rows={5} placeholder={`Ask ${businessName} a question…`} {...getTextareaProps(fields.message)} />
        <FieldMessage id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      {/* Honeypot: off-screen, skipped by keyboard and hidden from assistive tech. People leave it empty; bots don't. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="message-website">Leave this field empty</label>
        <input id="message-website" type="text" name={fields.website.name} tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" disabled={sending} className="w-full">
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {sending ? "Sending…" : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

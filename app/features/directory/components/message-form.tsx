import { Loader2, Send } from "lucide-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/lib/toast";
import { messageSchema } from "../message-schema";

/** What the business page's action answers to the Send Message form. */
export type MessageActionData =
  | { ok: true }
  | { ok: false; fields: Record<string, string>; error?: undefined }
  | { ok: false; error: string; fields?: undefined };

type Field = "name" | "email" | "message";
const FIELDS: readonly Field[] = ["name", "email", "message"];

function clientErrors(form: HTMLFormElement): Partial<Record<Field, string>> {
  const data = Object.fromEntries(new FormData(form));
  const parsed = messageSchema.safeParse(data);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && (FIELDS as readonly string[]).includes(key)) errors[key as Field] ??= issue.message;
  }
  return errors;
}

/**
 * The spec's Send Message form: checked in the browser with the shared schema
 * and again by the route's action; with JavaScript it posts in place (toast,
 * reset), without it the page posts and shows the answer inline.
 */
export function MessageForm({
  businessName,
  nameInputRef,
  noJsResult,
}: {
  businessName: string;
  nameInputRef: RefObject<HTMLInputElement | null>;
  /** The action's answer after a plain (no-JavaScript) form post. */
  noJsResult?: MessageActionData;
}) {
  const fetcher = useFetcher<MessageActionData>({ key: "business-message" });
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    noJsResult && !noJsResult.ok && noJsResult.fields ? (noJsResult.fields as Partial<Record<Field, string>>) : {},
  );
  const sending = fetcher.state !== "idle";

  // A new answer from the action replaces the field errors (adjusted while rendering, not in an effect).
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setErrors({});
    else if (fetcher.data?.fields) setErrors(fetcher.data.fields as Partial<Record<Field, string>>);
  }

  // The toast and the reset reach outside React, so they live in an effect.
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) {
      toast({ title: "Message sent", description: "The business will get back to you by email." });
      formRef.current?.reset();
    } else if (result.error) {
      toast({ title: "Error", description: result.error, variant: "destructive" });
    }
  }, [fetcher.data, fetcher.state]);

  const fieldProps = (field: Field) => ({
    id: `message-${field}`,
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `message-${field}-error` : undefined,
    onChange: () => {
      if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    },
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`message-${field}-error`} className="text-sm font-medium text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      preventScrollReset
      aria-label={`Send a message to ${businessName}`}
      className="relative grid gap-4"
      onSubmit={(event) => {
        const found = clientErrors(event.currentTarget);
        if (Object.keys(found).length > 0) {
          event.preventDefault();
          setErrors(found);
          const first = FIELDS.find((f) => found[f]);
          if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="message" />
      {noJsResult?.ok ? (
        <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
          <strong>Message sent.</strong> The business will get back to you by email.
        </p>
      ) : noJsResult && !noJsResult.ok && noJsResult.error ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {noJsResult.error}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="message-name">Name</Label>
        <Input ref={nameInputRef} autoComplete="name" maxLength={100} {...fieldProps("name")} />
        {fieldError("name")}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="message-email">Email</Label>
        <Input type="email" autoComplete="email" maxLength={254} {...fieldProps("email")} />
        {fieldError("email")}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="message-message">Message</Label>
        <Textarea rows={5} maxLength={2000} placeholder={`Ask ${businessName} a question…`} {...fieldProps("message")} />
        {fieldError("message")}
      </div>
      {/* Honeypot: off-screen, skipped by keyboard and hidden from assistive tech. People leave it empty; bots don't. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="message-website">Leave this field empty</label>
        <input id="message-website" type="text" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" disabled={sending} className="w-full">
        {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
        {sending ? "Sending…" : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

import { getFormProps } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useSchemaForm } from "~/lib/use-schema-form";
import { replySchema } from "../review-schema";
import type { ReviewView } from "../types";
import type { ReviewActionResult } from "./section-data";
import { useActionResult, useFailedResult } from "./use-action-result";

const REPLY_MAX = 1000;

/** The owner's reply form (zod and Conform): loaded when "Reply" or "Edit reply" is pressed (owner-reply.tsx). */
export function ReplyForm({
  businessId,
  review,
  onDone,
}: {
  businessId: string;
  review: ReviewView;
  onDone: () => void;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  const [content, setContent] = useState(review.reply?.content ?? "");
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm(replySchema, {
    id: `${id}-form`,
    lastResult: useFailedResult(fetcher),
  });
  const error = fields.content.errors?.[0] ?? form.errors?.[0];

  useEffect(() => {
    ref.current?.focus();
  }, []);
  useActionResult(fetcher, { onSettled: (r) => (r.ok ? onDone() : undefined) });

  return (
    <fetcher.Form
      {...getFormProps(form)}
      method="post"
      action={`/business/${businessId}/reviews`}
      className="mt-4 grid gap-2 rounded-xl border bg-card p-4"
      data-testid="reply-form"
    >
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={review.id} />
      {review.reply ? <input type="hidden" name="existing" value="1" /> : null}
      <Label htmlFor={`${id}-reply`} className="font-semibold">
        {review.reply ? "Edit your reply" : `Reply to ${review.author}`}
      </Label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Shown publicly under the review, as the business.
      </p>
      <Textarea
        ref={ref}
        id={`${id}-reply`}
        name="content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={REPLY_MAX}
        rows={3}
        placeholder="Thank the reviewer, answer questions, or explain what you've changed."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <span />
        )}
        <span className="ml-auto text-sm text-muted-foreground tabular-nums">
          {content.length} / {REPLY_MAX}
        </span>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {review.reply ? "Update Reply" : "Post Reply"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

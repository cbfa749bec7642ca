import { Loader2, MessageSquareReply, Pencil, Store, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/lib/use-schema-form";
import { replySchema } from "../review-schema";
import type { ReviewView } from "../types";
import { ConfirmDialog } from "./confirm-dialog";
import { formatReviewDate } from "~/lib/dates";
import type { ReviewActionResult } from "./section-data";
import { useActionResult, useFailedResult } from "./use-action-result";

const REPLY_MAX = 1000;

/** The business's public answer under a review. */
export function ReplyBlock({
  reply,
  businessName,
  children,
}: {
  reply: NonNullable<ReviewView["reply"]>;
  businessName: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mt-4 rounded-xl border-l-4 border-primary/60 bg-muted/60 px-4 py-3" data-testid="owner-reply">
      <p className="flex items-start gap-2 text-sm">
        <Store aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-foreground" />
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">Response from {businessName}</span>
          <time dateTime={reply.date} className="text-xs text-muted-foreground">
            {formatReviewDate(reply.date)}
          </time>
        </span>
      </p>
      <p className="mt-1.5 text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
        {reply.content}
      </p>
      {children}
    </div>
  );
}

/**
 * The owner's controls: "Reply" opens a form under the review; with a reply
 * in place, "Edit reply" and "Remove reply" (after a confirmation).
 */
export function OwnerReply({
  businessId,
  review,
  businessName,
}: {
  businessId: string;
  review: ReviewView;
  businessName: string;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remover = useFetcher<ReviewActionResult>();
  const openerRef = useRef<HTMLButtonElement>(null);

  useActionResult(remover, {
    onSuccess: () => setConfirming(false),
    // The buttons that opened the dialog are gone: focus "Reply" instead.
    onSettled: (result) => (result.ok ? openerRef.current?.focus() : undefined),
  });

  const close = () => {
    setEditing(false);
    // Back to the button that opened the form.
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  if (editing) {
    return <ReplyForm businessId={businessId} review={review} onDone={close} />;
  }
  if (!review.reply) {
    return (
      <div className="mt-3">
        <Button ref={openerRef} variant="outline" size="sm" onClick={() => setEditing(true)}>
          <MessageSquareReply aria-hidden="true" />
          Reply
          <span className="sr-only"> to {review.author}</span>
        </Button>
      </div>
    );
  }
  return (
    <ReplyBlock reply={review.reply} businessName={businessName}>
      <div className="mt-2 -ml-2 flex gap-1">
        <Button ref={openerRef} variant="ghost" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit reply
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
          Remove reply
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove your reply?"
        description={`Your public reply to ${review.author} will be removed. You can write a new one later.`}
        confirmLabel="Remove Reply"
        busy={remover.state !== "idle"}
        onConfirm={() =>
          void remover.submit(
            { intent: "delete-reply", reviewId: review.id },
            { method: "post", action: `/business/${businessId}/reviews` },
          )
        }
      />
    </ReplyBlock>
  );
}

function ReplyForm({ businessId, review, onDone }: { businessId: string; review: ReviewView; onDone: () => void }) {
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

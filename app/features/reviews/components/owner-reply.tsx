import { MessageSquareReply, Pencil, Store, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { ReviewView } from "../types";
import { LazyConfirmDialog as ConfirmDialog } from "./lazy-confirm-dialog";
import { formatReviewDate } from "~/lib/dates";
import { deferredComponent } from "~/lib/deferred-component";
import type { ReviewActionResult } from "./section-data";
import { useActionResult } from "./use-action-result";

/** The reply form (zod and Conform) in its own chunk, loaded when it is opened (or its button hovered or focused). */
const ReplyForm = deferredComponent(() => import("./reply-form").then((m) => m.ReplyForm));
const preloadReplyForm = () => void ReplyForm.preload().catch(() => {});

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

  const openForm = () => ReplyForm.whenLoaded(() => setEditing(true), "The reply form couldn't be loaded.");

  const close = () => {
    setEditing(false);
    // Back to the button that opened the form.
    requestAnimationFrame(() => openerRef.current?.focus());
  };

  if (editing) {
    return <ReplyForm.Component businessId={businessId} review={review} onDone={close} />;
  }
  // "Reply" and "Edit reply" open the form the same way (and load it on approach).
  const opener = {
    ref: openerRef,
    size: "sm",
    onClick: openForm,
    onPointerEnter: preloadReplyForm,
    onFocus: preloadReplyForm,
  } as const;
  if (!review.reply) {
    return (
      <div className="mt-3">
        <Button {...opener} variant="outline">
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
        <Button {...opener} variant="ghost">
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

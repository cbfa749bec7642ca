import { Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, reviewSchema } from "../review-schema";
import type { ReviewActionResult } from "./section-data";
import { StarInput } from "./star-input";
import { useActionResult, useFailedResult } from "./use-action-result";
import { getFormProps } from "@conform-to/react";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";

/**
 * Write a review, or edit one's own (prefilled, "Update Review"). Checked here
 * with the same schema as the server; on a failure the text stays put.
 */
export function ReviewForm({
  businessId,
  existing,
  onSaved,
  onCancel,
  firstFieldRef,
}: {
  businessId: string;
  existing: { rating: number; content: string } | null;
  onSaved: (reviewId: string) => void;
  onCancel: () => void;
  firstFieldRef?: React.Ref<HTMLInputElement>;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  const hydrated = useHydrated();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [content, setContent] = useState(existing?.content ?? "");
  const id = useId();
  const busy = fetcher.state !== "idle";
  // Conform checks with the schema the action uses; the action's answer brings its field messages.
  const [form, fields] = useSchemaForm(reviewSchema, {
    id: `${id}-review`,
    lastResult: useFailedResult(fetcher),
  });
  const errors = { rating: fields.rating.errors?.[0], content: fields.content.errors?.[0] };

  useActionResult(fetcher, {
    onSettled: (result) => (result.ok ? onSaved(result.reviewId) : undefined),
  });

  const trimmed = content.trim().length;
  const short = trimmed < REVIEW_MIN_LENGTH;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const contentErrorId = `${id}-content-error`;

  return (
    <fetcher.Form
      {...getFormProps(form)}
      method="post"
      action={`/business/${businessId}/reviews`}
      // Without JavaScript the browser's own checks (required, minLength) stand in.
      noValidate={hydrated}
      className="grid gap-5"
    >
      <input type="hidden" name="intent" value="save" />
      {hydrated ? null : <input type="hidden" name="_nojs" value="1" />}
      <StarInput
        name="rating"
        value={rating}
        onChange={setRating}
        error={errors.rating}
        errorId={`${id}-rating-error`}
        legendId={`${id}-rating-legend`}
        autoFocusRef={firstFieldRef}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-content`} className="font-semibold">
          Your review
        </Label>
        <p id={hintId} className="-mt-0.5 text-sm text-muted-foreground">
          Between {REVIEW_MIN_LENGTH} and {REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters. Plain text; tell
          others what stood out.
        </p>
        <Textarea
          id={`${id}-content`}
          name="content"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          required
          minLength={REVIEW_MIN_LENGTH}
          maxLength={REVIEW_MAX_LENGTH}
          rows={5}
          placeholder="What did you like? What could be better? Details help others decide."
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={cn(hintId, counterId, errors.content && contentErrorId)}
          className="min-h-36 text-base sm:text-sm"
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-sm">
          {errors.content ? (
            <p id={contentErrorId} className="font-medium text-destructive">
              {errors.content}
            </p>
          ) : (
            <span />
          )}
          <p
            id={counterId}
            className={cn("ml-auto tabular-nums", short ? "text-muted-foreground" : "text-foreground/80")}
            data-testid="review-counter"
          >
            {short && trimmed > 0 ? `${REVIEW_MIN_LENGTH - trimmed} more needed · ` : ""}
            {content.length.toLocaleString("en-US")} / {REVIEW_MAX_LENGTH.toLocaleString("en-US")}
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {hydrated ? (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : (
          <Button asChild variant="ghost">
            <a href="#reviews">Cancel</a>
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          {existing ? "Update Review" : "Post Review"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

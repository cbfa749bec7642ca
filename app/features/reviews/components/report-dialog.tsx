import { Flag, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher, type FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/lib/use-schema-form";
import { reportSchema } from "../review-schema";
import type { ReviewActionResult } from "./section-data";
import { useActionResult, useFailedResult } from "./use-action-result";

const REASONS = [
  "Spam or advertising",
  "Offensive or hateful",
  "Not about this business",
  "Conflict of interest",
  "Private information",
];

/**
 * "Report" on a review: a reason (a quick pick or free text) goes to the admins' Reviews tab. Loaded when the
 * stand-in button is pressed (report-button.tsx), which then opens it (`initialOpen`).
 */
export function ReportDialog({
  businessId,
  reviewId,
  author,
  initialOpen = false,
}: {
  businessId: string;
  reviewId: string;
  author: string;
  initialOpen?: boolean;
}) {
  const fetcher = useFetcher<ReviewActionResult>();
  const [open, setOpen] = useState(initialOpen);
  const [reason, setReason] = useState("");
  const id = useId();
  const busy = fetcher.state !== "idle";

  useActionResult(fetcher, {
    onSuccess: () => {
      setOpen(false);
      setReason("");
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Flag aria-hidden="true" />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>Report this review</DialogTitle>
          <DialogDescription>
            Tell us what's wrong with {author}'s review. Our team checks every report; the author isn't told who sent
            it.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so each opening starts without old messages. */}
        <ReportForm
          id={id}
          businessId={businessId}
          reviewId={reviewId}
          reason={reason}
          setReason={setReason}
          fetcher={fetcher}
          onCancel={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({
  id,
  businessId,
  reviewId,
  reason,
  setReason,
  fetcher,
  onCancel,
}: {
  id: string;
  businessId: string;
  reviewId: string;
  reason: string;
  setReason: (reason: string) => void;
  fetcher: FetcherWithComponents<ReviewActionResult>;
  onCancel: () => void;
}) {
  const busy = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm(reportSchema, {
    id: `${id}-report`,
    lastResult: useFailedResult(fetcher),
  });
  const error = fields.reason.errors?.[0] ?? form.errors?.[0];

  return (
    <fetcher.Form
      {...getFormProps(form)}
      method="post"
      action={`/business/${businessId}/reviews`}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">Common reasons</legend>
        <div className="flex flex-wrap gap-2">
          {REASONS.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={reason === r}
              onClick={() => setReason(r)}
              className="rounded-full border px-3 py-1.5 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-accent-foreground"
            >
              {r}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`} className="font-semibold">
          Reason
        </Label>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          rows={3}
          placeholder="What's wrong with this review?"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Send Report
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}

import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
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
import { LIMITS } from "~/lib/catalogue";
import { useSchemaForm } from "~/lib/use-schema-form";
import { moderationSchema } from "../moderation-schema";
import { FieldError } from "./field";

/** Reject (a reason is required; the owner sees it) or suspend (a reason is optional). */
export function ModerationDialog({
  action,
  name,
  onConfirm,
  disabled,
}: {
  action: "reject" | "suspend";
  name: string;
  onConfirm: (reason: string) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const reject = action === "reject";
  const verb = reject ? "Reject" : "Suspend";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-label={`${verb} ${name}`}>
          {verb}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {verb} “{name}”
          </DialogTitle>
          <DialogDescription>
            {reject
              ? "The listing stays out of the directory. The owner sees your reason and can update the listing and send it again."
              : "The listing is hidden from the directory until you reinstate it. The owner sees your reason."}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog: each opening starts empty. */}
        <ModerationForm
          action={action}
          onCancel={() => setOpen(false)}
          onConfirm={(reason) => {
            onConfirm(reason);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The reason, checked with the schema the admin action and the API parse
 * (a reason is required to reject); a valid form hands the reason over
 * instead of posting itself — the list's fetcher posts it with the listing.
 */
function ModerationForm({
  action,
  onConfirm,
  onCancel,
}: {
  action: "reject" | "suspend";
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form, fields] = useSchemaForm(moderationSchema, {
    defaultValue: { action },
    onValidSubmit: (value) => onConfirm(value.reason ?? ""),
  });
  const reject = action === "reject";
  return (
    <form {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name={fields.action.name} value={action} />
      <div className="grid gap-2">
        <Label htmlFor={fields.reason.id}>Reason{reject ? "" : " (optional)"}</Label>
        <Textarea
          {...getTextareaProps(fields.reason)}
          maxLength={LIMITS.reason}
          rows={4}
          placeholder={
            reject
              ? "e.g. Please add your opening hours and a photo of the storefront."
              : "e.g. Reported as permanently closed."
          }
        />
        <FieldError id={fields.reason.errorId} message={fields.reason.errors?.[0]} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={reject ? "destructive" : "default"}>
          {reject ? "Reject" : "Suspend"} listing
        </Button>
      </DialogFooter>
    </form>
  );
}

import { useId, useState } from "react";
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
import { LIMITS } from "../../../lib/catalogue";
import { MESSAGES } from "../schema";
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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = action === "reject";
  const verb = reject ? "Reject" : "Suspend";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason("");
          setError(null);
        }
      }}
    >
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
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(e) => {
            e.preventDefault();
            const text = reason.trim();
            if (reject && !text) {
              setError(MESSAGES.reasonRequired);
              return;
            }
            onConfirm(text);
            setOpen(false);
            setReason("");
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={id}>
              Reason{reject ? "" : " (optional)"}
            </Label>
            <Textarea
              id={id}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                if (error) setError(null);
              }}
              maxLength={LIMITS.reason}
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              placeholder={reject ? "e.g. Please add your opening hours and a photo of the storefront." : "e.g. Reported as permanently closed."}
            />
            <FieldError id={`${id}-error`} message={error ?? undefined} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={reject ? "destructive" : "default"}>
              {verb} listing
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

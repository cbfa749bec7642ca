import type * as React from "react";
import { Label } from "./label";

/** A form field's first message, with the id its control points at (aria-describedby). */
export function FieldMessage({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.[0] ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  ) : null;
}

/** A labelled control with an optional hint and its first message (Conform's field errors). */
export function LabelledField({
  id,
  label,
  errors,
  errorId,
  hint,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  errorId: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <FieldMessage id={errorId} errors={errors} />
    </div>
  );
}

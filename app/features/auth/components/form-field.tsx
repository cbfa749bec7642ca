import { Eye, EyeOff } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

type InputProps = Omit<React.ComponentProps<"input">, "id" | "name"> & { name: string };

/**
 * A labelled input with its hint and its error. The error is tied to the
 * input (aria-describedby, aria-invalid) and announced when it appears
 * (role="alert"), so screen-reader users hear what to fix.
 */
export function FormField({
  label,
  error,
  hint,
  labelAside,
  className,
  password = false,
  ...input
}: InputProps & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Something on the label's line, right-aligned (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
  /** A password input with a show/hide toggle. */
  password?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const [visible, setVisible] = useState(false);

  return (
    <div className={cn("grid content-start gap-2", className)}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          {...input}
          id={id}
          type={password ? (visible ? "text" : "password") : input.type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn("h-11", password && "pr-11")}
        />
        {password ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 grid w-11 cursor-pointer place-items-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A failure from the server, kept on screen next to the form (the toast also announces it). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="rounded-lg border border-destructive/30 bg-destructive/8 px-3 py-2.5 text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

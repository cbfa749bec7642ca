import { useCallback, useState } from "react";
import type { z } from "zod";
import { zodFields } from "~/lib/app-error";

/**
 * Client-side validation with the form's zod schema: on submit it reports
 * every field's first problem; after a failed submit, each change re-checks
 * so an error disappears as soon as it is fixed.
 */
export function useFormErrors<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);

  const validate = useCallback(
    (form: HTMLFormElement): z.infer<S> | null => {
      const values = Object.fromEntries(new FormData(form)) as Record<string, unknown>;
      const result = schema.safeParse(values);
      setChecked(true);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      setErrors(zodFields(result.error));
      // Move focus to the first field to fix.
      const first = Object.keys(zodFields(result.error))[0];
      const field = first ? (form.elements.namedItem(first) as HTMLElement | null) : null;
      if (field && "focus" in field) (field as HTMLInputElement).focus();
      return null;
    },
    [schema],
  );

  const recheck = useCallback(
    (form: HTMLFormElement) => {
      if (!checked) return;
      const result = schema.safeParse(Object.fromEntries(new FormData(form)));
      setErrors(result.success ? {} : zodFields(result.error));
    },
    [schema, checked],
  );

  return { errors, setErrors, validate, recheck, reset: () => (setErrors({}), setChecked(false)) };
}

import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FormResult } from "./form-reply";

/**
 * Conform with our defaults for a form that posts to the server: the form's
 * zod schema (the same one the action parses with) checks it in the browser on
 * submit, then again on every input once it has been submitted, so a message
 * disappears as soon as it is fixed; the first field to fix gets focus; the
 * action's answer (`lastResult`) shows its field and form messages.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  options: {
    id?: string;
    lastResult?: FormResult | null;
    defaultValue?: Partial<z.input<S>>;
    /**
     * For a form that doesn't post itself (it calls an API or hands its value
     * up): called with the parsed value on a real, valid submit — never for
     * Conform's own validation submits — and the browser's post is prevented.
     */
    onValidSubmit?: (value: z.output<S>) => void;
  } = {},
) {
  const { onValidSubmit } = options;
  return useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: constraintOf(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: onValidSubmit
      ? (event, { submission }) => {
          event.preventDefault();
          if (submission?.status === "success") onValidSubmit(submission.value);
        }
      : undefined,
  });
}

/**
 * Conform's constraints (required, maxLength…) where it can read them from the
 * schema. A schema it can't read (a transform over the whole form, like the
 * listing form's) gets none; the schema still checks every submit.
 */
function constraintOf(schema: z.ZodType) {
  try {
    return getZodConstraint(schema);
  } catch {
    return undefined;
  }
}

/**
 * Whether a submit event is one of Conform's validation requests (it
 * re-checks a field by submitting with a hidden "__intent__" button), not
 * the user's: a form's own onSubmit wrapper must ignore those.
 */
export function isValidationSubmit(event: React.FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === "__intent__";
}

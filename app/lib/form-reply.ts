import type { Submission, SubmissionResult } from "@conform-to/react";

/**
 * Conform answers (the `lastResult` a form shows): what a server action sends
 * back to a form when its submission parsed but the domain said no. One home,
 * so every form maps an AppError's message and fields the same way.
 */
export type FormResult = SubmissionResult<string[]>;

/** AppError's `{ field: "message" }` as Conform's `{ field: ["message"] }`. */
export function fieldErrorLists(fields: Record<string, string> | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, message]) => [name, [message]]));
}

/** The submission answered with a form-level message and, optionally, field messages. */
export function replyWithError(
  submission: Submission<unknown>,
  message: string,
  fields?: Record<string, string>,
): FormResult {
  return submission.reply({ formErrors: [message], fieldErrors: fieldErrorLists(fields) });
}

/** A failed answer for a form whose submission was parsed elsewhere (a domain refusal): its message, and its fields' messages. */
export function errorResult(message: string, fields?: Record<string, string>): FormResult {
  return { status: "error", error: { "": [message], ...fieldErrorLists(fields) } };
}

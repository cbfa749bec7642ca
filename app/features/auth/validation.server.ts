import { zodFields } from "~/lib/app-error";
import { z } from "zod";
import { lineText } from "~/lib/text";
import { emailField, forgotPasswordSchema, passwordField, signInSchema, signUpSchema } from "~/features/auth/schemas";
import { VALIDATION } from "~/features/auth/messages";

/**
 * The forms' schemas, applied to Better Auth's request bodies by a `before`
 * hook, so a client that skips the form gets the same answers. Keys are
 * Better Auth endpoint paths; extra body fields (callbackURL…) pass through.
 */
export const SERVER_BODY_CHECKS: Record<string, z.ZodType | undefined> = {
  "/sign-up/email": signUpSchema,
  "/sign-in/email": signInSchema,
  "/request-password-reset": forgotPasswordSchema,
  "/send-verification-email": z.object({ email: emailField }),
  "/reset-password": z.object({ newPassword: passwordField }),
  "/update-user": z.object({
    name: lineText({ required: VALIDATION.fullNameRequired, max: 100, tooLong: VALIDATION.nameTooLong }).optional(),
  }),
  "/change-password": z.object({
    currentPassword: z.string({ error: VALIDATION.currentPasswordRequired }).min(1, VALIDATION.currentPasswordRequired),
    newPassword: passwordField,
  }),
};

/**
 * What a checked body stores: the fields the schemas normalise (a name's white space and NFC), put back over the raw
 * body — Better Auth stores the request's own values, so checking a trimmed copy alone let padded names through.
 */
export function normalisedBody(body: Record<string, unknown>, parsed: unknown) {
  if (!parsed || typeof parsed !== "object" || !("name" in parsed) || typeof parsed.name !== "string") return null;
  return { ...body, name: parsed.name };
}

export function validationMessage(error: z.ZodError) {
  const fields = zodFields(error);
  const message = Object.values(fields)[0] ?? "Some fields are invalid.";
  return { message, fields };
}

import { zodFields } from "~/lib/app-error";
import { z } from "zod";
import { safeText } from "~/lib/text";
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
  "/update-user": z.object({ name: safeText().trim().min(1).max(100).optional() }),
  "/change-password": z.object({
    currentPassword: z.string({ error: VALIDATION.currentPasswordRequired }).min(1, VALIDATION.currentPasswordRequired),
    newPassword: passwordField,
  }),
};

export function validationMessage(error: z.ZodError) {
  const fields = zodFields(error);
  const message = Object.values(fields)[0] ?? "Some fields are invalid.";
  return { message, fields };
}

import { z } from "zod";

/** The words of the settings page's "Your data" section, shared by the form and the action. */
export const DELETE_ACCOUNT_MESSAGES = {
  required: "Type your email address to confirm.",
  mismatch: "That isn't this account's email address.",
} as const;

/** The email typed to confirm deletion must be the account's own (case and spaces aside). */
export function confirmsEmail(typed: string, email: string) {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** Deleting the account: confirmed by typing its email (the browser and the action check the same). */
export function deleteAccountSchema(email: string) {
  return z.object({
    intent: z.literal("delete-account"),
    confirmEmail: z
      .string({ error: DELETE_ACCOUNT_MESSAGES.required })
      .trim()
      .min(1, DELETE_ACCOUNT_MESSAGES.required)
      .refine((typed) => confirmsEmail(typed, email), DELETE_ACCOUNT_MESSAGES.mismatch),
  });
}

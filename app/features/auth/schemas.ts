import { emailText, lineText } from "~/lib/text";
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, VALIDATION } from "./messages";

/**
 * One schema per form, used by the form (before it calls the server) and by
 * the server (a Better Auth `before` hook checks the same fields, see
 * app/features/auth/validation.server.ts). The spec: email required and an email;
 * password required, at least 6; name required on sign-up.
 */

export const emailField = emailText({ required: VALIDATION.emailRequired, invalid: VALIDATION.emailInvalid });

export const passwordField = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, VALIDATION.passwordRequired)
  .min(PASSWORD_MIN, VALIDATION.passwordTooShort)
  .max(PASSWORD_MAX, VALIDATION.passwordTooLong);

export const ACCOUNT_TYPE_VALUES = ["customer", "business"] as const;
export type AccountTypeValue = (typeof ACCOUNT_TYPE_VALUES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountTypeValue, { label: string; nameLabel: string; hint: string }> = {
  customer: { label: "Customer", nameLabel: "Full Name", hint: "Find places and write reviews" },
  business: { label: "Business Owner", nameLabel: "Business Name", hint: "List and manage your business" },
};

export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

const nameField = (required: string) => lineText({ required, max: 100, tooLong: VALIDATION.nameTooLong });

/** The name's label (and so its message) follows the chosen account type. */
export const signUpSchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("customer"),
      name: nameField(VALIDATION.fullNameRequired),
      email: emailField,
      password: passwordField,
    }),
    z.object({
      type: z.literal("business"),
      name: nameField(VALIDATION.businessNameRequired),
      email: emailField,
      password: passwordField,
    }),
  ],
  { error: VALIDATION.typeRequired },
);
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

/**
 * New password twice. The checks run in the spec's order (both required,
 * then "Passwords do not match.", then the length), so they are written out
 * rather than left to per-field rules.
 */
function checkNewPassword(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (!value.newPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: VALIDATION.passwordRequired });
  if (!value.confirmPassword)
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: VALIDATION.confirmRequired });
  if (!value.newPassword || !value.confirmPassword) return;
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: VALIDATION.passwordsDontMatch });
  } else if (value.newPassword.length < PASSWORD_MIN) {
    ctx.addIssue({ code: "custom", path: ["newPassword"], message: VALIDATION.passwordTooShort });
  } else if (value.newPassword.length > PASSWORD_MAX) {
    ctx.addIssue({ code: "custom", path: ["newPassword"], message: VALIDATION.passwordTooLong });
  }
}

export const resetPasswordSchema = z
  .object({ newPassword: z.string().default(""), confirmPassword: z.string().default("") })
  .superRefine(checkNewPassword);

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().default(""),
    newPassword: z.string().default(""),
    confirmPassword: z.string().default(""),
  })
  .superRefine((value, ctx) => {
    // The spec's two messages come first, so they show (and are the notice) even before the current password is typed.
    checkNewPassword(value, ctx);
    if (!value.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: VALIDATION.currentPasswordRequired });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string({ error: VALIDATION.totpInvalid })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, VALIDATION.totpInvalid)),
});

export const backupCodeSchema = z.object({
  code: z
    .string({ error: VALIDATION.backupCodeRequired })
    .trim()
    .min(1, VALIDATION.backupCodeRequired)
    .max(64, VALIDATION.backupCodeRequired),
});

/** The password that confirms enabling or disabling two-factor authentication. */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: VALIDATION.passwordRequired }).min(1, VALIDATION.passwordRequired).max(PASSWORD_MAX),
});

/**
 * The accounts feature's user-facing words. The spec's own strings (error
 * catalogue, validation) are requirements: change them only with the spec.
 */
export const NOTICES = {
  signedIn: { title: "Success!", description: "You have successfully signed in." },
  signedUp: { title: "Account created!", description: "Please check your email to verify your account." },
  socialSignedUp: { title: "Account created!", description: "You're signed in and ready to go." },
  signedOut: { title: "Signed out", description: "See you soon." },
  accessDenied: {
    title: "Access Denied",
    description: "You don't have permission to access this page.",
    variant: "destructive",
  },
  passwordUpdated: { title: "Success", description: "Your password has been updated successfully." },
  passwordReset: {
    title: "Password updated",
    description: "Your password has been reset. Sign in with your new password.",
  },
  emailVerified: { title: "Email verified", description: "Thanks! Your email address is confirmed." },
  verificationFailed: {
    title: "Link expired",
    description:
      "That verification link is invalid or has expired. Sign in and ask for a new one from your account settings.",
    variant: "destructive",
  },
  signUpCheckEmail: {
    title: "Check your email",
    description: "We've sent a message to that address with what to do next.",
  },
  becameOwner: {
    title: "You're a business owner",
    description: "Your account can now list and manage businesses. Add your first one whenever you're ready.",
  },
  verificationSent: { title: "Email sent", description: "Check your inbox for a new verification link." },
  twoFactorEnabled: {
    title: "Two-factor authentication on",
    description: "You'll be asked for a code from your app when you sign in.",
  },
  twoFactorDisabled: { title: "Two-factor authentication off", description: "Sign-in now needs only your password." },
  socialFailed: {
    title: "Error",
    description: "We couldn't sign you in with that provider. Please try again.",
    variant: "destructive",
  },
  socialCancelled: {
    title: "Sign-in cancelled",
    description: "Nothing was shared. You can try again, or use your email and password.",
  },
  accountDeleted: {
    title: "Account deleted",
    description: "Your account and your data are gone. Thanks for having been part of the neighborhood.",
  },
  socialNotLinked: {
    title: "Error",
    description:
      "An account with this email already exists. Sign in with your password and verify your email first; then you can use this provider too.",
    variant: "destructive",
  },
} as const satisfies Record<string, Notice>;

export type NoticeVariant = "default" | "destructive";
export interface Notice {
  title: string;
  description: string;
  variant?: NoticeVariant;
}
export type NoticeKey = keyof typeof NOTICES;

export const VALIDATION = {
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address.",
  passwordRequired: "Password is required.",
  passwordTooShort: "Password must be at least 6 characters long.",
  passwordTooLong: "Password must be at most 128 characters long.",
  passwordsDontMatch: "Passwords do not match.",
  confirmRequired: "Please confirm the new password.",
  currentPasswordRequired: "Current password is required.",
  fullNameRequired: "Full name is required.",
  businessNameRequired: "Business name is required.",
  nameTooLong: "Name must be at most 100 characters long.",
  typeRequired: "Choose Customer or Business Owner.",
  totpInvalid: "Enter the 6-digit code from your authenticator app.",
  backupCodeRequired: "Enter one of your backup codes.",
} as const;

/** Shown in place of any message that could tell whether an email has an account. */
export const FORGOT_PASSWORD_ANSWER =
  "If an account exists for that email, we've sent a link to reset its password. It works for one hour.";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

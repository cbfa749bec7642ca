import { describe, expect, it } from "vitest";
import { zodFields } from "~/lib/app-error";
import {
  changePasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  totpCodeSchema,
} from "~/features/auth/schemas";

const errors = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodFields(result.error as Parameters<typeof zodFields>[0]);

describe("sign-in and sign-up (the spec: email required and an email; password required, ≥ 6; name on sign-up)", () => {
  it("sign-in", () => {
    expect(errors(signInSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Email is required.",
      password: "Password is required.",
    });
    expect(errors(signInSchema.safeParse({ email: "nope", password: "12345" }))).toEqual({
      email: "Please enter a valid email address.",
      password: "Password must be at least 6 characters long.",
    });
    expect(signInSchema.parse({ email: "  ann@example.com ", password: "123456" }).email).toBe("ann@example.com");
  });

  it("sign-up labels the name by account type", () => {
    expect(errors(signUpSchema.safeParse({ type: "customer", name: "", email: "a@b.co", password: "123456" }))).toEqual(
      {
        name: "Full name is required.",
      },
    );
    expect(
      errors(signUpSchema.safeParse({ type: "business", name: "  ", email: "a@b.co", password: "123456" })),
    ).toEqual({
      name: "Business name is required.",
    });
    expect(errors(signUpSchema.safeParse({ type: "staff", name: "A", email: "a@b.co", password: "123456" }))).toEqual({
      type: "Choose Customer or Business Owner.",
    });
    expect(
      errors(signUpSchema.safeParse({ type: "customer", name: "A", email: "a@b.co", password: "x".repeat(129) })),
    ).toEqual({
      password: "Password must be at most 128 characters long.",
    });
  });
});

describe("new password twice (reset, change)", () => {
  it("checks in the spec's order: match first, then length", () => {
    expect(errors(resetPasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abd" }))).toEqual({
      confirmPassword: "Passwords do not match.",
    });
    expect(errors(resetPasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abc" }))).toEqual({
      newPassword: "Password must be at least 6 characters long.",
    });
    expect(errors(resetPasswordSchema.safeParse({}))).toEqual({
      newPassword: "Password is required.",
      confirmPassword: "Please confirm the new password.",
    });
    expect(resetPasswordSchema.safeParse({ newPassword: "abcdef", confirmPassword: "abcdef" }).success).toBe(true);
  });

  it("change password also needs the current one", () => {
    expect(errors(changePasswordSchema.safeParse({ newPassword: "abcdef", confirmPassword: "abcdef" }))).toEqual({
      currentPassword: "Current password is required.",
    });
  });

  it("change password: the spec's messages come first, before the missing current password", () => {
    const mismatch = changePasswordSchema.safeParse({ newPassword: "abcdefg", confirmPassword: "abcdefh" });
    expect(Object.values(errors(mismatch))[0]).toBe("Passwords do not match.");
    const short = changePasswordSchema.safeParse({ newPassword: "abc", confirmPassword: "abc" });
    expect(Object.values(errors(short))[0]).toBe("Password must be at least 6 characters long.");
  });
});

describe("authentication code", () => {
  it("takes six digits, spaces allowed", () => {
    expect(totpCodeSchema.parse({ code: "123 456" }).code).toBe("123456");
    expect(errors(totpCodeSchema.safeParse({ code: "12345" }))).toEqual({
      code: "Enter the 6-digit code from your authenticator app.",
    });
  });
});

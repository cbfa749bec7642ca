import { describe, expect, it } from "vitest";
import { signInSchema } from "~/features/auth/schemas";
import { contactSchema } from "~/features/content/contact-schema";
import { subscribeSchema } from "~/features/content/newsletter-schema";
import { messageSchema } from "~/features/directory/message-schema";
import { LIMITS } from "~/lib/catalogue-basics";
import { emailText } from "~/lib/text";

/** An address of exactly `length` characters. */
const addressOf = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

// Issue 38, "one home for every rule": every email field is emailText, so the limit and the checks agree.
describe("emailText", () => {
  const field = emailText({ required: "Required.", invalid: "Invalid.", tooLong: "Too long." }, { lowercase: true });

  it("trims, lowercases when asked, and takes LIMITS.email characters", () => {
    expect(field.parse("  Ana@Example.COM ")).toBe("ana@example.com");
    const long = addressOf(LIMITS.email);
    expect(field.safeParse(long).success).toBe(true);
    expect(field.safeParse(`a${long}`).error?.issues[0]?.message).toBe("Too long.");
  });

  it("names each failure with the form's messages", () => {
    expect(field.safeParse("").error?.issues[0]?.message).toBe("Required.");
    expect(field.safeParse("not-an-email").error?.issues[0]?.message).toBe("Invalid.");
    expect(field.safeParse("a\u0000@example.com").success).toBe(false);
    expect(emailText({ invalid: "Invalid." }).safeParse("").error?.issues[0]?.message).toBe("Invalid.");
  });

  it("is the field of the sign-in, contact, message and newsletter forms", () => {
    const tooLong = `${"x".repeat(250)}@example.com`;
    expect(signInSchema.safeParse({ email: tooLong, password: "secret1" }).success).toBe(false);
    const contact = contactSchema.safeParse({
      name: "A",
      email: tooLong,
      subject: "Hello",
      message: "Ten chars or more",
    });
    expect(contact.error?.issues.find((i) => i.path[0] === "email")?.message).toBe(
      `Email must be at most ${LIMITS.email} characters.`,
    );
    expect(messageSchema.safeParse({ name: "A", email: "nope", message: "Ten chars or more" }).success).toBe(false);
    expect(subscribeSchema.parse({ email: " News@Example.com " }).email).toBe("news@example.com");
  });
});

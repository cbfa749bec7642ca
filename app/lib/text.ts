import { z } from "zod";
import { LIMITS } from "./catalogue-basics";

/**
 * The one rule for text people type: no control characters. A NUL (\u0000)
 * can't be stored in PostgreSQL text (a failed query, a 500), and the other
 * C0 controls and DEL are never meant; tab, line feed and carriage return
 * stay allowed. Every zod schema of user text refines with it, so the API
 * answers 400 naming the field and pages show the message inline.
 */
export const CONTROL_CHARS_MESSAGE = "Text can't contain control characters.";

// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_RE_GLOBAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function hasControlChars(value: string) {
  return CONTROL_RE.test(value);
}

/** Drops control characters (for lenient inputs such as a page's search box). */
export function stripControlChars(value: string) {
  return value.replace(CONTROL_RE_GLOBAL, "");
}

/** `z.string()` that refuses control characters: `safeText()`, or `safeText({ error: "Name is required." })`. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE);
}

// Unicode's white space (JavaScript's \s: no-break, ideographic, the en/em spaces, line separators…) and the
// zero-width characters that show as nothing: one run of them is one space.
const SPACE_RUNS = /[\s\u180E\u200B-\u200D\u2060\uFEFF]+/gu;

/**
 * A one-line value as it is stored: NFC, every run of white space one plain space, trimmed. Store this, not the
 * raw input: a check on a trimmed copy while the raw value is stored let 400,000 spaces ride on a 100-character
 * name (security finding 37.2).
 */
export function normalizeLine(value: string) {
  return value.normalize("NFC").replace(SPACE_RUNS, " ").trim();
}

/**
 * A one-line text field: the raw value is bounded first (`rawMax`, ten times the limit by default), then
 * normalised (normalizeLine) and checked against `max` and the control-character rule.
 */
export function lineText({ required, max, tooLong }: { required: string; max: number; tooLong: string }) {
  return z
    .string({ error: required })
    .max(max * 10, tooLong)
    .transform(normalizeLine)
    .pipe(
      z
        .string()
        .min(1, required)
        .max(max, tooLong)
        .refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE),
    );
}

/**
 * The one email address field: trimmed, at most LIMITS.email (254, RFC 5321's path limit), `z.email`. Each form names
 * its own messages (the spec's wording differs by form); `lowercase` where the address is a key (subscriptions,
 * accounts, listings).
 */
export function emailText(
  messages: { required?: string; invalid: string; tooLong?: string },
  { lowercase = false }: { lowercase?: boolean } = {},
) {
  const trimmed = safeText({ error: messages.required ?? messages.invalid }).trim();
  const cased = lowercase ? trimmed.toLowerCase() : trimmed;
  return (messages.required ? cased.min(1, messages.required) : cased)
    .max(LIMITS.email, messages.tooLong ?? messages.invalid)
    .pipe(z.email({ error: messages.invalid }));
}

/** The length message the contact, message and newsletter forms give. */
export const EMAIL_TOO_LONG = `Email must be at most ${LIMITS.email} characters.`;

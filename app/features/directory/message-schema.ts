import { z } from "zod";
import { EMAIL_TOO_LONG, emailText, safeText } from "~/lib/text";

/** The business page's "Send Message" form: one schema for the browser, the action and the API. */
export const messageSchema = z.object({
  name: safeText({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name must be at most 100 characters."),
  email: emailText({
    required: "Email is required.",
    invalid: "Enter a valid email address.",
    tooLong: EMAIL_TOO_LONG,
  }),
  // An empty message (Conform sends it as missing) gets the length message the form has always shown.
  message: safeText({ error: "Message must be at least 10 characters." })
    .trim()
    .min(10, "Message must be at least 10 characters.")
    .max(2000, "Message must be at most 2000 characters."),
  /** Honeypot: a field people never see. Bots fill it. */
  website: safeText().max(200).optional(),
});

export type MessageInput = z.infer<typeof messageSchema>;

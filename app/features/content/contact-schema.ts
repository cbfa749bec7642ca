import { z } from "zod";
import { EMAIL_TOO_LONG, emailText, safeText } from "~/lib/text";

/** The contact page's form: one schema for the browser (Conform) and the server. */
export const contactSchema = z.object({
  name: safeText({ error: "Name is required." })
    .trim()
    .min(1, "Name is required.")
    .max(100, "Name must be at most 100 characters."),
  email: emailText({
    required: "Email is required.",
    invalid: "Enter a valid email address.",
    tooLong: EMAIL_TOO_LONG,
  }),
  subject: safeText({ error: "Subject is required." })
    .trim()
    .min(3, "Subject must be at least 3 characters.")
    .max(150, "Subject must be at most 150 characters."),
  message: safeText({ error: "Message is required." })
    .trim()
    .min(10, "Message must be at least 10 characters.")
    .max(5000, "Message must be at most 5000 characters."),
  /** Honeypot: a field people never see. Bots fill it. */
  website: safeText().max(200).optional(),
});

export type ContactInput = z.output<typeof contactSchema>;

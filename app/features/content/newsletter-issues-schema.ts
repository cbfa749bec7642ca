import { z } from "zod";
import { lineText, safeText } from "~/lib/text";

/** The newsletter composer (/admin/newsletter/issues/…): one schema for the browser (Conform) and the server. */
export const issueInputSchema = z.object({
  // One line: a subject is a mail header.
  subject: lineText({
    required: "Subject is required.",
    max: 150,
    tooLong: "Subject must be at most 150 characters.",
  }).pipe(z.string().min(3, "Subject must be at least 3 characters.")),
  body: safeText({ error: "Body is required." })
    .trim()
    .min(20, "Body must be at least 20 characters.")
    .max(50_000, "Body must be at most 50,000 characters."),
});

export type IssueInput = z.output<typeof issueInputSchema>;

/** The composer's buttons. "send" asks to confirm; "confirm-send" sends. */
export const ISSUE_INTENTS = ["preview", "save", "test", "send", "confirm-send"] as const;
export type IssueIntent = (typeof ISSUE_INTENTS)[number];

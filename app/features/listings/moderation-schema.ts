import { z } from "zod";
import { LIMITS } from "~/lib/catalogue";
import { safeText } from "~/lib/text";

/** An admin's decision on a listing (the moderation dialog and PATCH /api/v1/admin/businesses/{id}/status). */

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const MESSAGES = {
  reasonRequired: "Give a reason: the owner will see it.",
  reasonTooLong: `The reason must be at most ${LIMITS.reason} characters.`,
};

export const MODERATION_ACTIONS = ["approve", "reject", "suspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationSchema = z
  .strictObject({
    action: z.enum(MODERATION_ACTIONS, { error: "Action must be approve, reject or suspend." }),
    reason: z
      .preprocess(
        blankToNull,
        safeText({ error: MESSAGES.reasonRequired }).trim().max(LIMITS.reason, MESSAGES.reasonTooLong).nullable(),
      )
      .optional(),
  })
  .superRefine((m, ctx) => {
    if (m.action === "reject" && !m.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: MESSAGES.reasonRequired });
  });
export type ModerationInput = z.output<typeof moderationSchema>;

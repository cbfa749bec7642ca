import { z } from "zod";
import { lineText } from "~/lib/text";
import type { NameDisplay } from "./names";

export const PROFILE_MESSAGES = {
  nameDisplay: "Choose how your name shows.",
  cityTooLong: "City must be at most 80 characters.",
} as const;

const NAME_DISPLAY_VALUES = ["first_initial", "first", "full"] as const satisfies readonly NameDisplay[];

/** City is optional: empty clears it. A checkbox is "on" when ticked and absent when not. */
export const profileSettingsSchema = z.object({
  nameDisplay: z.enum(NAME_DISPLAY_VALUES, { error: PROFILE_MESSAGES.nameDisplay }),
  city: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    lineText({ required: PROFILE_MESSAGES.cityTooLong, max: 80, tooLong: PROFILE_MESSAGES.cityTooLong }).optional(),
  ),
  showRsvps: z.preprocess((v) => v === "on" || v === true, z.boolean()),
});

export type ProfileSettingsInput = z.output<typeof profileSettingsSchema>;

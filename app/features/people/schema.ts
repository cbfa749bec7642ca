import { z } from "zod";
import { lineText } from "~/lib/text";
import type { NameDisplay } from "./names";

/** The profile form on /account/settings (issue 41). */
export const PROFILE_INTENT = "public-profile" as const;

/** Reviews a profile page lists at a time. */
export const PERSON_REVIEWS_PAGE_SIZE = 10;

/** Profile settings writes: 20 per account per 10 minutes (as the other settings writes: favorites, RSVPs). */
export const PROFILE_WRITE_RATE = { limit: 20, windowMs: 10 * 60 * 1000 } as const;

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

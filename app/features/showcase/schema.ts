import { z } from "zod";
import { hasControlChars, CONTROL_CHARS_MESSAGE, lineText, normalizeLine } from "~/lib/text";
import { parseVideoUrl, VIDEO_URL_HELP, type VideoRef } from "~/lib/video-url";

/**
 * Testimonials and videos (issue 36): one zod schema per write, shared by the owner page's forms (Conform) and the
 * API. Strict objects: an unknown field is a 400 naming it.
 */

export const SHOWCASE_LIMITS = { author: 100, quote: 1000, source: 100, title: 120, url: 500 } as const;

export const SHOWCASE_MESSAGES = {
  authorRequired: "Say who said it.",
  authorTooLong: `Author must be at most ${SHOWCASE_LIMITS.author} characters.`,
  quoteRequired: "Enter the testimonial.",
  quoteTooLong: `The testimonial must be at most ${SHOWCASE_LIMITS.quote.toLocaleString("en-US")} characters.`,
  sourceTooLong: `Source must be at most ${SHOWCASE_LIMITS.source} characters.`,
  date: "Enter a date as YYYY-MM-DD, not in the future.",
  titleRequired: "Give the video a title.",
  titleTooLong: `Title must be at most ${SHOWCASE_LIMITS.title} characters.`,
  url: `That isn't a YouTube or Vimeo video link. ${VIDEO_URL_HELP}`,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : (v ?? undefined));

/** A one-line optional field: blank is none. */
const optionalLine = (max: number, tooLong: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Must be text." })
      .max(max * 10, tooLong)
      .transform(normalizeLine)
      .pipe(
        z
          .string()
          .max(max, tooLong)
          .refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE),
      )
      .optional(),
  );

/** Paragraphs allowed: line breaks kept (at most one blank line between paragraphs), spaces within a line collapsed. */
const quoteText = z
  .string({ error: SHOWCASE_MESSAGES.quoteRequired })
  .max(SHOWCASE_LIMITS.quote * 10, SHOWCASE_MESSAGES.quoteTooLong)
  .refine((v) => !hasControlChars(v), CONTROL_CHARS_MESSAGE)
  .transform((v) =>
    v
      .normalize("NFC")
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.replace(/[^\S\n]+/gu, " ").trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
  )
  .pipe(z.string().min(1, SHOWCASE_MESSAGES.quoteRequired).max(SHOWCASE_LIMITS.quote, SHOWCASE_MESSAGES.quoteTooLong));

/** A calendar date, not after today (UTC; a day's slack for the zones ahead of it). */
function pastDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now() + 86_400_000;
}

const givenOnField = z.preprocess(
  blankToUndefined,
  z.string({ error: SHOWCASE_MESSAGES.date }).refine(pastDate, SHOWCASE_MESSAGES.date).optional(),
);

export const testimonialInputSchema = z.strictObject({
  author: lineText({
    required: SHOWCASE_MESSAGES.authorRequired,
    max: SHOWCASE_LIMITS.author,
    tooLong: SHOWCASE_MESSAGES.authorTooLong,
  }),
  quote: quoteText,
  source: optionalLine(SHOWCASE_LIMITS.source, SHOWCASE_MESSAGES.sourceTooLong),
  givenOn: givenOnField,
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;

/** The URL read into a provider and id; anything else is refused naming the field. */
const videoUrlField = z
  .string({ error: SHOWCASE_MESSAGES.url })
  .max(SHOWCASE_LIMITS.url, SHOWCASE_MESSAGES.url)
  .transform((v, ctx): VideoRef => {
    const ref = parseVideoUrl(v);
    if (!ref) {
      ctx.addIssue({ code: "custom", message: SHOWCASE_MESSAGES.url });
      return z.NEVER;
    }
    return ref;
  });

const titleField = lineText({
  required: SHOWCASE_MESSAGES.titleRequired,
  max: SHOWCASE_LIMITS.title,
  tooLong: SHOWCASE_MESSAGES.titleTooLong,
});

export const videoInputSchema = z.strictObject({ url: videoUrlField, title: titleField });
export type VideoInput = z.infer<typeof videoInputSchema>;

export const videoPatchSchema = z.strictObject({ title: titleField });

/** The owner page's forms: one `intent` per action, the same fields as the API's bodies. */
export const showcaseFormSchema = z.discriminatedUnion("intent", [
  testimonialInputSchema.extend({ intent: z.literal("add-testimonial") }),
  testimonialInputSchema.extend({ intent: z.literal("edit-testimonial"), itemId: z.uuid("Unknown testimonial.") }),
  z.strictObject({ intent: z.literal("delete-testimonial"), itemId: z.uuid("Unknown testimonial.") }),
  videoInputSchema.extend({ intent: z.literal("add-video") }),
  z.strictObject({ intent: z.literal("delete-video"), itemId: z.uuid("Unknown video.") }),
]);
export type ShowcaseFormInput = z.infer<typeof showcaseFormSchema>;

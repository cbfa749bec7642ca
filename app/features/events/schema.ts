import { z } from "zod";
import { EVENT_CATEGORIES } from "~/lib/catalogue";
import { safeText } from "~/lib/text";
import { isSiteImagePath } from "~/lib/urls";
import { validDate } from "./filters";

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

export const EVENT_MESSAGES = {
  titleRequired: "Title is required.",
  descriptionShort: "Description must be at least 20 characters.",
  venueRequired: "Venue is required.",
  cityRequired: "City is required.",
  category: "Choose a category: Food & Drink, Music, Art or Business.",
  date: "Enter a date.",
  time: "Enter a time.",
  endBeforeStart: "The event must end after it starts.",
  past: "The event must start in the future.",
  tooFar: "The event must be within the next five years.",
  image: "Image must be a path on this site.",
  imageTooLarge: "The photo must be 10 MB or smaller.",
  business: "Choose one of your businesses.",
} as const;

const optionalText = (max: number) =>
  z.preprocess((v) => (v === "" || v == null ? undefined : v), safeText().trim().max(max).optional());

/**
 * Submit Event: one schema for the browser (Conform) and the server. Times
 * are the site's local time; the server turns them into instants.
 */
export const eventInputSchema = z
  .object({
    title: safeText({ error: EVENT_MESSAGES.titleRequired })
      .trim()
      .min(3, "Title must be at least 3 characters.")
      .max(120, "Title must be at most 120 characters."),
    description: safeText({ error: EVENT_MESSAGES.descriptionShort })
      .trim()
      .min(20, EVENT_MESSAGES.descriptionShort)
      .max(2000, "Description must be at most 2000 characters."),
    date: z.string({ error: EVENT_MESSAGES.date }).refine(validDate, EVENT_MESSAGES.date),
    startTime: z.string({ error: EVENT_MESSAGES.time }).regex(TIME_RE, EVENT_MESSAGES.time),
    endTime: z.string({ error: EVENT_MESSAGES.time }).regex(TIME_RE, EVENT_MESSAGES.time),
    /** Empty: the same day as the start. */
    endDate: z.preprocess(
      (v) => (v === "" || v == null ? undefined : v),
      z.string().refine(validDate, EVENT_MESSAGES.date).optional(),
    ),
    venue: safeText({ error: EVENT_MESSAGES.venueRequired })
      .trim()
      .min(2, EVENT_MESSAGES.venueRequired)
      .max(120, "Venue must be at most 120 characters."),
    city: safeText({ error: EVENT_MESSAGES.cityRequired })
      .trim()
      .min(2, EVENT_MESSAGES.cityRequired)
      .max(60, "City must be at most 60 characters."),
    category: z.enum(EVENT_CATEGORIES, { error: EVENT_MESSAGES.category }),
    /** A picture on this site (the seed's, an admin's); pages may only load our own images (CSP). */
    imageUrl: optionalText(500).refine((v) => !v || isSiteImagePath(v), EVENT_MESSAGES.image),
    /**
     * A photo from the submitter's device (the form): checked and re-encoded on the server like listing
     * photos (app/.server/media); the size limit is media's MAX_IMAGE_BYTES, repeated here for the browser.
     */
    image: z.preprocess(
      (v) => (typeof File !== "undefined" && v instanceof File && v.size > 0 ? v : undefined),
      z
        .instanceof(File)
        .refine((f) => f.size <= 10 * 1024 * 1024, EVENT_MESSAGES.imageTooLarge)
        .optional(),
    ),
    /** One of the submitter's own businesses (checked on the server), or none. */
    businessId: z.preprocess(
      (v) => (v === "" || v == null ? undefined : v),
      z.uuid(EVENT_MESSAGES.business).optional(),
    ),
  })
  .refine((e) => `${e.endDate ?? e.date}T${e.endTime}` > `${e.date}T${e.startTime}`, {
    message: EVENT_MESSAGES.endBeforeStart,
    path: ["endTime"],
  });

export type EventInput = z.output<typeof eventInputSchema>;

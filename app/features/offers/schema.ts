import { z } from "zod";
import { safeText } from "~/lib/text";
import { isCalendarDate } from "./dates";

export const OFFER_MESSAGES = {
  titleRequired: "Title is required.",
  termsRequired: "Terms are required: say what the offer gives and any conditions.",
  code: "A code is 3 to 24 letters, digits or dashes.",
  startsOn: "Enter the first day of the offer.",
  endsOn: "Enter the last day of the offer.",
  endBeforeStart: "The last day can't be before the first day.",
  ended: "The last day can't be in the past.",
  tooFar: "The offer must start and end within the next two years.",
  firstCustomers: "First customers is a whole number from 1 to 100,000, or empty.",
} as const;

const emptyToUndefined = (v: unknown) => (v === "" || v == null ? undefined : v);
const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9-]{1,22}[A-Za-z0-9]$/;

const fields = {
  title: safeText({ error: OFFER_MESSAGES.titleRequired })
    .trim()
    .min(3, "Title must be at least 3 characters.")
    .max(80, "Title must be at most 80 characters."),
  terms: safeText({ error: OFFER_MESSAGES.termsRequired })
    .trim()
    .min(10, OFFER_MESSAGES.termsRequired)
    .max(500, "Terms must be at most 500 characters."),
  /** Optional; stored upper case ("SPRING10"). */
  code: z.preprocess(
    emptyToUndefined,
    z
      .string(OFFER_MESSAGES.code)
      .trim()
      .regex(CODE_RE, OFFER_MESSAGES.code)
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  startsOn: z.string({ error: OFFER_MESSAGES.startsOn }).refine(isCalendarDate, OFFER_MESSAGES.startsOn),
  endsOn: z.string({ error: OFFER_MESSAGES.endsOn }).refine(isCalendarDate, OFFER_MESSAGES.endsOn),
  /** "For the first N customers": optional. */
  firstCustomers: z.preprocess(
    (v) => (v === "" || v == null ? undefined : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number(OFFER_MESSAGES.firstCustomers)
      .int(OFFER_MESSAGES.firstCustomers)
      .min(1, OFFER_MESSAGES.firstCustomers)
      .max(100_000, OFFER_MESSAGES.firstCustomers)
      .optional(),
  ),
};

/**
 * An offer as the owner's form and the API send it (one schema for the browser, Conform, and the server). Dates are
 * the site's calendar days, both included; the server checks them against today (the clock service).
 */
export const offerInputSchema = z
  .object(fields)
  .refine((o) => o.endsOn >= o.startsOn, { message: OFFER_MESSAGES.endBeforeStart, path: ["endsOn"] });

/** The API's body: the same fields, and an unknown one is refused (400 naming it). */
export const offerBodySchema = z
  .strictObject(fields)
  .refine((o) => o.endsOn >= o.startsOn, { message: OFFER_MESSAGES.endBeforeStart, path: ["endsOn"] });

/** PATCH: any of the fields; null clears the optional ones. */
export const offerPatchSchema = z.strictObject({
  title: fields.title.optional(),
  terms: fields.terms.optional(),
  code: z.union([z.null(), fields.code]).optional(),
  startsOn: fields.startsOn.optional(),
  endsOn: fields.endsOn.optional(),
  firstCustomers: z.union([z.null(), fields.firstCustomers]).optional(),
});

export type OfferInput = z.output<typeof offerInputSchema>;
export type OfferPatch = z.output<typeof offerPatchSchema>;

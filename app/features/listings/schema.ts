import { z } from "zod";
import { UNKNOWN_FIELD } from "~/lib/app-error";
import { isValidTimeZone } from "~/lib/dates";
import { emailText, safeText, stripControlChars } from "~/lib/text";
import { normalizeWebUrl } from "~/lib/urls";
import { normalizeSocialUrl, SOCIAL_NETWORKS, socialLinkMessage, type SocialNetwork } from "~/lib/social-links";
import { canonicalFeature, featureKey } from "~/lib/spellings";
import { COUNTRY_RE, postalLabel, regionLabel, regionRequired, SERVICE_AREA_LIMITS } from "~/lib/address";
import { hasPostalCodes, postalCodeMessage, postalCodeValid } from "~/lib/postal-codes";
import {
  ACCEPTED_PHOTO_TEXT,
  ACCEPTED_PHOTO_TYPES,
  AGE_GROUP_OPTIONS,
  LIMITS,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  MAX_PHOTO_BYTES,
  PLANS,
  PRICE_RANGES,
} from "../../lib/catalogue";
import { resolveCategory } from "../../lib/category-tree";
import { additionalCategories, CATEGORY_MESSAGES, settleCategories, type CategoryFields } from "./categories";

/**
 * One schema for the business form, used by the browser before it submits
 * and by the server (form actions and /api/v1) on every write. Messages are
 * shown inline next to each field and returned as the API's `fields`.
 *
 * Unknown fields are refused (400) rather than silently dropped, so a typo in
 * an API client's field name is noticed instead of losing data.
 */

export const MESSAGES = {
  nameRequired: "Business name is required.",
  nameTooLong: `Business name must be at most ${LIMITS.name} characters.`,
  ...CATEGORY_MESSAGES,
  categoryUnknown: (name: string) => `"${name}" is not a category: choose categories from the list.`,
  ageGroupsInvalid: "Choose age groups from the list.",
  descriptionTooLong: `Description must be at most ${LIMITS.description.toLocaleString("en-US")} characters.`,
  addressRequired: "Address is required.",
  addressServiceArea:
    "A business that serves customers at their location shows no street address: leave it empty, or untick “I serve customers at their location”.",
  serviceAreaRequired: "Add the cities or postal codes you serve, or a radius around your base.",
  serviceAreaStorefront:
    "A service area is for businesses that serve customers at their location: tick that box, or leave it empty.",
  serviceAreaTooMany: `List at most ${SERVICE_AREA_LIMITS.places} cities or postal codes.`,
  serviceAreaTooLong: `Each city or postal code must be at most ${LIMITS.city} characters.`,
  serviceRadiusInvalid: `The radius must be a number of kilometres from 1 to ${SERVICE_AREA_LIMITS.radiusKm}.`,
  serviceRadiusNeedsBase:
    "A radius needs your base's position: place the pin on the map, or enter its latitude and longitude.",
  serviceAreaBusinessInvalid: "Must be true or false.",
  addressTooLong: `Address must be at most ${LIMITS.address} characters.`,
  cityRequired: "City is required.",
  cityTooLong: `City must be at most ${LIMITS.city} characters.`,
  stateRequired: "State is required.",
  stateTooLong: `State must be at most ${LIMITS.state} characters.`,
  zipRequired: "ZIP code is required.",
  zipInvalid: "Enter a valid ZIP code, like 62701 or 62701-1234.",
  zipTooLong: `Postal codes are at most ${LIMITS.zip} characters.`,
  zipNone: "Addresses in this country have no postal code: leave it empty.",
  countryInvalid: "Choose a country from the list.",
  neighborhoodTooLong: `Neighborhood must be at most ${LIMITS.neighborhood} characters.`,
  phoneInvalid: "Enter a valid phone number, like (217) 555-0142.",
  urlInvalid: "Enter a valid web address, like https://example.com.",
  urlTooLong: `Web addresses must be at most ${LIMITS.url} characters.`,
  emailInvalid: "Enter a valid email address.",
  priceInvalid: "Choose a price range from the list.",
  tagTooLong: `Each tag must be at most ${LIMITS.tag} characters.`,
  tagEmpty: "Tags can't be empty.",
  tooManyFeatures: `Add at most ${LIMITS.features} features.`,
  tooManyLabels: `Add at most ${LIMITS.labels} categories.`,
  latitudeInvalid: "Latitude must be a number between -90 and 90.",
  longitudeInvalid: "Longitude must be a number between -180 and 180.",
  coordinatesPair: "Enter both latitude and longitude, or leave both empty.",
  timezoneInvalid: "Use an IANA time zone such as America/Chicago.",
  planInvalid: "Plan must be basic, featured or premium.",
  openRequired: "Enter an opening time.",
  closeRequired: "Enter a closing time.",
  timeInvalid: "Use a 24-hour time such as 09:00.",
  closeBeforeOpen: "Closing time must be after opening time.",
  dayInvalid: "Day must be 0 (Sunday) to 6 (Saturday).",
  dayRepeated: "Each day can appear only once.",
  altTooLong: `Alt text must be at most ${LIMITS.alt} characters.`,
  reasonRequired: "Give a reason: the owner will see it.",
  reasonTooLong: `The reason must be at most ${LIMITS.reason} characters.`,
  unknownField: UNKNOWN_FIELD,
} as const;

// --- helpers -----------------------------------------------------------------

/** "" and whitespace-only become null, so clearing a field in the form (or sending "" to the API) clears it. */
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const requiredText = (required: string, max: number, tooLong: string) =>
  safeText({ error: required }).trim().min(1, required).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess(blankToNull, safeText({ error: "Must be text." }).trim().max(max, tooLong).nullable());

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** A closing time may also be "24:00": the end of the day. */
const CLOSE_RE = /^(([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
const PHONE_RE = /^\+?[\d\s().-]+$/;

export function minutesOf(time: string) {
  if (time === "24:00") return 24 * 60;
  const m = TIME_RE.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const urlField = z.preprocess(
  blankToNull,
  safeText({ error: MESSAGES.urlInvalid })
    .trim()
    .max(LIMITS.url, MESSAGES.urlTooLong)
    .transform((v, ctx) => {
      const url = normalizeWebUrl(v);
      if (!url) {
        ctx.addIssue({ code: "custom", message: MESSAGES.urlInvalid });
        return z.NEVER;
      }
      return url;
    })
    .nullable(),
);

/**
 * Trimmed, non-empty, unique (case-insensitively, first spelling kept). With
 * `spellings`, a listed spelling becomes its label ("wifi" → "Wi-Fi") and
 * spellings of one thing count once (app/lib/spellings.ts).
 */
const tagList = (max: number, tooMany: string, spellings = false) =>
  z
    .array(
      safeText({ error: MESSAGES.tagEmpty }).trim().min(1, MESSAGES.tagEmpty).max(LIMITS.tag, MESSAGES.tagTooLong),
      {
        error: "Must be a list of tags.",
      },
    )
    .transform((tags) => {
      const seen = new Set<string>();
      return (spellings ? tags.map(canonicalFeature) : tags).filter((t) => {
        const key = spellings ? featureKey(t) : t.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .pipe(z.array(z.string()).max(max, tooMany));

// --- hours ---------------------------------------------------------------------

const timeField = (re: RegExp) =>
  z.preprocess(blankToNull, z.string({ error: MESSAGES.timeInvalid }).regex(re, MESSAGES.timeInvalid).nullable());

/** The stored form of "open 24 hours" (the demo data's, and what the directory reads as a whole day). */
export const ALL_DAY = { open: "00:00", close: "24:00" } as const;

export function isAllDay(h: { open: string | null; close: string | null; isClosed: boolean }) {
  return !h.isClosed && h.open === "00:00" && (h.close === "24:00" || h.close === "00:00");
}

/**
 * One day. Closing earlier than (or at) the opening time means "past
 * midnight" only when `overnight` says so — a form can't tell a typo from a
 * late night otherwise. Both times empty means closed (the spec's is_closed);
 * `allDay` means open around the clock.
 */
export const dayHoursSchema = z
  .strictObject({
    day: z
      .number({ error: MESSAGES.dayInvalid })
      .int(MESSAGES.dayInvalid)
      .min(0, MESSAGES.dayInvalid)
      .max(6, MESSAGES.dayInvalid),
    isClosed: z.boolean().default(false),
    allDay: z.boolean().default(false),
    open: timeField(TIME_RE).optional(),
    close: timeField(CLOSE_RE).optional(),
    overnight: z.boolean().default(false),
  })
  .superRefine((h, ctx) => {
    if (h.isClosed || h.allDay) return;
    const open = h.open ?? null;
    const close = h.close ?? null;
    if (open === null && close === null) return;
    if (open === null) ctx.addIssue({ code: "custom", path: ["open"], message: MESSAGES.openRequired });
    if (close === null) ctx.addIssue({ code: "custom", path: ["close"], message: MESSAGES.closeRequired });
    if (open === null || close === null) return;
    if (minutesOf(close)! <= minutesOf(open)! && !h.overnight) {
      ctx.addIssue({ code: "custom", path: ["close"], message: MESSAGES.closeBeforeOpen });
    }
  })
  .transform((h) => {
    if (!h.isClosed && h.allDay) return { day: h.day, isClosed: false, ...ALL_DAY };
    const closed = h.isClosed || (!h.open && !h.close);
    return { day: h.day, isClosed: closed, open: closed ? null : h.open!, close: closed ? null : h.close! };
  });

export type DayHours = z.output<typeof dayHoursSchema>;

export const hoursSchema = z
  .array(dayHoursSchema, { error: "Hours must be a list of days." })
  .max(7, MESSAGES.dayRepeated)
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: "custom", path: [i, "day"], message: MESSAGES.dayRepeated });
      seen.add(d.day);
    });
  });

// --- social links ----------------------------------------------------------------

/** One network's address: empty clears it; anything else must be an https page on the network's host. */
const socialUrlField = (network: SocialNetwork) =>
  z.preprocess(
    blankToNull,
    safeText({ error: socialLinkMessage(network) })
      .trim()
      .transform((v, ctx) => {
        const url = normalizeSocialUrl(network, v);
        if (!url) {
          ctx.addIssue({ code: "custom", message: socialLinkMessage(network) });
          return z.NEVER;
        }
        return url;
      })
      .nullable(),
  );

/** `{ facebook: "https://facebook.com/x", … }`: the whole set (a network left out or null has no link). */
export const socialLinksSchema = z
  .strictObject(
    Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, socialUrlField(n).optional()])) as Record<
      SocialNetwork,
      z.ZodOptional<ReturnType<typeof socialUrlField>>
    >,
    { error: "Social links must be an object of network names and addresses." },
  )
  .transform((links) =>
    Object.fromEntries(Object.entries(links).filter(([, url]) => typeof url === "string")),
  ) as z.ZodType<Partial<Record<SocialNetwork, string>>, Record<string, unknown>>;

// --- business fields -----------------------------------------------------------

const fields = {
  name: requiredText(MESSAGES.nameRequired, LIMITS.name, MESSAGES.nameTooLong),
  category: z.enum(LISTING_CATEGORIES, { error: MESSAGES.categoryRequired }),
  /** A slug of the category tree; a name or synonym of one is read as it ("Dentists", "dentist"). */
  primaryCategory: z.preprocess(
    blankToNull,
    safeText({ error: MESSAGES.primaryUnknown })
      .trim()
      .max(80, MESSAGES.primaryUnknown)
      .transform((v, ctx) => {
        const slug = resolveCategory(v);
        if (!slug) ctx.addIssue({ code: "custom", message: MESSAGES.primaryUnknown });
        return slug ?? v;
      })
      .nullable(),
  ),
  cuisine: z.preprocess(
    blankToNull,
    safeText({ error: MESSAGES.cuisineInvalid }).trim().toLowerCase().max(40, MESSAGES.cuisineInvalid).nullable(),
  ),
  subcategory: z.preprocess(
    blankToNull,
    safeText({ error: MESSAGES.subcategoryInvalid })
      .trim()
      .toLowerCase()
      .max(40, MESSAGES.subcategoryInvalid)
      .nullable(),
  ),
  ageGroups: z
    .array(
      z.enum(AGE_GROUP_OPTIONS.map((o) => o.value) as [string, ...string[]], { error: MESSAGES.ageGroupsInvalid }),
      {
        error: MESSAGES.ageGroupsInvalid,
      },
    )
    .max(AGE_GROUP_OPTIONS.length, MESSAGES.ageGroupsInvalid)
    .transform((groups) => [...new Set(groups)]),
  description: optionalText(LIMITS.description, MESSAGES.descriptionTooLong),
  /** Required unless the business serves customers at their location (placeRuleIssues). */
  address: optionalText(LIMITS.address, MESSAGES.addressTooLong),
  /** No storefront: it serves customers where they are; the street address is then never kept (docs/maps.md). */
  serviceAreaBusiness: z.boolean({ error: MESSAGES.serviceAreaBusinessInvalid }),
  /** The cities and postal codes it serves: a list, or (the form) one text separated by commas or new lines. */
  serviceArea: z
    .preprocess(
      (v) => (typeof v === "string" ? v.split(/[,;\n]/) : v),
      z.array(safeText({ error: MESSAGES.serviceAreaTooLong }).trim().max(LIMITS.city, MESSAGES.serviceAreaTooLong), {
        error: "Must be a list of cities or postal codes.",
      }),
    )
    .transform((places) => {
      const seen = new Set<string>();
      return places.filter((p) => {
        if (!p || seen.has(p.toLowerCase())) return false;
        seen.add(p.toLowerCase());
        return true;
      });
    })
    .pipe(z.array(z.string()).max(SERVICE_AREA_LIMITS.places, MESSAGES.serviceAreaTooMany)),
  serviceRadiusKm: z
    .number({ error: MESSAGES.serviceRadiusInvalid })
    .min(1, MESSAGES.serviceRadiusInvalid)
    .max(SERVICE_AREA_LIMITS.radiusKm, MESSAGES.serviceRadiusInvalid)
    .nullable(),
  city: requiredText(MESSAGES.cityRequired, LIMITS.city, MESSAGES.cityTooLong),
  /** The region; required where the country's addresses need one (US, CA, AU: listingRuleIssues). */
  state: optionalText(LIMITS.state, MESSAGES.stateTooLong),
  /** The postal code, checked for the country (listingRuleIssues); none in a country without postal codes. */
  zip: optionalText(LIMITS.zip, MESSAGES.zipTooLong),
  /** ISO 3166-1 alpha-2; absent: the site's country (SITE_COUNTRY). The server checks that the code exists. */
  country: z.preprocess(
    blankToNull,
    safeText({ error: MESSAGES.countryInvalid })
      .trim()
      .toUpperCase()
      .regex(COUNTRY_RE, MESSAGES.countryInvalid)
      .nullable(),
  ),
  /** Optional: a typed "near" place can be a neighbourhood (docs/maps.md). */
  neighborhood: optionalText(LIMITS.neighborhood, MESSAGES.neighborhoodTooLong),
  phone: z.preprocess(
    blankToNull,
    safeText({ error: MESSAGES.phoneInvalid })
      .trim()
      .max(LIMITS.phone, MESSAGES.phoneInvalid)
      .regex(PHONE_RE, MESSAGES.phoneInvalid)
      .refine((v) => {
        const digits = v.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15;
      }, MESSAGES.phoneInvalid)
      .nullable(),
  ),
  website: urlField,
  email: z.preprocess(blankToNull, emailText({ invalid: MESSAGES.emailInvalid }, { lowercase: true }).nullable()),
  bookingUrl: urlField,
  priceRange: z.preprocess(blankToNull, z.enum(PRICE_RANGES, { error: MESSAGES.priceInvalid }).nullable()),
  features: tagList(LIMITS.features, MESSAGES.tooManyFeatures, true),
  /** The additional categories: slugs of the tree (names and synonyms are read as them), once each. */
  categories: tagList(LIMITS.labels, MESSAGES.tooManyLabels).transform((entries, ctx) => {
    const slugs: string[] = [];
    entries.forEach((entry, i) => {
      const slug = resolveCategory(entry);
      if (slug) slugs.push(slug);
      else ctx.addIssue({ code: "custom", path: [i], message: MESSAGES.categoryUnknown(entry) });
    });
    return [...new Set(slugs)];
  }),
  latitude: z
    .number({ error: MESSAGES.latitudeInvalid })
    .min(-90, MESSAGES.latitudeInvalid)
    .max(90, MESSAGES.latitudeInvalid)
    .nullable(),
  longitude: z
    .number({ error: MESSAGES.longitudeInvalid })
    .min(-180, MESSAGES.longitudeInvalid)
    .max(180, MESSAGES.longitudeInvalid)
    .nullable(),
  timezone: safeText({ error: MESSAGES.timezoneInvalid })
    .trim()
    .max(64, MESSAGES.timezoneInvalid)
    .refine(isValidTimeZone, MESSAGES.timezoneInvalid),
  /** Admins only (the server refuses it from anyone else). */
  plan: z.enum(PLANS, { error: MESSAGES.planInvalid }),
  hours: hoursSchema,
  /** Featured and Premium (PLAN_ALLOWANCES.socialLinks; the mutations refuse them on Basic). */
  socialLinks: socialLinksSchema,
};

/** Everything a listing holds, as the form and POST /api/v1/businesses send it. */
const businessShape = {
  name: fields.name,
  /** The group; optional when `primaryCategory` names the category (it then decides the group). */
  category: fields.category.optional(),
  primaryCategory: fields.primaryCategory.optional(),
  cuisine: fields.cuisine.optional(),
  subcategory: fields.subcategory.optional(),
  ageGroups: fields.ageGroups.optional(),
  description: fields.description.optional(),
  address: fields.address.optional(),
  serviceAreaBusiness: fields.serviceAreaBusiness.optional(),
  serviceArea: fields.serviceArea.optional(),
  serviceRadiusKm: fields.serviceRadiusKm.optional(),
  city: fields.city,
  state: fields.state.optional(),
  zip: fields.zip.optional(),
  country: fields.country.optional(),
  neighborhood: fields.neighborhood.optional(),
  phone: fields.phone.optional(),
  website: fields.website.optional(),
  email: fields.email.optional(),
  bookingUrl: fields.bookingUrl.optional(),
  priceRange: fields.priceRange.optional(),
  features: fields.features.optional(),
  categories: fields.categories.optional(),
  latitude: fields.latitude.optional(),
  longitude: fields.longitude.optional(),
  timezone: fields.timezone.optional(),
  plan: fields.plan.optional(),
  hours: fields.hours.optional(),
  socialLinks: fields.socialLinks.optional(),
};

export interface ListingRuleInput extends CategoryFields {
  latitude?: number | null;
  longitude?: number | null;
  /** With a country, its address rules apply (the form always sends one; the server fills in SITE_COUNTRY). */
  country?: string | null;
  state?: string | null;
  zip?: string | null;
  address?: string | null;
  /** Serves customers at their location: no street address, a service area instead (placeRuleIssues). */
  serviceAreaBusiness?: boolean;
  serviceArea?: string[];
  serviceRadiusKm?: number | null;
}

/**
 * A country's address rules (app/lib/address.ts): the region where its addresses need one, a postal code in its
 * format where it has them (postcode-validator), none where it has none. Phones are the server's
 * (location.server.ts): libphonenumber-js stays out of the browser.
 */
export function addressRuleIssues(
  v: ListingRuleInput & { country: string },
  { knownCountry = true }: { knownCountry?: boolean } = {},
): { path: string; message: string }[] {
  // A service-area business's postal code is optional: its base may be a home.
  const postalRequired = !v.serviceAreaBusiness;
  const issues: { path: string; message: string }[] = [];
  const { country } = v;
  if (regionRequired(country) && !v.state)
    issues.push({ path: "state", message: `${regionLabel(country)} is required.` });
  if (!hasPostalCodes(country)) {
    // Only for a code known to exist (the server's check, i18n-iso-countries): "XX" is a bad country, not a place
    // without postal codes.
    if (v.zip && knownCountry) issues.push({ path: "zip", message: MESSAGES.zipNone });
  } else if (!v.zip) {
    if (postalRequired) issues.push({ path: "zip", message: `${postalLabel(country)} is required.` });
  } else if (!postalCodeValid(v.zip, country)) {
    issues.push({ path: "zip", message: postalCodeMessage(country) });
  }
  return issues;
}

/**
 * A storefront has a street address; a business that serves customers at their location has none, and has a service
 * area instead: cities or postal codes, and/or a radius around its base, which needs the base's position.
 */
export function placeRuleIssues(v: ListingRuleInput): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const area = v.serviceArea ?? [];
  const radius = v.serviceRadiusKm ?? null;
  if (!v.serviceAreaBusiness) {
    if (!v.address) issues.push({ path: "address", message: MESSAGES.addressRequired });
    if (area.length) issues.push({ path: "serviceArea", message: MESSAGES.serviceAreaStorefront });
    if (radius !== null) issues.push({ path: "serviceRadiusKm", message: MESSAGES.serviceAreaStorefront });
    return issues;
  }
  if (v.address) issues.push({ path: "address", message: MESSAGES.addressServiceArea });
  if (!area.length && radius === null) issues.push({ path: "serviceArea", message: MESSAGES.serviceAreaRequired });
  if (radius !== null && (typeof v.latitude !== "number" || typeof v.longitude !== "number"))
    issues.push({ path: "serviceRadiusKm", message: MESSAGES.serviceRadiusNeedsBase });
  return issues;
}

/** Rules across fields: the categories settle (category-tree), coordinates come in pairs. */
export function listingRuleIssues(v: ListingRuleInput): { path: string; message: string }[] {
  const issues = [...settleCategories(v).issues];
  const hasLat = v.latitude !== null && v.latitude !== undefined;
  const hasLng = v.longitude !== null && v.longitude !== undefined;
  if (hasLat !== hasLng) issues.push({ path: hasLat ? "longitude" : "latitude", message: MESSAGES.coordinatesPair });
  return issues;
}

/** After the rules: the group, the primary category and the facets settled; the additional categories without them. */
function withSettledCategories<T extends CategoryFields>(v: T) {
  const settled = settleCategories(v).value!;
  return {
    ...v,
    ...settled,
    ...(v.categories ? { categories: additionalCategories(v.categories, settled) } : {}),
  } as Omit<T, keyof CategoryFields> & typeof settled & { categories?: string[] };
}

/** "Choose a category." even when another field failed (a required field's message, as the form shows them). */
function applyCategoryRequired(v: ListingRuleInput, ctx: z.RefinementCtx) {
  const given = (x: unknown) => typeof x === "string" && x.trim() !== "";
  if (!given(v.primaryCategory) && !given(v.category))
    ctx.addIssue({ code: "custom", path: ["category"], message: MESSAGES.categoryRequired });
}

function applyRules(v: ListingRuleInput, ctx: z.RefinementCtx) {
  for (const issue of listingRuleIssues(v).filter((i) => i.message !== MESSAGES.categoryRequired))
    ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
}

/**
 * The country's address rules, when the input names a country (the form always does; the server applies the
 * site's country to an input without one, location.server.ts). Checked even when other fields are wrong, so one
 * answer names every field.
 */
function applyAddressRules(v: ListingRuleInput, ctx: z.RefinementCtx) {
  // The values may be half parsed here (another field failed): read each defensively. An unreadable box says
  // nothing about which rules apply: its own message is enough.
  const box: unknown = v.serviceAreaBusiness;
  if (box !== undefined && typeof box !== "boolean") return;
  const text = (x: unknown) => (typeof x === "string" && x.trim() ? x.trim() : null);
  const shape = {
    address: text(v.address),
    serviceAreaBusiness: v.serviceAreaBusiness === true,
    serviceArea: Array.isArray(v.serviceArea) ? v.serviceArea : [],
    serviceRadiusKm: typeof v.serviceRadiusKm === "number" ? v.serviceRadiusKm : null,
    latitude: typeof v.latitude === "number" ? v.latitude : null,
    longitude: typeof v.longitude === "number" ? v.longitude : null,
    state: text(v.state),
    zip: text(v.zip),
  };
  const issues = placeRuleIssues(shape);
  if (typeof v.country === "string" && COUNTRY_RE.test(v.country))
    issues.push(...addressRuleIssues({ ...shape, country: v.country }, { knownCountry: false }));
  for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
}
/** Run even when another field is missing (zod skips a refinement after such an issue otherwise). */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export const businessInputSchema = z
  .strictObject(businessShape)
  .superRefine(applyCategoryRequired, ALWAYS)
  .superRefine(applyAddressRules, ALWAYS)
  .superRefine(applyRules)
  .transform(withSettledCategories);
export type BusinessInput = z.output<typeof businessInputSchema>;

/**
 * Imports (app/features/import): the same fields and rules, but a country's address rules and the place rules are
 * applied leniently by the importer itself (a row missing its postal code or region is kept: docs/import.md).
 */
export const businessImportSchema = z
  .strictObject(businessShape)
  .superRefine(applyCategoryRequired, ALWAYS)
  .superRefine(applyRules)
  .transform(withSettledCategories);

/**
 * PATCH /api/v1/businesses/{id}: only the given fields are written (the
 * spec's "update businesses by id: the given fields"); hours, when given,
 * are upserted per day. Cross-field rules run on the merged listing.
 */
export const businessPatchSchema = z.strictObject({
  name: fields.name.optional(),
  category: fields.category.optional(),
  primaryCategory: fields.primaryCategory.optional(),
  cuisine: fields.cuisine.optional(),
  subcategory: fields.subcategory.optional(),
  ageGroups: fields.ageGroups.optional(),
  description: fields.description.optional(),
  address: fields.address.optional(),
  serviceAreaBusiness: fields.serviceAreaBusiness.optional(),
  serviceArea: fields.serviceArea.optional(),
  serviceRadiusKm: fields.serviceRadiusKm.optional(),
  city: fields.city.optional(),
  state: fields.state.optional(),
  zip: fields.zip.optional(),
  country: fields.country.optional(),
  neighborhood: fields.neighborhood.optional(),
  phone: fields.phone.optional(),
  website: fields.website.optional(),
  email: fields.email.optional(),
  bookingUrl: fields.bookingUrl.optional(),
  priceRange: fields.priceRange.optional(),
  features: fields.features.optional(),
  categories: fields.categories.optional(),
  latitude: fields.latitude.optional(),
  longitude: fields.longitude.optional(),
  timezone: fields.timezone.optional(),
  plan: fields.plan.optional(),
  hours: fields.hours.optional(),
  socialLinks: fields.socialLinks.optional(),
});
export type BusinessPatch = z.output<typeof businessPatchSchema>;

// --- photos ----------------------------------------------------------------------

export const altField = safeText({ error: "Alt text must be text." }).trim().max(LIMITS.alt, MESSAGES.altTooLong);

function isFile(v: unknown): v is File {
  return typeof File !== "undefined" && v instanceof File;
}

/** What the browser can check before uploading; the server re-checks by content. */
export function photoFileProblem(file: { name: string; size: number; type: string }): string | null {
  const name = `"${file.name || "The file"}"`;
  if (file.size === 0) return `${name} is empty.`;
  if (file.size > MAX_PHOTO_BYTES) return `${name} is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`;
  if (file.type && !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${name} is not a supported image type. Upload a ${ACCEPTED_PHOTO_TEXT} image.`;
  }
  return null;
}

/** One photo of the form, in display order (the first is the cover): a stored one by id, or a new file. */
export const photoEntrySchema = z
  .strictObject({
    id: z.uuid({ error: "Unknown photo." }).optional(),
    file: z.custom<File>(isFile, { error: "Choose an image file." }).optional(),
    alt: altField.default(""),
  })
  .superRefine((p, ctx) => {
    if (!p.id === !p.file)
      ctx.addIssue({ code: "custom", message: "Each photo is either a stored photo or a new file." });
    if (p.file) {
      const problem = photoFileProblem(p.file);
      if (problem) ctx.addIssue({ code: "custom", path: ["file"], message: problem });
    }
  });

export type PhotoEntry = z.output<typeof photoEntrySchema>;

// --- the add / edit form ----------------------------------------------------------

/**
 * The add / edit form, in the form's own names, parsed by Conform (`parseWithZod`)
 * in the browser and in the action: `hours.{day}.mode|open|close|overnight`
 * (the day is the key, so a day's messages are named after its inputs),
 * `photos.{i}.id|file|alt` in display order (files stay files), repeated
 * `features`, `categories`, `ageGroups`. Its output is the listing's input
 * (`BusinessInput`) plus the ordered photos.
 */

/** An input the form always sends: empty (or missing) is null, so clearing it clears the value. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v: unknown) => (v === undefined ? null : blankToNull(v)), schema);

const HOURS_MODES = ["open", "closed", "allDay"] as const;

/** One day's row: the per-day select (`mode`) or the two checkboxes; a day with none of its inputs is left out. */
const formDay = (day: number) =>
  z
    .object({
      day: z.string().optional(),
      mode: z.enum(HOURS_MODES, { error: "Choose open, closed or open 24 hours." }).optional(),
      isClosed: z.boolean().optional(),
      allDay: z.boolean().optional(),
      open: z.string().optional(),
      close: z.string().optional(),
      overnight: z.boolean().optional(),
    })
    .transform((h): z.input<typeof dayHoursSchema> | undefined =>
      [h.day, h.mode, h.isClosed, h.allDay, h.open, h.close].every((v) => v === undefined)
        ? undefined
        : {
            day,
            isClosed: h.mode ? h.mode === "closed" : (h.isClosed ?? false),
            allDay: h.mode ? h.mode === "allDay" : (h.allDay ?? false),
            open: h.open ?? null,
            close: h.close ?? null,
            overnight: h.overnight ?? false,
          },
    )
    .pipe(dayHoursSchema.optional());

const DAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;

/**
 * `socialLinks.{network}`, sent with `socialLinks.edit` when the form shows the inputs (a plan with social links):
 * then an empty input clears its link. Without it (a Basic listing's form) the stored links are left as they are.
 */
const formSocialLinks = z
  .object({ edit: z.string().optional() }, { error: "Social links must be a set of addresses." })
  .catchall(z.unknown())
  .optional()
  .transform((v) => {
    if (!v?.edit) return undefined;
    const { edit: _edit, ...links } = v;
    return links;
  })
  .pipe(socialLinksSchema.optional());

const formHours = z
  .object(
    Object.fromEntries(DAYS.map((d) => [d, formDay(Number(d)).optional()])) as Record<
      (typeof DAYS)[number],
      z.ZodOptional<ReturnType<typeof formDay>>
    >,
  )
  .transform((days) => {
    const list = Object.values(days).filter((d): d is DayHours => d !== undefined);
    return list.length ? list : undefined;
  });

/** `photos.{i}` keyed by position; Conform leaves a record's values as sent (strings and files). */
const formPhotos = z
  .record(z.string().regex(/^\d+$/, "Unknown photo."), photoEntrySchema)
  .optional()
  .transform((photos) =>
    Object.entries(photos ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, p]) => p),
  );

/**
 * The form's rules: its "I serve customers at their location" box decides which of the street address and the
 * service area counts (the other may still be in the form: hidden by script, or typed before the box was ticked).
 */
function applyFormAddressRules(v: ListingRuleInput, ctx: z.RefinementCtx) {
  const serving = v.serviceAreaBusiness === true;
  applyAddressRules(serving ? { ...v, address: null } : { ...v, serviceArea: [], serviceRadiusKm: null }, ctx);
}

export const businessFormSchema = z
  .object({
    name: fields.name,
    // The form's picker names the primary category; a form of the spec's shape (no script) may send the group and
    // its kind instead.
    category: fields.category.optional(),
    primaryCategory: clearable(fields.primaryCategory),
    cuisine: clearable(fields.cuisine),
    subcategory: clearable(fields.subcategory),
    ageGroups: fields.ageGroups,
    description: clearable(fields.description),
    address: clearable(fields.address),
    serviceAreaBusiness: fields.serviceAreaBusiness.optional().transform((v) => v ?? false),
    serviceArea: fields.serviceArea.optional().transform((v) => v ?? []),
    serviceRadiusKm: clearable(fields.serviceRadiusKm),
    city: fields.city,
    state: clearable(fields.state),
    zip: clearable(fields.zip),
    country: clearable(fields.country),
    neighborhood: clearable(fields.neighborhood),
    phone: clearable(fields.phone),
    website: clearable(fields.website),
    email: clearable(fields.email),
    bookingUrl: clearable(fields.bookingUrl),
    priceRange: clearable(fields.priceRange),
    features: fields.features,
    categories: fields.categories,
    latitude: clearable(fields.latitude),
    longitude: clearable(fields.longitude),
    timezone: fields.timezone.optional(),
    plan: fields.plan.optional(),
    hours: formHours,
    photos: formPhotos,
    socialLinks: formSocialLinks,
  })
  .superRefine(applyCategoryRequired, ALWAYS)
  .superRefine(applyFormAddressRules, ALWAYS)
  // The picker's category wins over a stale group and kind. Age groups describe entertainment venues only.
  // "I serve customers at their location" keeps the service area and drops the street address, or the other way.
  .transform((v) => ({
    ...v,
    address: v.serviceAreaBusiness ? null : v.address,
    serviceArea: v.serviceAreaBusiness ? v.serviceArea : [],
    serviceRadiusKm: v.serviceAreaBusiness ? v.serviceRadiusKm : null,
    // A form sends the kind of its group only; a stale one (the other select) is dropped.
    cuisine: v.category === "restaurants" ? v.cuisine : undefined,
    subcategory: v.category === "restaurants" ? undefined : v.subcategory,
    ...(v.primaryCategory ? { category: undefined, cuisine: undefined, subcategory: undefined } : {}),
  }))
  .superRefine(applyRules)
  .transform((v) => {
    const settled = withSettledCategories(v);
    return { ...settled, ageGroups: settled.category === "entertainment" ? v.ageGroups : [] };
  });
export type BusinessFormValues = z.output<typeof businessFormSchema>;

// --- moderation and the admin list -----------------------------------------------

// The moderation schema lives in moderation-schema.ts (the admin page's code loads it without the category tree);
// re-exported here for the server's callers.
export { MODERATION_ACTIONS, moderationSchema, type ModerationAction, type ModerationInput } from "./moderation-schema";

/** /admin?q=&status=&page= — lenient: a bad value falls back to its default. */
export const adminListParamsSchema = z.object({
  // Lenient like the rest: control characters are dropped (the API refuses them before this: 400).
  q: z.string().transform(stripControlChars).pipe(z.string().trim().max(LIMITS.search)).catch("").default(""),
  status: z
    .enum(["all", ...LISTING_STATUSES])
    .catch("all")
    .default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type AdminListParams = z.output<typeof adminListParamsSchema>;

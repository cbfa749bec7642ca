import { randomBytes } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { AppError, fieldsSummary } from "~/lib/app-error";
import type { SessionUser } from "~/features/auth/session.server";
import type { Database } from "~/.server/db/client";
import { businesses, businessHours, businessImages, users } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import type { Mailer } from "~/.server/mail";
import { ImageRejectedError, inspectImage, processImage, type ProcessedImage } from "~/.server/media/process";
import { deleteImages } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import {
  MAX_PHOTOS_PER_REQUEST,
  PHOTO_LIMITS,
  PLAN_ALLOWANCES,
  PLAN_LABELS,
  PLANS,
  upgradeFor,
  type ListingPlan,
  type ListingStatus,
} from "../../lib/catalogue";
import { additionalCategories, settleCategories } from "./categories";
import { listingDecisionEmail } from "./emails.server";
import { checkLocation, timezoneAt } from "./location.server";
import {
  addressQuery,
  approximatePosition,
  geocodedPosition,
  positionFor,
  repositioning,
  type GeocoderDeps,
  type Position,
} from "./position.server";
import { listPhotos } from "./queries.server";
import {
  addressRuleIssues,
  listingRuleIssues,
  placeRuleIssues,
  type BusinessInput,
  type BusinessPatch,
  type DayHours,
  type ModerationInput,
} from "./schema";
import type { ManagedPhoto } from "./types";
import { isUuid } from "~/lib/ids";
import type { LocationPrecision } from "~/lib/location-precision";
import { slugify } from "~/lib/slug";
import { hasSocialLinks, sameSocialLinks, type SocialLinks } from "~/lib/social-links";
import { photoFilesOfBusiness } from "~/features/reviews/photos.server";

/**
 * Every write to a listing. Each one checks who is asking (admins: any
 * listing; business owners: add, and edit their own; nobody else), runs in
 * one transaction with the ownership condition inside the query itself, and
 * deletes photo files only after the rows that pointed at them are gone.
 */

export interface ListingDeps {
  db: Database;
  storage: MediaStorage;
  /** The time zone of new listings where their location doesn't tell another (SITE_TIMEZONE). */
  defaultTimezone: string;
  /** A listing's country when it gives none (SITE_COUNTRY); its phone is read there. */
  siteCountry: string;
  logger?: Logger;
  /** Photo files per user (PHOTO_UPLOAD_RATE), built once at boot (server/rate-limits.ts). */
  uploadLimiter: RateLimiter;
  /** Emails the owner about an admin's decision on their listing (absent: nobody is told). */
  mail?: { mailer: Mailer; site: string; publicUrl: string };
  /** GEOCODER_URL: a listing written without coordinates is looked up there first (position.server.ts). */
  geocoder?: GeocoderDeps;
}

export type Actor = Pick<SessionUser, "id" | "isAdmin" | "type">;

/** A file as it arrived (form action or API upload). */
export interface UploadedPhoto {
  filename: string;
  body: Buffer;
  alt: string;
}

/** A multipart file field as an UploadedPhoto: read once, checked and decoded later by the mutation. */
export async function uploadedPhoto(file: File, alt: string): Promise<UploadedPhoto> {
  return { filename: file.name, body: Buffer.from(await file.arrayBuffer()), alt };
}

/** The form's photo list in display order: stored photos by id, new files by their index in `uploads`. */
export type PhotoPlanEntry = { id: string; alt: string } | { upload: number; alt: string };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const FORBIDDEN_OTHERS = "You can only manage your own businesses.";

// --- who may -------------------------------------------------------------------

export function canCreateListing(actor: Actor) {
  return actor.isAdmin || actor.type === "business";
}

function assertCanCreate(actor: Actor) {
  if (!canCreateListing(actor)) throw new AppError("forbidden", "Only business owners and admins can add listings.");
}

function assertAdmin(actor: Actor, what: string) {
  if (!actor.isAdmin) throw new AppError("forbidden", `Only admins can ${what}.`);
}

/**
 * Locks the listing for this transaction, with the ownership rule in the
 * query: a non-admin only ever finds their own. Non-admins can't tell a
 * listing that isn't theirs from one that doesn't exist.
 */
async function lockListing(tx: Tx, actor: Actor, id: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN_OTHERS);
  if (!isUuid(id)) throw notFoundFor(actor);
  const owned = actor.isAdmin ? eq(businesses.id, id) : and(eq(businesses.id, id), eq(businesses.ownerId, actor.id));
  const [row] = await tx.select().from(businesses).where(owned).for("update");
  if (!row) throw notFoundFor(actor);
  return row;
}

function notFoundFor(actor: Actor) {
  return actor.isAdmin
    ? new AppError("not_found", "No business with that id.")
    : new AppError("forbidden", FORBIDDEN_OTHERS);
}

/** Before any expensive work (reading or decoding photos): may this user touch this listing at all? */
async function assertAccess(db: Database, actor: Actor, id: string) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN_OTHERS);
  if (!isUuid(id)) throw notFoundFor(actor);
  const owned = actor.isAdmin ? eq(businesses.id, id) : and(eq(businesses.id, id), eq(businesses.ownerId, actor.id));
  const [row] = await db.select({ id: businesses.id, plan: businesses.plan }).from(businesses).where(owned).limit(1);
  if (!row) throw notFoundFor(actor);
  return row;
}

// --- photos: files ---------------------------------------------------------------

/** Over PHOTO_UPLOAD_RATE: a 429 whose retryAfter (seconds) goes out as Retry-After. */
function tooManyUploads(retryAfter: number) {
  const message = `You're uploading photos too quickly. Try again in ${Math.max(1, Math.ceil(retryAfter / 60))} minutes.`;
  return new AppError("too_many_requests", message, { photos: message }, { retryAfter });
}

/** Counts `files` photo files against the user's upload rate, before any of them is decoded. */
async function chargeUploads(deps: ListingDeps, actor: Actor, files: number) {
  let wait = 0;
  for (let i = 0; i < files; i++) wait = Math.max(wait, await deps.uploadLimiter.hit(actor.id));
  if (wait > 0) throw tooManyUploads(wait);
}

async function photoCount(db: Database | Tx, businessId: string) {
  const [row] = await db.select({ n: count() }).from(businessImages).where(eq(businessImages.businessId, businessId));
  return row?.n ?? 0;
}

/**
 * The API upload's checks before its body is read: who may (the owner or an
 * admin), whether the plan has room for one more photo, and the upload rate
 * (the first file is counted here). Returns how many files the plan still
 * takes; addPhotos() checks again with the files in hand.
 */
export async function beginPhotoUpload(
  deps: ListingDeps,
  actor: Actor,
  id: string,
): Promise<{ remaining: number; plan: ListingPlan }> {
  const { plan } = await assertAccess(deps.db, actor, id);
  let remaining = Number.POSITIVE_INFINITY;
  if (!actor.isAdmin) {
    remaining = PHOTO_LIMITS[plan] - (await photoCount(deps.db, id));
    if (remaining <= 0) throw photoLimitError(plan);
  }
  await chargeUploads(deps, actor, 1);
  return { remaining, plan };
}

function photoError(error: unknown, field: string): AppError | null {
  if (!(error instanceof ImageRejectedError)) return null;
  return new AppError(error.reason === "too_large" ? "payload_too_large" : "bad_request", error.message, {
    [field]: error.message,
  });
}

/**
 * Validates (by content), re-encodes and stores new photos before the
 * transaction; if one is refused, the ones already stored are removed.
 */
async function storePhotos(deps: ListingDeps, uploads: UploadedPhoto[], fieldFor: (i: number) => string) {
  if (uploads.length > MAX_PHOTOS_PER_REQUEST) {
    throw new AppError("bad_request", `Add at most ${MAX_PHOTOS_PER_REQUEST} photos at a time.`, {
      photos: `Add at most ${MAX_PHOTOS_PER_REQUEST} photos at a time.`,
    });
  }
  // Every file's header first (size, type, pixel count), so that no file is decoded when another one is refused.
  for (const [i, upload] of uploads.entries()) {
    try {
      await inspectImage(upload.body, { filename: upload.filename });
    } catch (error) {
      throw photoError(error, fieldFor(i)) ?? error;
    }
  }
  const stored: ProcessedImage[] = [];
  try {
    for (const upload of uploads) {
      stored.push(await processImage(upload.body, { filename: upload.filename, storage: deps.storage }));
    }
  } catch (error) {
    await removeFiles(deps, stored);
    // The refused file is the one after those stored.
    throw photoError(error, fieldFor(stored.length)) ?? error;
  }
  return stored;
}

async function removeFiles(deps: ListingDeps, images: Pick<ProcessedImage, "storageKey" | "widths">[]) {
  if (!images.length) return;
  try {
    await deleteImages(deps.storage, images);
  } catch (error) {
    // The rows are already consistent; a leftover file only wastes space.
    deps.logger?.warn("Could not delete photo files", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The refusal of more than the plan allows, naming the plan that would allow
 * it: "The Basic plan includes 1 photo. Upgrade to Featured for up to 10."
 */
export function allowanceMessage(plan: ListingPlan, what: "images" | "categories", wanted: number) {
  const limit = PLAN_ALLOWANCES[plan][what];
  const noun = what === "images" ? ["photo", "photos"] : ["category", "categories"];
  const included = `The ${PLAN_LABELS[plan]} plan includes ${limit} ${limit === 1 ? noun[0] : noun[1]}.`;
  const better = upgradeFor(plan, what, wanted);
  if (!better) return `${included} Remove ${what === "images" ? "a photo" : "a category"} to add another.`;
  return `${included} Upgrade to ${PLAN_LABELS[better]} for up to ${PLAN_ALLOWANCES[better][what]}.`;
}

/** More photos than the plan includes (owners; admins are not limited). */
export function photoLimitError(plan: ListingPlan, field = "photos", wanted = PHOTO_LIMITS[plan] + 1) {
  const message = allowanceMessage(plan, "images", wanted);
  return new AppError("bad_request", message, { [field]: message });
}

/**
 * Category labels within the plan's allowance (owners; admins are not
 * limited). A list over it is refused only if it adds a label: after a
 * downgrade the listing keeps its labels (hidden over the allowance), and the
 * owner can still save the form with them.
 */
function assertCategoryAllowance(actor: Actor, plan: ListingPlan, next: string[] | undefined, current: string[] = []) {
  if (actor.isAdmin || !next) return;
  if (next.length <= PLAN_ALLOWANCES[plan].categories) return;
  if (next.every((c) => current.includes(c)) && next.length <= current.length) return;
  const message = allowanceMessage(plan, "categories", next.length);
  throw new AppError("bad_request", message, { categories: message });
}

/** The cheapest plan with social links (the catalogue says which). */
function socialLinksPlan(): ListingPlan | null {
  return PLANS.find((p) => PLAN_ALLOWANCES[p].socialLinks) ?? null;
}

/** "The Basic plan doesn't include social links. Upgrade to Featured to add them." */
export function socialLinksMessage(plan: ListingPlan) {
  const better = socialLinksPlan();
  const included = `The ${PLAN_LABELS[plan]} plan doesn't include social links.`;
  return better ? `${included} Upgrade to ${PLAN_LABELS[better]} to add them.` : included;
}

/**
 * Social links only on a plan that includes them (owners; admins are not limited). A set as it is stored, or an
 * empty one, passes on any plan: after a downgrade the links are kept (hidden), and an API client that sends back
 * what it read, or clears them, is not refused.
 */
function assertSocialAllowance(
  actor: Actor,
  plan: ListingPlan,
  next: SocialLinks | undefined,
  current: SocialLinks = {},
) {
  if (actor.isAdmin || next === undefined || PLAN_ALLOWANCES[plan].socialLinks) return;
  if (!hasSocialLinks(next) || sameSocialLinks(next, current)) return;
  const message = socialLinksMessage(plan);
  throw new AppError("bad_request", message, { socialLinks: message });
}

// --- hours ---------------------------------------------------------------------

/** The spec's "upsert business_hours rows per day". */
async function upsertHours(tx: Tx, businessId: string, hours: DayHours[]) {
  if (!hours.length) return;
  await tx
    .insert(businessHours)
    .values(hours.map((h) => ({ businessId, day: h.day, openTime: h.open, closeTime: h.close, isClosed: h.isClosed })))
    .onConflictDoUpdate({
      target: [businessHours.businessId, businessHours.day],
      set: {
        openTime: sql`excluded.open_time`,
        closeTime: sql`excluded.close_time`,
        isClosed: sql`excluded.is_closed`,
      },
    });
}

// --- create ----------------------------------------------------------------------

/** The name's slug, or the slug with a random suffix when another listing has it. */
async function insertWithFreeSlug(tx: Tx, base: string, values: Omit<typeof businesses.$inferInsert, "slug">) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString("hex")}`;
    const [row] = await tx
      .insert(businesses)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: businesses.slug })
      .returning({ id: businesses.id });
    if (row) return row;
  }
  throw new Error("Could not find a free slug");
}

/** The columns of an input: not its hours (a table of their own), nor "serves at the customer's" (address null). */
function listingColumns<T extends { hours?: unknown; serviceAreaBusiness?: unknown }>(
  input: T,
): Omit<T, "hours" | "serviceAreaBusiness"> {
  const { hours: _hours, serviceAreaBusiness: _serving, ...rest } = input;
  return rest;
}

/**
 * Adds a listing. Admins' listings are published at once; a business
 * owner's start as pending (an admin reviews them) and belong to them.
 */
export async function createBusiness(
  deps: ListingDeps,
  actor: Actor,
  input: BusinessInput,
  uploads: { files: UploadedPhoto[]; field?: (i: number) => string } = { files: [] },
) {
  assertCanCreate(actor);
  if (input.plan !== undefined && !actor.isAdmin) assertAdmin(actor, "choose a listing's plan");
  const plan: ListingPlan = input.plan ?? "basic";
  if (!actor.isAdmin && uploads.files.length > PHOTO_LIMITS[plan])
    throw photoLimitError(plan, "photos", uploads.files.length);
  assertCategoryAllowance(actor, plan, input.categories);
  assertSocialAllowance(actor, plan, input.socialLinks);
  const { dropped: _dropped, ...checked } = checkLocation(input, { siteCountry: deps.siteCountry });
  // Every listing has a place (issue 40): coordinates given (the pin) are exact; without them, the address's.
  // A service-area business's place is its area: its base is never shown, so none is made up for it.
  const pinned = typeof checked.latitude === "number" && typeof checked.longitude === "number";
  const serves = input.serviceAreaBusiness === true;
  const position = pinned || serves ? null : await positionFor(deps.geocoder, checked, deps.logger);
  const located = {
    ...checked,
    ...(position ?? {}),
    locationPrecision: pinned ? ("exact" as const) : (position?.locationPrecision ?? null),
  };
  await chargeUploads(deps, actor, uploads.files.length);

  const stored = await storePhotos(deps, uploads.files, uploads.field ?? (() => "photos"));
  try {
    const id = await deps.db.transaction(async (tx) => {
      const base = slugify(input.name);
      const serving = input.serviceAreaBusiness === true;
      const values = {
        ...listingColumns(located),
        // A service-area business keeps no street address; a storefront no service area (the schema refused both).
        address: serving ? null : (located.address ?? null),
        serviceArea: serving ? (located.serviceArea ?? []) : [],
        serviceRadiusKm: serving ? (located.serviceRadiusKm ?? null) : null,
        ageGroups: input.category === "entertainment" ? (input.ageGroups ?? []) : [],
        // The time zone follows the location: its coordinates, or its country's single zone (location.server.ts).
        timezone:
          input.timezone ??
          timezoneAt(located, { country: deps.siteCountry, timezone: deps.defaultTimezone }) ??
          deps.defaultTimezone,
        plan,
        status: (actor.isAdmin ? "published" : "pending") as ListingStatus,
        ownerId: actor.isAdmin ? null : actor.id,
      };
      const row = await insertWithFreeSlug(tx, base, values);
      await upsertHours(tx, row.id, input.hours ?? []);
      if (stored.length) {
        await tx.insert(businessImages).values(
          stored.map((s, position) => ({
            businessId: row.id,
            position,
            storageKey: s.storageKey,
            widths: s.widths,
            width: s.width,
            height: s.height,
            alt: uploads.files[position]?.alt ?? "",
          })),
        );
      }
      return row.id;
    });
    return { id, status: (actor.isAdmin ? "published" : "pending") as ListingStatus };
  } catch (error) {
    await removeFiles(deps, stored);
    throw error;
  }
}

// --- update ----------------------------------------------------------------------

/**
 * Writes the given fields and upserts the given days' hours; with `photos`
 * (the form), also makes the listing's photos exactly that ordered list:
 * stored ones kept or removed, alt text updated, new files added. All in one
 * transaction: if any part fails, nothing changes.
 */
export async function updateBusiness(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  patch: BusinessPatch,
  photos?: { plan: PhotoPlanEntry[]; files: UploadedPhoto[]; field?: (i: number) => string },
) {
  const listing = await assertAccess(deps.db, actor, id);
  if (photos?.files.length) {
    // The plan's limit before any file is decoded (applyPhotoPlan checks again inside the transaction).
    const added = photos.plan.filter((e) => !("id" in e)).length;
    if (!actor.isAdmin && added > 0 && photos.plan.length > PHOTO_LIMITS[listing.plan])
      throw photoLimitError(listing.plan, "photos", photos.plan.length);
    await chargeUploads(deps, actor, photos.files.length);
  }
  const geocoded = await geocodeForPatch(deps, id, patch);
  const stored = photos ? await storePhotos(deps, photos.files, photos.field ?? (() => "photos")) : [];
  let removed: (typeof businessImages.$inferSelect)[] = [];
  try {
    const status = await deps.db.transaction(async (tx) => {
      const current = await lockListing(tx, actor, id);
      if (patch.plan !== undefined && patch.plan !== current.plan) assertAdmin(actor, "change a listing's plan");
      assertCategoryAllowance(actor, patch.plan ?? current.plan, patch.categories, current.categories);
      assertSocialAllowance(actor, patch.plan ?? current.plan, patch.socialLinks, current.socialLinks);

      // No country (null, or "" from a form): the site's.
      const next = {
        ...patch,
        primaryCategory: patch.primaryCategory ?? undefined,
        country: patch.country === null ? deps.siteCountry : (patch.country ?? current.country),
      };
      // The categories (category-tree, ADR 019): a new primary category names its group and facets; a new group or
      // kind (the spec's shape) names a new primary category, and a new group drops the old group's kind.
      const categoryProblems: { path: string; message: string }[] = [];
      if (
        patch.primaryCategory ||
        patch.category !== undefined ||
        patch.cuisine !== undefined ||
        patch.subcategory !== undefined
      ) {
        const group = patch.category ?? current.category;
        const regrouped = group !== current.category;
        const { value, issues } = settleCategories(
          patch.primaryCategory
            ? { primaryCategory: patch.primaryCategory, category: patch.category }
            : {
                category: group,
                cuisine: patch.cuisine !== undefined ? patch.cuisine : regrouped ? null : current.cuisine,
                subcategory:
                  patch.subcategory !== undefined ? patch.subcategory : regrouped ? null : current.subcategory,
              },
        );
        categoryProblems.push(...issues);
        if (value) Object.assign(next, value);
        if (value && value.category !== current.category && value.category !== "entertainment") next.ageGroups ??= [];
      }
      if (next.primaryCategory !== undefined || patch.categories !== undefined) {
        next.categories = additionalCategories(patch.categories ?? current.categories, {
          category: next.category ?? current.category,
          primaryCategory: next.primaryCategory ?? current.primaryCategory,
          cuisine: null,
          subcategory: null,
        });
      }
      // Serving customers at their location (no street address) or not: said by the patch, else as it was.
      const serving = patch.serviceAreaBusiness ?? current.address === null;
      if (serving && patch.address === undefined) next.address = null;
      if (!serving && current.address === null) {
        // Back to a storefront: the service area goes, unless the patch gives one (which the rules refuse).
        next.serviceArea ??= [];
        next.serviceRadiusKm ??= null;
      }
      const merged = { ...current, ...next, serviceAreaBusiness: serving };
      const changed = (keys: (keyof BusinessPatch)[]) => keys.some((k) => patch[k] !== undefined);
      // The country's and the place's rules apply when they change (a listing kept as it was is not refused).
      const addressChanged = changed(["country", "state", "zip", "serviceAreaBusiness"]);
      const placeChanged = changed([
        "address",
        "serviceAreaBusiness",
        "serviceArea",
        "serviceRadiusKm",
        "latitude",
        "longitude",
      ]);
      const problems = [
        ...categoryProblems,
        ...listingRuleIssues(merged),
        ...(placeChanged ? placeRuleIssues(merged) : []),
        ...(addressChanged ? addressRuleIssues({ ...merged, country: merged.country }) : []),
      ];
      if (problems.length) {
        const fields = Object.fromEntries(problems.map((p) => [p.path, p.message]));
        throw new AppError("bad_request", fieldsSummary(fields), fields);
      }
      if (addressChanged || next.phone) {
        const located = checkLocation(
          {
            country: merged.country,
            state: merged.state,
            zip: merged.zip,
            phone: next.phone ?? null,
            serviceAreaBusiness: serving,
          },
          { siteCountry: deps.siteCountry },
        );
        if (addressChanged) Object.assign(next, { country: located.country, zip: located.zip });
        if (next.phone) next.phone = located.phone;
      }
      // Every listing has a place (issue 40): a moved pin is exact; a new address without one moves the position.
      const place = { ...merged, country: next.country ?? merged.country, zip: next.zip ?? merged.zip };
      const plan = repositioning(current, patch, place, serving);
      const placed: {
        latitude?: number | null;
        longitude?: number | null;
        locationPrecision?: LocationPrecision | null;
      } = {};
      if (plan.kind === "exact") placed.locationPrecision = "exact";
      if (plan.kind === "clear") placed.locationPrecision = null;
      if (plan.kind === "locate") {
        const found =
          (geocoded && geocoded.query === addressQuery(place) ? geocoded.position : null) ?? approximatePosition(place);
        if (found) Object.assign(placed, found);
        // Nothing found: a pin the owner set stays; a centre of the old address goes (it is not this address's).
        else if (current.locationPrecision !== "exact" || place.latitude === null)
          Object.assign(placed, { latitude: null, longitude: null, locationPrecision: null });
      }
      // A move (another country, or the pin) takes the time zone along, unless the caller sets one.
      const moved =
        ["country", "latitude", "longitude"].some(
          (k) =>
            patch[k as keyof BusinessPatch] !== undefined &&
            patch[k as keyof BusinessPatch] !== current[k as keyof typeof current],
        ) ||
        (placed.latitude !== undefined && placed.latitude !== current.latitude);
      if (moved && patch.timezone === undefined) {
        const zone = timezoneAt(
          { ...merged, ...placed },
          { country: deps.siteCountry, timezone: deps.defaultTimezone },
        );
        if (zone) next.timezone = zone;
      }
      if (merged.category !== "entertainment" && merged.ageGroups.length) next.ageGroups = [];

      // An owner's edit of a rejected listing sends it back for review; published stays published.
      const status: ListingStatus = !actor.isAdmin && current.status === "rejected" ? "pending" : current.status;
      await tx
        .update(businesses)
        .set({
          ...listingColumns(next),
          ...placed,
          status,
          ...(status !== current.status ? { statusReason: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(actor.isAdmin ? eq(businesses.id, id) : and(eq(businesses.id, id), eq(businesses.ownerId, actor.id)));
      if (patch.hours) await upsertHours(tx, id, patch.hours);
      if (photos) removed = await applyPhotoPlan(tx, actor, merged.plan, id, photos.plan, stored, photos.files);
      return status;
    });
    await removeFiles(deps, removed);
    return { id, status };
  } catch (error) {
    await removeFiles(deps, stored);
    throw error;
  }
}

/**
 * An edit that may need a position from the address (it touches the address or clears the pin): the geocoder's
 * answer, asked before the transaction (a network call holds no row lock). Only with GEOCODER_URL; the transaction
 * uses it when the address it settles on is the one asked about, else the gazetteer's.
 */
async function geocodeForPatch(
  deps: ListingDeps,
  id: string,
  patch: BusinessPatch,
): Promise<{ query: string; position: Position | null } | null> {
  if (!deps.geocoder || !isUuid(id)) return null;
  const touches = (["address", "city", "state", "zip", "country"] as const).some((k) => patch[k] !== undefined);
  if (!touches && patch.latitude !== null) return null;
  const [current] = await deps.db
    .select({
      address: businesses.address,
      city: businesses.city,
      state: businesses.state,
      zip: businesses.zip,
      country: businesses.country,
    })
    .from(businesses)
    .where(eq(businesses.id, id))
    .limit(1);
  if (!current) return null;
  const place = { ...current, ...definedOf(patch, ["address", "city", "state", "zip", "country"]) };
  const country = place.country || deps.siteCountry;
  let zip = place.zip;
  try {
    zip = checkLocation({ country, zip: place.zip }, { siteCountry: deps.siteCountry }).zip ?? null;
  } catch {
    // The transaction refuses it with the field's message.
  }
  const located = { ...place, country, zip };
  return { query: addressQuery(located), position: await geocodedPosition(deps.geocoder, located, deps.logger) };
}

function definedOf<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) as Partial<Pick<T, K>>;
}

async function applyPhotoPlan(
  tx: Tx,
  actor: Actor,
  plan: ListingPlan,
  businessId: string,
  entries: PhotoPlanEntry[],
  stored: ProcessedImage[],
  files: UploadedPhoto[],
) {
  const current = await tx.select().from(businessImages).where(eq(businessImages.businessId, businessId));
  const byId = new Map(current.map((p) => [p.id, p]));
  const kept = new Set<string>();
  for (const entry of entries) {
    if ("id" in entry) {
      if (!byId.has(entry.id) || kept.has(entry.id)) {
        throw new AppError("bad_request", "A photo in the list doesn't belong to this business.", {
          photos: "A photo in the list doesn't belong to this business.",
        });
      }
      kept.add(entry.id);
    } else if (!stored[entry.upload]) {
      throw new AppError("bad_request", "A new photo in the list is missing its file.", {
        photos: "A new photo in the list is missing its file.",
      });
    }
  }
  const added = entries.filter((e) => !("id" in e)).length;
  if (!actor.isAdmin && added > 0 && entries.length > PHOTO_LIMITS[plan])
    throw photoLimitError(plan, "photos", entries.length);

  const removed = current.filter((p) => !kept.has(p.id));
  for (const photo of removed) await tx.delete(businessImages).where(eq(businessImages.id, photo.id));
  for (const [position, entry] of entries.entries()) {
    if ("id" in entry) {
      const photo = byId.get(entry.id)!;
      if (photo.position !== position || photo.alt !== entry.alt) {
        await tx.update(businessImages).set({ position, alt: entry.alt }).where(eq(businessImages.id, entry.id));
      }
    } else {
      const s = stored[entry.upload]!;
      await tx.insert(businessImages).values({
        businessId,
        position,
        storageKey: s.storageKey,
        widths: s.widths,
        width: s.width,
        height: s.height,
        alt: entry.alt || files[entry.upload]?.alt || "",
      });
    }
  }
  return removed;
}

// --- delete ----------------------------------------------------------------------

/**
 * Removes the listing with its hours, special dates, photos, reviews (and
 * their replies, votes and reports), messages and page views: one DELETE
 * whose foreign keys cascade, so it is one transaction. Photo files go after
 * the commit.
 */
export async function deleteBusiness(deps: ListingDeps, actor: Actor, id: string) {
  assertAdmin(actor, "delete listings");
  const images = await deps.db.transaction(async (tx) => {
    await lockListing(tx, actor, id);
    const photos = await tx.select().from(businessImages).where(eq(businessImages.businessId, id));
    // Its reviews' photos go with it too (issue 41): the rows cascade, the files are removed below.
    const reviewPhotos = await photoFilesOfBusiness(tx, id);
    await tx.delete(businesses).where(eq(businesses.id, id));
    return [...photos, ...reviewPhotos];
  });
  await removeFiles(deps, images);
}

// --- moderation ----------------------------------------------------------------------

const MODERATION_STATUS = { approve: "published", reject: "rejected", suspend: "suspended" } as const;

/** Approve (publish, also lifts a suspension), reject with a reason the owner sees, or suspend. */
export async function moderateBusiness(deps: ListingDeps, actor: Actor, id: string, input: ModerationInput) {
  assertAdmin(actor, "moderate listings");
  const status = MODERATION_STATUS[input.action];
  const statusReason = input.action === "approve" ? null : (input.reason ?? null);
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockListing(tx, actor, id);
    await tx
      .update(businesses)
      .set({ status, statusReason, updatedAt: sql`now()` })
      .where(eq(businesses.id, id));
    return row;
  });
  // Tell the owner when the status changes (approving a published listing again says nothing).
  if (before.ownerId && before.status !== status) await tellOwner(deps, before, input.action, statusReason);
  return { id, status, statusReason };
}

async function tellOwner(
  deps: ListingDeps,
  listing: { id: string; slug: string; name: string; ownerId: string | null },
  decision: ModerationInput["action"],
  reason: string | null,
) {
  if (!deps.mail || !listing.ownerId) return;
  const [owner] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, listing.ownerId))
    .limit(1);
  if (!owner) return;
  const { mailer, site, publicUrl } = deps.mail;
  // The decision stands even if the email can't go out; the owner also sees it on their dashboard.
  await mailer
    .send(listingDecisionEmail({ site, publicUrl, to: owner.email, name: owner.name, listing, decision, reason }))
    .catch((error: unknown) => deps.logger?.error("Listing decision email failed", { listingId: listing.id, error }));
}

// --- photos: one operation at a time (the API) ---------------------------------------

async function touch(tx: Tx, id: string) {
  // Announces the change (the businesses trigger NOTIFYs), so open pages refresh.
  await tx
    .update(businesses)
    .set({ updatedAt: sql`now()` })
    .where(eq(businesses.id, id));
}

/**
 * Appends photos (validated by content); owners stay within their plan's
 * limit, checked before any file is decoded. `charged`: files already counted
 * against the upload rate (beginPhotoUpload counts one).
 */
export async function addPhotos(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  files: UploadedPhoto[],
  opts: { charged?: number } = {},
): Promise<ManagedPhoto[]> {
  const { plan } = await assertAccess(deps.db, actor, id);
  if (!files.length)
    throw new AppError("bad_request", "Choose at least one photo.", { photos: "Choose at least one photo." });
  const before = actor.isAdmin ? 0 : await photoCount(deps.db, id);
  if (!actor.isAdmin && before + files.length > PHOTO_LIMITS[plan])
    throw photoLimitError(plan, "photos", before + files.length);
  await chargeUploads(deps, actor, Math.max(0, files.length - (opts.charged ?? 0)));
  const stored = await storePhotos(deps, files, () => "photos");
  try {
    return await deps.db.transaction(async (tx) => {
      const listing = await lockListing(tx, actor, id);
      const current = await tx
        .select({ position: businessImages.position })
        .from(businessImages)
        .where(eq(businessImages.businessId, id));
      if (!actor.isAdmin && current.length + stored.length > PHOTO_LIMITS[listing.plan])
        throw photoLimitError(listing.plan, "photos", current.length + stored.length);
      const start = current.reduce((max, p) => Math.max(max, p.position + 1), 0);
      await tx.insert(businessImages).values(
        stored.map((s, i) => ({
          businessId: id,
          position: start + i,
          storageKey: s.storageKey,
          widths: s.widths,
          width: s.width,
          height: s.height,
          alt: files[i]?.alt ?? "",
        })),
      );
      await touch(tx, id);
      return listPhotos(tx, id);
    });
  } catch (error) {
    await removeFiles(deps, stored);
    throw error;
  }
}

/** Sets the order; the first is the cover. The list must name every photo exactly once. */
export async function reorderPhotos(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  ids: string[],
): Promise<ManagedPhoto[]> {
  return deps.db.transaction(async (tx) => {
    await lockListing(tx, actor, id);
    const current = await tx
      .select({ id: businessImages.id })
      .from(businessImages)
      .where(eq(businessImages.businessId, id))
      .orderBy(asc(businessImages.position));
    const known = new Set(current.map((p) => p.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((p) => known.has(p))) {
      const message = "List every photo of this business exactly once.";
      throw new AppError("bad_request", message, { ids: message });
    }
    for (const [position, photoId] of ids.entries()) {
      await tx
        .update(businessImages)
        .set({ position })
        .where(and(eq(businessImages.id, photoId), eq(businessImages.businessId, id)));
    }
    await touch(tx, id);
    return listPhotos(tx, id);
  });
}

export async function updatePhoto(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  photoId: string,
  alt: string,
): Promise<ManagedPhoto[]> {
  return deps.db.transaction(async (tx) => {
    await lockListing(tx, actor, id);
    const updated = isUuid(photoId)
      ? await tx
          .update(businessImages)
          .set({ alt })
          .where(and(eq(businessImages.id, photoId), eq(businessImages.businessId, id)))
          .returning({ id: businessImages.id })
      : [];
    if (!updated.length) throw new AppError("not_found", "No photo with that id on this business.");
    await touch(tx, id);
    return listPhotos(tx, id);
  });
}

export async function deletePhoto(
  deps: ListingDeps,
  actor: Actor,
  id: string,
  photoId: string,
): Promise<ManagedPhoto[]> {
  let removed: (typeof businessImages.$inferSelect)[] = [];
  const photos = await deps.db.transaction(async (tx) => {
    await lockListing(tx, actor, id);
    removed = isUuid(photoId)
      ? await tx
          .delete(businessImages)
          .where(and(eq(businessImages.id, photoId), eq(businessImages.businessId, id)))
          .returning()
      : [];
    if (!removed.length) throw new AppError("not_found", "No photo with that id on this business.");
    // Close the gap so the first photo is always the cover.
    const rest = await tx
      .select({ id: businessImages.id, position: businessImages.position })
      .from(businessImages)
      .where(eq(businessImages.businessId, id))
      .orderBy(asc(businessImages.position), asc(businessImages.createdAt));
    for (const [position, photo] of rest.entries()) {
      if (photo.position !== position)
        await tx.update(businessImages).set({ position }).where(eq(businessImages.id, photo.id));
    }
    await touch(tx, id);
    return listPhotos(tx, id);
  });
  await removeFiles(deps, removed);
  return photos;
}

import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { LOCATION_PRECISIONS } from "~/lib/location-precision";
import type { Context, MiddlewareHandler } from "hono";
import { requireApiAdmin, requireApiUser } from "./guards";
import { listingDeps } from "~/features/listings/deps.server";
import {
  addPhotos,
  beginPhotoUpload,
  createBusiness,
  deleteBusiness,
  deletePhoto,
  moderateBusiness,
  photoLimitError,
  reorderPhotos,
  updateBusiness,
  updatePhoto,
  uploadedPhoto,
  type UploadedPhoto,
} from "~/features/listings/mutations.server";
import {
  ACCEPTED_PHOTO_TEXT,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  MAX_IMAGE_PIXELS,
  MAX_PHOTOS_PER_REQUEST,
  PHOTO_UPLOAD_RATE,
  PLANS,
} from "~/lib/catalogue";
import { getManagedBusiness, listManagedBusinesses } from "~/features/listings/queries.server";
import { safeText } from "~/lib/text";
import { SOCIAL_NETWORKS } from "~/lib/social-links";
import {
  addressRuleIssues,
  adminListParamsSchema,
  altField,
  businessInputSchema,
  businessPatchSchema,
  moderationSchema,
} from "~/features/listings/schema";
import type { AppEnv } from "../http/env";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";
import { managesBusiness } from "~/features/listings/access.server";
import { errorResponse } from "./openapi-schemas";

/**
 * Listing management: add, edit, delete, photos and moderation. Same schema
 * and same rules as the /business/new and /business/edit forms (they call
 * the same mutations). Cookie-authenticated; mutations need a same-origin
 * Origin header (server/http/auth.ts). Unknown body fields → 400.
 */

const err = errorResponse;

const authErrors = {
  401: err("Not signed in"),
  403: err("Signed in, but not allowed (not an admin, not a business owner, or not the listing's owner)"),
};

const PhotoSchema = z
  .object({
    id: z.uuid(),
    position: z.number().int().openapi({ description: "0 is the cover" }),
    alt: z.string(),
    src: z.string(),
    srcSet: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi("ManagedPhoto");

const PhotosSchema = z.object({ photos: z.array(PhotoSchema) }).openapi("ManagedPhotos");

const ManagedBusinessSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    category: z.enum(LISTING_CATEGORIES).openapi({ description: "The group of the primary category" }),
    primaryCategory: z.string().openapi({ description: "A slug of the category tree", example: "dentists" }),
    cuisine: z.string().nullable().openapi({ description: "Restaurants: derived from the primary category" }),
    subcategory: z.string().nullable().openapi({ description: "Other groups: derived from the primary category" }),
    ageGroups: z.array(z.string()),
    description: z.string().nullable(),
    address: z.string().nullable().openapi({ description: "Null for a service-area business" }),
    serviceAreaBusiness: z.boolean().openapi({ description: "Serves customers at their location: no street address" }),
    serviceArea: z.array(z.string()).openapi({ description: "Cities and postal codes served (at most 20)" }),
    serviceRadiusKm: z.number().nullable().openapi({ description: "Kilometres served around the base (1–500)" }),
    city: z.string(),
    state: z.string().nullable().openapi({ description: "State, province or region; null where there is none" }),
    zip: z.string().nullable().openapi({ description: "Postal code; null in a country without them" }),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "US" }),
    neighborhood: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164", example: "+12175550142" }),
    website: z.string().nullable(),
    email: z.string().nullable(),
    bookingUrl: z.string().nullable(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string()).openapi({
      description:
        "https addresses by network (Featured and Premium plans). Every stored link: those a downgrade hides from the public page too.",
      example: { instagram: "https://instagram.com/rosasbakery" },
    }),
    priceRange: z.string().nullable(),
    features: z.array(z.string()),
    categories: z.array(z.string()).openapi({ description: "Additional categories (tree slugs), up to the plan's" }),
    latitude: z.number().nullable().openapi({
      description:
        "Without one in the request, placed from the address: GEOCODER_URL when configured, else the postal code's or city's centre (locationPrecision says which)",
    }),
    longitude: z.number().nullable(),
    locationPrecision: z.enum(LOCATION_PRECISIONS).nullable().openapi({
      description:
        "exact (coordinates given, or a pin the owner set), address (geocoded), postal (the postal code's centre), city (the city's centre); null without a position",
    }),
    timezone: z.string(),
    plan: z.enum(PLANS),
    status: z.enum(LISTING_STATUSES),
    statusReason: z.string().nullable(),
    ownerId: z.string().nullable(),
    rating: z.number(),
    reviewCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    hours: z.array(
      z.object({
        day: z.number().int(),
        open: z.string().nullable(),
        close: z.string().nullable(),
        isClosed: z.boolean(),
      }),
    ),
    photos: z.array(PhotoSchema),
  })
  .openapi("ManagedBusiness");

const AdminListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        description: z.string().nullable(),
        category: z.string(),
        cuisine: z.string().nullable(),
        subcategory: z.string().nullable(),
        city: z.string(),
        state: z.string().nullable(),
        rating: z.number(),
        reviewCount: z.number().int(),
        status: z.enum(LISTING_STATUSES),
        statusReason: z.string().nullable(),
        plan: z.enum(PLANS),
        createdAt: z.string(),
        owner: z.object({ name: z.string(), email: z.string() }).nullable(),
        cover: z
          .object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() })
          .nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  })
  .openapi("AdminBusinessList");

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Business UUID" }),
});
const PhotoParams = IdParam.extend({
  photoId: z
    .string()
    .max(64)
    .openapi({ param: { name: "photoId", in: "path" }, description: "Photo UUID" }),
});

/** Body problems in the listing schema's words; unknown fields are named. */
function bodyHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (!result.success) {
    const fields = zodFields(result.error);
    throw new AppError("bad_request", fieldsSummary(fields), fields);
  }
  return undefined;
}

/**
 * POST's body problems, with the address rules of the site's country when the body gives no country (the schema
 * applies a country's rules only to a country it is given), so one 400 names every field.
 */
function createBodyHook(
  result: { success: true } | { success: false; error: z.ZodError },
  c: Context<AppEnv>,
): Promise<never> | undefined {
  if (result.success) return undefined;
  return refuseCreateBody(result.error, c);
}

async function refuseCreateBody(error: z.ZodError, c: Context<AppEnv>): Promise<never> {
  const fields = zodFields(error);
  const body: unknown = await c.req.json().catch(() => null);
  const box = body && typeof body === "object" ? (body as Record<string, unknown>).serviceAreaBusiness : undefined;
  // No country: the site's rules, unless the service-area box can't be read (its own message says enough).
  if (body && typeof body === "object" && !("country" in body) && (box === undefined || typeof box === "boolean")) {
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
    const { state, zip, serviceAreaBusiness } = body as Record<string, unknown>;
    const country = c.var.services.config.SITE_COUNTRY;
    const shape = { country, state: text(state), zip: text(zip), serviceAreaBusiness: serviceAreaBusiness === true };
    for (const issue of addressRuleIssues(shape)) fields[issue.path] ??= issue.message;
  }
  throw new AppError("bad_request", fieldsSummary(fields), fields);
}

/** 401 before anything else (body validation included). */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiUser(c);
  await next();
};

function deps(c: Context<AppEnv>) {
  const { services } = c.var;
  return listingDeps({ ...services, db: services.database.db });
}

async function managed(c: Context<AppEnv>, id: string) {
  const business = await getManagedBusiness(c.var.services.database.db, id);
  if (!business) throw new AppError("not_found", "No business with that id.");
  return business;
}

export function registerListingRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses",
      summary: "Add a business",
      description:
        "Admins' listings are published at once; a business owner's start as pending and belong to them. Unknown fields are refused with 400.",
      middleware: [signedIn] as const,
      request: { body: { content: { "application/json": { schema: businessInputSchema } }, required: true } },
      responses: {
        201: { description: "Created", content: { "application/json": { schema: ManagedBusinessSchema } } },
        400: err("Invalid fields; `fields` names each one"),
        ...authErrors,
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = await createBusiness(deps(c), user, c.req.valid("json"));
      return c.json(await managed(c, id), 201);
    },
    createBodyHook,
  );

  api.openapi(
    createRoute({
      method: "patch",
      path: "/businesses/{id}",
      summary: "Update a business",
      description:
        "Writes the given fields; `hours`, when given, are upserted per day. One transaction. An owner's edit keeps a published listing published and sends a rejected one back for review.",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: { content: { "application/json": { schema: businessPatchSchema } }, required: true },
      },
      responses: {
        200: { description: "Updated", content: { "application/json": { schema: ManagedBusinessSchema } } },
        400: err("Invalid fields"),
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = c.req.valid("param");
      await updateBusiness(deps(c), user, id, c.req.valid("json"));
      return c.json(await managed(c, id), 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}",
      summary: "Delete a business (admins)",
      description: "Removes the listing with its hours, photos (files too), reviews and messages, in one transaction.",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: { 204: { description: "Deleted" }, ...authErrors, 404: err("No such business") },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await deleteBusiness(deps(c), user, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/moderation",
      summary: "Approve, reject or suspend a listing (admins)",
      description:
        "approve publishes it (and lifts a suspension); reject needs a `reason`, which the owner sees; suspend hides it.",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: { content: { "application/json": { schema: moderationSchema } }, required: true },
      },
      responses: {
        200: {
          description: "The new status",
          content: {
            "application/json": {
              schema: z.object({ id: z.uuid(), status: z.enum(LISTING_STATUSES), statusReason: z.string().nullable() }),
            },
          },
        },
        400: err("Invalid action or missing reason"),
        ...authErrors,
        404: err("No such business"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      return c.json(await moderateBusiness(deps(c), user, c.req.valid("param").id, c.req.valid("json")), 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/manage/businesses",
      summary: "All listings, any status (admins)",
      description:
        "Case-insensitive substring search of name or description; filter by status; 20 per page, newest first.",
      middleware: [signedIn] as const,
      request: {
        query: z.object({
          q: safeText()
            .optional()
            .openapi({ description: "Text in the name or description; control characters are refused (400)." }),
          status: z.string().optional().openapi({ description: "all, pending, published, rejected or suspended" }),
          page: z.string().optional(),
        }),
      },
      responses: {
        200: { description: "A page", content: { "application/json": { schema: AdminListSchema } } },
        ...authErrors,
      },
    }),
    async (c) => {
      await requireApiAdmin(c);
      const params = adminListParamsSchema.parse(c.req.valid("query"));
      return c.json(await listManagedBusinesses(c.var.services.database.db, params), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/manage/businesses/{id}",
      summary: "One listing with every field, any status (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: {
        200: { description: "The listing", content: { "application/json": { schema: ManagedBusinessSchema } } },
        ...authErrors,
        404: err("No such business"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = c.req.valid("param");
      const business = await getManagedBusiness(c.var.services.database.db, id);
      const mine = business && managesBusiness(user, business.ownerId);
      if (!mine)
        throw user.isAdmin
          ? new AppError("not_found", "No business with that id.")
          : new AppError("forbidden", "You can only manage your own businesses.");
      return c.json(business, 200);
    },
  );

  // --- photos ---

  // Multipart bodies are read by the handler (one or more `photos` files), so
  // the route is documented here and registered as a plain handler.
  api.openAPIRegistry.registerPath({
    method: "post",
    path: "/businesses/{id}/photos",
    summary: "Upload photos",
    description: `multipart/form-data: 1–${MAX_PHOTOS_PER_REQUEST} files in \`photos\` (${ACCEPTED_PHOTO_TEXT}, up to 10 MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels each; checked by content, re-encoded without metadata), optional \`alt\` per file in the same order. Appended after the existing photos. Owners are limited by their plan (Basic 1, Featured 10, Premium 20). Who may upload, and whether the plan has room, is checked before the body is read. At most ${PHOTO_UPLOAD_RATE.photos} files per user every ${PHOTO_UPLOAD_RATE.windowMs / 60_000} minutes (with the listing forms).`,
    request: {
      params: IdParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              photos: z.array(z.string().openapi({ format: "binary" })),
              alt: z.array(z.string()).optional(),
            }),
          },
        },
      },
    },
    responses: {
      201: {
        description: "All photos of the business, in order",
        content: { "application/json": { schema: PhotosSchema } },
      },
      400: err(
        "Not an accepted image (the message names the file), too many pixels, too many photos for the plan, or no file",
      ),
      ...authErrors,
      404: err("No such business"),
      413: err("A file is larger than 10 MB, or the request is too large"),
      429: err("Too many photos uploaded lately; Retry-After gives the seconds to wait"),
    },
  });
  // A 429 carries Retry-After (errorResponse sends the AppError's retryAfter).
  api.post("/businesses/:id/photos", signedIn, (c) => uploadPhotos(c));
  async function uploadPhotos(c: Context<AppEnv>) {
    const user = await requireApiUser(c);
    const id = c.req.param("id") ?? "";
    const uploadDeps = deps(c);
    // Who may, the plan's room and the upload rate, before a byte of the body is read.
    const { remaining, plan } = await beginPhotoUpload(uploadDeps, user, id);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("bad_request", "Send the photos as multipart/form-data in a field named photos.", {
        photos: "Choose at least one photo.",
      });
    }
    const unknown = [...new Set([...form.keys()])].filter((k) => k !== "photos" && k !== "alt");
    if (unknown.length) {
      throw new AppError(
        "bad_request",
        `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`,
        Object.fromEntries(unknown.map((k) => [k, "Unknown field."])),
      );
    }
    const files = form.getAll("photos").filter((f): f is File => typeof f !== "string");
    if (files.length > remaining) throw photoLimitError(plan);
    const alts = form.getAll("alt").map((a) => (typeof a === "string" ? a : ""));
    const uploads: UploadedPhoto[] = [];
    for (const [i, file] of files.entries()) {
      const alt = altField.safeParse(alts[i] ?? "");
      if (!alt.success)
        throw new AppError("bad_request", alt.error.issues[0]!.message, { [`alt.${i}`]: alt.error.issues[0]!.message });
      uploads.push(await uploadedPhoto(file, alt.data));
    }
    const photos = await addPhotos(uploadDeps, user, id, uploads, { charged: 1 });
    return c.json({ photos }, 201);
  }

  api.openapi(
    createRoute({
      method: "put",
      path: "/businesses/{id}/photos/order",
      summary: "Reorder photos (the first is the cover)",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.strictObject({ ids: z.array(z.uuid({ error: "Unknown photo." })).max(100) }),
            },
          },
        },
      },
      responses: {
        200: {
          description: "The photos in their new order",
          content: { "application/json": { schema: PhotosSchema } },
        },
        400: err("The list must name every photo exactly once"),
        ...authErrors,
        404: err("No such business"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const photos = await reorderPhotos(deps(c), user, c.req.valid("param").id, c.req.valid("json").ids);
      return c.json({ photos }, 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "patch",
      path: "/businesses/{id}/photos/{photoId}",
      summary: "Change a photo's alt text",
      middleware: [signedIn] as const,
      request: {
        params: PhotoParams,
        body: { required: true, content: { "application/json": { schema: z.strictObject({ alt: altField }) } } },
      },
      responses: {
        200: { description: "All photos", content: { "application/json": { schema: PhotosSchema } } },
        400: err("Invalid alt text"),
        ...authErrors,
        404: err("No such business or photo"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, photoId } = c.req.valid("param");
      const photos = await updatePhoto(deps(c), user, id, photoId, c.req.valid("json").alt);
      return c.json({ photos }, 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/photos/{photoId}",
      summary: "Remove a photo (its files too)",
      middleware: [signedIn] as const,
      request: { params: PhotoParams },
      responses: {
        200: { description: "The remaining photos", content: { "application/json": { schema: PhotosSchema } } },
        ...authErrors,
        404: err("No such business or photo"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, photoId } = c.req.valid("param");
      return c.json({ photos: await deletePhoto(deps(c), user, id, photoId) }, 200);
    },
  );
}

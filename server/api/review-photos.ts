import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { requireApiAdmin, requireApiUser } from "./guards";
import {
  addReviewPhotos,
  beginReviewPhotoUpload,
  customerPhotos,
  deleteReviewPhoto,
  listReportedReviewPhotos,
  moderateReviewPhoto,
  PHOTO_MODERATION_ACTIONS,
  reportReviewPhoto,
  reviewPhotoDeps,
  updateReviewPhotoCaption,
  type ReviewPhotoUpload,
} from "~/features/reviews/photos.server";
import { publishedBusiness } from "~/features/reviews/queries.server";
import { reportSchema } from "~/features/reviews/review-schema";
import {
  CUSTOMER_PHOTOS_SHOWN,
  MAX_REVIEW_PHOTOS,
  REVIEW_PHOTO_CAPTION_MAX,
  REVIEW_PHOTO_STORAGE_BYTES,
} from "~/features/reviews/photo-constants";
import { ACCEPTED_PHOTO_TEXT, MAX_IMAGE_PIXELS, PHOTO_UPLOAD_RATE } from "~/lib/catalogue";
import { AppError } from "~/lib/app-error";
import type { AppEnv } from "../http/env";
import { errorResponse } from "./openapi-schemas";

/**
 * Review photos (issue 41): the review's author adds (multipart), captions and deletes them; readers report them;
 * admins remove them or dismiss the reports; everyone reads a listing's customer photos. Cookie-authenticated;
 * mutations need a same-origin Origin header (server/http/auth.ts).
 */

const err = errorResponse;
const auth401 = { 401: err("Not signed in") };

export const ReviewPhotoSchema = z
  .object({
    id: z.uuid(),
    reviewId: z.uuid(),
    src: z.string().openapi({ description: "The 800 px variant (or the nearest)" }),
    srcSet: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    caption: z.string().openapi({ description: `Up to ${REVIEW_PHOTO_CAPTION_MAX} characters; may be empty` }),
    alt: z.string().openapi({ description: 'The caption, or "Photo by <author>"' }),
    author: z.string().openapi({ description: "The review's author as the review shows them" }),
  })
  .openapi("ReviewPhoto");

const ReviewPhotosSchema = z.object({ photos: z.array(ReviewPhotoSchema) }).openapi("ReviewPhotos");

const ReviewParam = z.object({
  reviewId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "reviewId", in: "path" } }),
});
const PhotoParam = z.object({
  photoId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "photoId", in: "path" } }),
});

const notYours = err("Signed in, but not the review's author");

export function registerReviewPhotoRoutes(api: OpenAPIHono<AppEnv>) {
  // Multipart: read by the handler after the checks that need no body, so documented here and registered plainly.
  api.openAPIRegistry.registerPath({
    method: "post",
    path: "/reviews/{reviewId}/photos",
    summary: "Add photos to your review",
    description: `multipart/form-data: 1–${MAX_REVIEW_PHOTOS} files in \`photos\` (${ACCEPTED_PHOTO_TEXT}, up to 10 MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels each; checked by content, re-encoded as WebP without EXIF or GPS), an optional \`caption\` per file in the same order (at most ${REVIEW_PHOTO_CAPTION_MAX} characters). A review has at most ${MAX_REVIEW_PHOTOS} photos. Only the review's author may add them, checked with the review's room, the author's storage (${REVIEW_PHOTO_STORAGE_BYTES / 1024 / 1024} MB of review photos) and the upload rate before the body is read. The files count in the photo upload rate: ${PHOTO_UPLOAD_RATE.photos} per user every ${PHOTO_UPLOAD_RATE.windowMs / 60_000} minutes, with the listing photos. The photos show with the review while it is visible and its listing public.`,
    request: {
      params: ReviewParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              photos: z.array(z.string().openapi({ format: "binary" })),
              caption: z.array(z.string()).optional(),
            }),
          },
        },
      },
    },
    responses: {
      201: {
        description: "The review's photos, in order",
        content: { "application/json": { schema: ReviewPhotosSchema } },
      },
      400: err(
        `Not an accepted image (the message names the file), too many pixels, more than ${MAX_REVIEW_PHOTOS} photos on the review, a caption too long, or no file`,
      ),
      ...auth401,
      403: notYours,
      404: err("Unknown review, or its listing isn't public"),
      413: err("A file is larger than 10 MB, the request is too large, or your review photo storage is full"),
      429: err("Too many photos uploaded lately; Retry-After gives the seconds to wait"),
    },
  });
  api.post("/reviews/:reviewId/photos", (c) => upload(c));
  async function upload(c: Context<AppEnv>) {
    const user = await requireApiUser(c);
    const reviewId = c.req.param("reviewId") ?? "";
    const services = c.var.services;
    const deps = reviewPhotoDeps({ ...services, db: services.database.db });
    // Who may, the review's room, the storage and the upload rate, before a byte of the body is read.
    const { remaining } = await beginReviewPhotoUpload(deps, user, reviewId);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("bad_request", "Send the photos as multipart/form-data in a field named photos.", {
        photos: "Choose at least one photo.",
      });
    }
    const unknown = [...new Set([...form.keys()])].filter((k) => k !== "photos" && k !== "caption");
    if (unknown.length) {
      throw new AppError(
        "bad_request",
        `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`,
        Object.fromEntries(unknown.map((k) => [k, "Unknown field."])),
      );
    }
    const files = form.getAll("photos").filter((f): f is File => typeof f !== "string");
    if (files.length > remaining) {
      const message = `A review can have at most ${MAX_REVIEW_PHOTOS} photos.`;
      throw new AppError("bad_request", message, { photos: message });
    }
    const captions = form.getAll("caption").map((v) => (typeof v === "string" ? v : ""));
    const uploads: ReviewPhotoUpload[] = [];
    for (const file of files) uploads.push({ filename: file.name, body: Buffer.from(await file.arrayBuffer()) });
    const photos = await addReviewPhotos(deps, user, reviewId, uploads, captions, { charged: 1 });
    return c.json({ photos }, 201);
  }

  api.openapi(
    createRoute({
      method: "patch",
      path: "/reviews/{reviewId}/photos/{photoId}",
      summary: "Change the caption of a photo on your review",
      request: {
        params: ReviewParam.merge(PhotoParam),
        body: {
          required: true,
          content: {
            "application/json": {
              schema: z.strictObject({ caption: z.string().max(1000) }),
            },
          },
        },
      },
      responses: {
        200: { description: "The review's photos", content: { "application/json": { schema: ReviewPhotosSchema } } },
        400: err(`Caption longer than ${REVIEW_PHOTO_CAPTION_MAX} characters`),
        ...auth401,
        403: notYours,
        404: err("Unknown photo"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const photos = await updateReviewPhotoCaption(
        c.var.services.database.db,
        user,
        c.req.valid("param").reviewId,
        c.req.valid("param").photoId,
        c.req.valid("json").caption,
      );
      return c.json({ photos }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/reviews/{reviewId}/photos/{photoId}",
      summary: "Delete a photo from your review (its files too)",
      request: { params: ReviewParam.merge(PhotoParam) },
      responses: {
        200: {
          description: "The review's remaining photos",
          content: { "application/json": { schema: ReviewPhotosSchema } },
        },
        ...auth401,
        403: notYours,
        404: err("Unknown photo"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const services = c.var.services;
      const photos = await deleteReviewPhoto(
        { db: services.database.db, storage: services.storage, logger: services.logger },
        user,
        c.req.valid("param").reviewId,
        c.req.valid("param").photoId,
      );
      return c.json({ photos }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/review-photos",
      summary: "A public listing's newest photos from its visible reviews",
      request: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(120)
            .openapi({ param: { name: "id", in: "path" }, description: "Business UUID or slug" }),
        }),
      },
      responses: {
        200: {
          description: `Up to ${CUSTOMER_PHOTOS_SHOWN}, newest first, and how many there are`,
          content: {
            "application/json": {
              schema: z.object({ items: z.array(ReviewPhotoSchema), total: z.number().int() }),
            },
          },
        },
        404: err("Unknown business, or not public"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const business = await publishedBusiness(db, c.req.valid("param").id);
      return c.json(await customerPhotos(db, business.id), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/reviews/{reviewId}/photos/{photoId}/reports",
      summary: "Report a review photo to the admins (once per photo)",
      request: {
        params: ReviewParam.merge(PhotoParam),
        body: { content: { "application/json": { schema: reportSchema } }, required: true },
      },
      responses: {
        201: { description: "Reported" },
        400: err("Invalid reason"),
        ...auth401,
        404: err("Unknown photo, its review hidden or its listing not public"),
        409: err("You have already reported this photo (code `already_reported`)"),
        429: err("Too many reports: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await reportReviewPhoto(
        c.var.services.database.db,
        c.req.valid("param").reviewId,
        c.req.valid("param").photoId,
        user.id,
        c.req.valid("json").reason,
        c.var.services.limits.reports,
      );
      return c.body(null, 201);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/admin/review-photos",
      summary: "Admin: review photos with open reports",
      responses: { 200: { description: "Reported photos" }, ...auth401, 403: err("Not an admin") },
    }),
    async (c) => {
      await requireApiAdmin(c);
      return c.json({ items: await listReportedReviewPhotos(c.var.services.database.db) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/admin/review-photos/{photoId}/{action}",
      summary: "Admin: remove a review photo (its files too) or dismiss its reports",
      request: {
        params: PhotoParam.extend({
          action: z.enum(PHOTO_MODERATION_ACTIONS).openapi({ param: { name: "action", in: "path" } }),
        }),
      },
      responses: { 204: { description: "Done" }, ...auth401, 403: err("Not an admin"), 404: err("Unknown photo") },
    }),
    async (c) => {
      const admin = await requireApiAdmin(c);
      const { photoId, action } = c.req.valid("param");
      const services = c.var.services;
      await moderateReviewPhoto(
        { db: services.database.db, storage: services.storage, logger: services.logger },
        photoId,
        action,
        admin,
      );
      return c.body(null, 204);
    },
  );
}

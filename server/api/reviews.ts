import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getApiUser, requireApiAdmin, requireApiUser } from "./guards";
import { notifyOwner } from "~/features/notifications/notify.server";
import {
  deleteOwnReview,
  deleteReply,
  listPublicReviews,
  listReportedReviews,
  moderateReview,
  MODERATION_ACTIONS,
  reportReview,
  saveReply,
  saveReview,
  toggleHelpful,
} from "~/features/reviews/queries.server";
import {
  replySchema,
  reportSchema,
  REVIEW_SORTS,
  reviewListSchema,
  reviewSchema,
} from "~/features/reviews/review-schema";
import type { AppEnv } from "../http/env";
import { AppError, zodFields } from "~/lib/app-error";
import { errorResponse } from "./openapi-schemas";
import { ReviewPhotoSchema } from "./review-photos";

/** Reviews API: list, write/edit own, delete own, owner replies, helpful, report, admin moderation. */

const err = errorResponse;
const auth401 = { 401: err("Not signed in") };

const ReviewSchema = z
  .object({
    id: z.uuid(),
    author: z.string(),
    authorHandle: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "The author's public profile, /people/{authorHandle}; null without an account" }),
    content: z.string().openapi({ description: "Plain text" }),
    rating: z.number().int().min(1).max(5),
    date: z.string(),
    edited: z.boolean(),
    helpfulCount: z.number().int(),
    viewerFoundHelpful: z.boolean(),
    mine: z.boolean(),
    reply: z.object({ content: z.string(), date: z.string() }).nullable(),
    photos: z
      .array(ReviewPhotoSchema)
      .optional()
      .openapi({ description: "The review's photos, in order (POST /reviews/{reviewId}/photos)" }),
  })
  .openapi("Review");

const ReviewPageSchema = z
  .object({
    items: z.array(ReviewSchema),
    summary: z.object({
      average: z.number(),
      count: z.number().int(),
      distribution: z.array(z.number().int()).length(5),
    }),
    page: z.number().int(),
    pageCount: z.number().int(),
    sort: z.string(),
  })
  .openapi("ReviewPage");

const BusinessParam = z.object({
  id: z
    .string()
    .min(1)
    .max(120)
    .openapi({
      param: { name: "id", in: "path" },
      description: "Business UUID or slug; anything else, or a business that isn't public, is a 404",
    }),
});

const ReviewParam = z.object({
  reviewId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "reviewId", in: "path" } }),
});

export function registerReviewRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/reviews",
      summary: "A page of a business's visible reviews with the rating summary",
      request: {
        params: BusinessParam,
        query: z.object({
          sort: z
            .string()
            .optional()
            .openapi({ description: REVIEW_SORTS.join(", ") }),
          page: z.string().optional().openapi({ description: "From 1; 10 per page" }),
        }),
      },
      responses: {
        200: { description: "Reviews", content: { "application/json": { schema: ReviewPageSchema } } },
        400: err("Bad parameters"),
        404: err("Unknown business, or not public"),
      },
    }),
    async (c) => {
      const params = reviewListSchema.safeParse(c.req.valid("query"));
      if (!params.success) throw new AppError("bad_request", "Some parameters are invalid.", zodFields(params.error));
      const viewer = await getApiUser(c);
      const id = c.req.valid("param").id;
      return c.json(await listPublicReviews(c.var.services.database.db, id, params.data, viewer?.id ?? null), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "put",
      path: "/businesses/{id}/reviews/mine",
      summary: "Write your review of a business, or edit it (one per user per business)",
      request: {
        params: BusinessParam,
        body: { content: { "application/json": { schema: reviewSchema } }, required: true },
      },
      responses: {
        201: {
          description: "Created",
          content: { "application/json": { schema: z.object({ id: z.uuid(), created: z.boolean() }) } },
        },
        200: {
          description: "Updated",
          content: { "application/json": { schema: z.object({ id: z.uuid(), created: z.boolean() }) } },
        },
        400: err("Invalid review"),
        ...auth401,
        403: err("Email not verified, or your own business"),
        404: err("Unknown business"),
        429: err("Posting too quickly"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { database, mailer, config, logger, limits } = c.var.services;
      const result = await saveReview(
        database.db,
        c.req.valid("param").id,
        user,
        c.req.valid("json"),
        limits.reviewPosts,
        (tx, id) => notifyOwner({ db: tx, mailer, config, logger }, { kind: "review", id }),
      );
      return c.json(result, result.created ? 201 : 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/reviews/{reviewId}",
      summary: "Delete your own review",
      request: { params: ReviewParam },
      responses: { 204: { description: "Deleted" }, ...auth401, 404: err("Not found or not yours") },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await deleteOwnReview(c.var.services.database.db, c.req.valid("param").reviewId, user.id, c.var.services);
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "put",
      path: "/reviews/{reviewId}/reply",
      summary: "Post or edit the business owner's public reply",
      request: {
        params: ReviewParam,
        body: { content: { "application/json": { schema: replySchema } }, required: true },
      },
      responses: {
        204: { description: "Saved" },
        400: err("Invalid reply"),
        ...auth401,
        403: err("Not the owner"),
        404: err("Unknown review"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await saveReply(c.var.services.database.db, c.req.valid("param").reviewId, user, c.req.valid("json").content);
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/reviews/{reviewId}/reply",
      summary: "Remove the owner's reply",
      request: { params: ReviewParam },
      responses: { 204: { description: "Removed" }, ...auth401, 403: err("Not the owner"), 404: err("Unknown review") },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await deleteReply(c.var.services.database.db, c.req.valid("param").reviewId, user);
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/reviews/{reviewId}/helpful",
      summary: "Mark a review helpful, or take the mark back (toggle)",
      request: { params: ReviewParam },
      responses: {
        200: {
          description: "New state",
          content: {
            "application/json": { schema: z.object({ helpful: z.boolean(), helpfulCount: z.number().int() }) },
          },
        },
        ...auth401,
        403: err("Your own review"),
        404: err("Unknown review, or its business isn't public"),
        429: err("Too many marks: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      return c.json(
        await toggleHelpful(
          c.var.services.database.db,
          c.req.valid("param").reviewId,
          user.id,
          c.var.services.limits.helpful,
        ),
        200,
      );
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/reviews/{reviewId}/reports",
      summary: "Report a review to the admins (once per review)",
      request: {
        params: ReviewParam,
        body: { content: { "application/json": { schema: reportSchema } }, required: true },
      },
      responses: {
        201: { description: "Reported" },
        400: err("Invalid reason"),
        ...auth401,
        404: err("Unknown review, or its business isn't public"),
        409: err("You have already reported this review (code `already_reported`): one report per reader and review"),
        429: err("Too many reports: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await reportReview(
        c.var.services.database.db,
        c.req.valid("param").reviewId,
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
      path: "/admin/reviews",
      summary: "Admin: reported or hidden reviews",
      request: {
        query: z.object({
          filter: z.enum(["reported", "hidden"]).optional(),
          page: z.coerce.number().int().min(1).max(1000).optional(),
        }),
      },
      responses: { 200: { description: "Reviews to moderate" }, ...auth401, 403: err("Not an admin") },
    }),
    async (c) => {
      await requireApiAdmin(c);
      const { filter, page } = c.req.valid("query");
      return c.json(await listReportedReviews(c.var.services.database.db, { filter, page }), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/admin/reviews/{reviewId}/{action}",
      summary: "Admin: hide, restore, delete a review, or dismiss its reports",
      request: {
        params: ReviewParam.extend({
          action: z.enum(MODERATION_ACTIONS).openapi({ param: { name: "action", in: "path" } }),
        }),
      },
      responses: { 204: { description: "Done" }, ...auth401, 403: err("Not an admin"), 404: err("Unknown review") },
    }),
    async (c) => {
      const admin = await requireApiAdmin(c);
      const { reviewId, action } = c.req.valid("param");
      await moderateReview(c.var.services.database.db, reviewId, action, admin, c.var.services);
      return c.body(null, 204);
    },
  );
}

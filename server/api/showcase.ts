import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { requireApiUser } from "./guards";
import {
  addTestimonial,
  addVideo,
  deleteTestimonial,
  deleteVideo,
  managedShowcase,
  updateTestimonial,
  updateVideo,
} from "~/features/showcase/mutations.server";
import { publicShowcase } from "~/features/showcase/queries.server";
import { testimonialInputSchema, videoInputSchema, videoPatchSchema } from "~/features/showcase/schema";
import { businesses } from "~/.server/db/schema";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";
import { PLANS } from "~/lib/catalogue";
import { isUuid } from "~/lib/ids";
import { hasControlChars } from "~/lib/text";
import { VIDEO_PROVIDERS, videoEmbedUrl, videoWatchUrl } from "~/lib/video-url";
import { and, eq, or } from "drizzle-orm";
import type { AppEnv } from "../http/env";
import { errorResponse as err } from "./openapi-schemas";

/**
 * Testimonials and videos of a listing (issue 36): the public's reads (inside the plan's allowance) and the owner's
 * management, with the same schema, mutations and plan limits as the owner page (/business/edit/:id/showcase).
 * Cookie-authenticated writes need a same-origin Origin header (server/http/auth.ts). Unknown body fields → 400.
 */

const authErrors = {
  401: err("Not signed in"),
  403: err("Signed in, but not allowed (not an admin, not a business owner, or not the listing's owner)"),
};

const TestimonialSchema = z
  .object({
    id: z.uuid(),
    author: z.string(),
    quote: z.string(),
    source: z.string().nullable(),
    givenOn: z.string().nullable().openapi({ description: "YYYY-MM-DD", example: "2026-05-14" }),
  })
  .openapi("Testimonial");

const VideoSchema = z
  .object({
    id: z.uuid(),
    provider: z.enum(VIDEO_PROVIDERS),
    videoId: z.string().openapi({ description: "The provider's id of the video", example: "dQw4w9WgXcQ" }),
    title: z.string(),
    addedAt: z.string(),
    watchUrl: z.string().openapi({ description: "The video on its site" }),
    embedUrl: z.string().openapi({ description: "youtube-nocookie.com or player.vimeo.com" }),
  })
  .openapi("Video");

const hidden = { hidden: z.boolean().openapi({ description: "Over the plan's allowance: kept, not shown publicly" }) };
const AllowanceSchema = z
  .object({
    plan: z.enum(PLANS),
    limit: z.number().int().openapi({ description: "The plan's allowance (PLAN_ALLOWANCES)" }),
    used: z.number().int(),
  })
  .openapi("ShowcaseAllowance");

const PublicTestimonialsSchema = z.object({ testimonials: z.array(TestimonialSchema) }).openapi("Testimonials");
const PublicVideosSchema = z.object({ videos: z.array(VideoSchema) }).openapi("Videos");
const ManagedTestimonialsSchema = z
  .object({ testimonials: z.array(TestimonialSchema.extend(hidden)), allowance: AllowanceSchema })
  .openapi("ManagedTestimonials");
const ManagedVideosSchema = z
  .object({ videos: z.array(VideoSchema.extend(hidden)), allowance: AllowanceSchema })
  .openapi("ManagedVideos");

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Business UUID (or slug, for the public reads)" }),
});
const TestimonialParams = IdParam.extend({
  testimonialId: z
    .string()
    .max(64)
    .openapi({ param: { name: "testimonialId", in: "path" }, description: "Testimonial UUID" }),
});
const VideoParams = IdParam.extend({
  videoId: z
    .string()
    .max(64)
    .openapi({ param: { name: "videoId", in: "path" }, description: "Video UUID (Near's, not the provider's)" }),
});

/** Body problems in the schema's words; unknown fields are named. */
function bodyHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (!result.success) {
    const fields = zodFields(result.error);
    throw new AppError("bad_request", fieldsSummary(fields), fields);
  }
  return undefined;
}

/** 401 before anything else (body validation included). */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiUser(c);
  await next();
};

function withLinks<T extends { provider: (typeof VIDEO_PROVIDERS)[number]; videoId: string }>(video: T) {
  const ref = { provider: video.provider, id: video.videoId };
  return { ...video, watchUrl: videoWatchUrl(ref), embedUrl: videoEmbedUrl(ref, false) };
}

/** A published listing by id or slug (the public reads); anything else is a 404. */
async function publishedListing(c: Context<AppEnv>, idOrSlug: string) {
  const db = c.var.services.database.db;
  // A NUL can't even be asked of PostgreSQL: nothing with a control character names a listing.
  if (hasControlChars(idOrSlug)) throw new AppError("not_found", "No business with that id.");
  const match = isUuid(idOrSlug)
    ? or(eq(businesses.id, idOrSlug), eq(businesses.slug, idOrSlug))
    : eq(businesses.slug, idOrSlug);
  const [row] = await db
    .select({ id: businesses.id, plan: businesses.plan })
    .from(businesses)
    .where(and(match, eq(businesses.status, "published")))
    .limit(1);
  if (!row) throw new AppError("not_found", "No business with that id.");
  return row;
}

async function managed(c: Context<AppEnv>, id: string) {
  const user = await requireApiUser(c);
  return managedShowcase(c.var.services.database.db, user, id);
}

export function registerShowcaseRoutes(api: OpenAPIHono<AppEnv>) {
  const db = (c: Context<AppEnv>) => c.var.services.database.db;

  // --- testimonials ---

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/testimonials",
      summary: "A listing's testimonials",
      description:
        "Quotes the business provides (not customer reviews; never in the rating), in order, up to its plan's allowance (Basic 0, Featured 5, Premium 20). Published listings only.",
      request: { params: IdParam },
      responses: {
        200: { description: "Its testimonials", content: { "application/json": { schema: PublicTestimonialsSchema } } },
        404: err("No published business with that id"),
      },
    }),
    async (c) => {
      const listing = await publishedListing(c, c.req.valid("param").id);
      const { testimonials } = await publicShowcase(db(c), listing.id, listing.plan);
      return c.json({ testimonials }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/manage/businesses/{id}/testimonials",
      summary: "Every testimonial of a listing, hidden ones marked (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: {
        200: {
          description: "Its testimonials",
          content: { "application/json": { schema: ManagedTestimonialsSchema } },
        },
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const showcase = await managed(c, c.req.valid("param").id);
      return c.json({ testimonials: showcase.testimonials, allowance: showcase.allowances.testimonials }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/testimonials",
      summary: "Add a testimonial (its owner or an admin)",
      description:
        "Appended after the others. Owners are limited by the plan (Basic 0, Featured 5, Premium 20): one more is a 400 naming the plan that allows more. Admins are not limited.",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: { required: true, content: { "application/json": { schema: testimonialInputSchema } } },
      },
      responses: {
        201: {
          description: "Every testimonial of the listing",
          content: { "application/json": { schema: ManagedTestimonialsSchema } },
        },
        400: err("Invalid fields, or the plan's allowance is used up"),
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = c.req.valid("param");
      await addTestimonial(db(c), user, id, c.req.valid("json"));
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ testimonials: showcase.testimonials, allowance: showcase.allowances.testimonials }, 201);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "put",
      path: "/businesses/{id}/testimonials/{testimonialId}",
      summary: "Replace a testimonial (its owner or an admin)",
      middleware: [signedIn] as const,
      request: {
        params: TestimonialParams,
        body: { required: true, content: { "application/json": { schema: testimonialInputSchema } } },
      },
      responses: {
        200: {
          description: "Every testimonial of the listing",
          content: { "application/json": { schema: ManagedTestimonialsSchema } },
        },
        400: err("Invalid fields"),
        ...authErrors,
        404: err("No such business (admins) or testimonial"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, testimonialId } = c.req.valid("param");
      await updateTestimonial(db(c), user, id, testimonialId, c.req.valid("json"));
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ testimonials: showcase.testimonials, allowance: showcase.allowances.testimonials }, 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/testimonials/{testimonialId}",
      summary: "Remove a testimonial (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: TestimonialParams },
      responses: {
        200: {
          description: "The remaining testimonials",
          content: { "application/json": { schema: ManagedTestimonialsSchema } },
        },
        ...authErrors,
        404: err("No such business (admins) or testimonial"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, testimonialId } = c.req.valid("param");
      await deleteTestimonial(db(c), user, id, testimonialId);
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ testimonials: showcase.testimonials, allowance: showcase.allowances.testimonials }, 200);
    },
  );

  // --- videos ---

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/videos",
      summary: "A listing's videos",
      description:
        "YouTube and Vimeo videos, in order, up to its plan's allowance (Basic 0, Featured 3, Premium 20). Published listings only.",
      request: { params: IdParam },
      responses: {
        200: { description: "Its videos", content: { "application/json": { schema: PublicVideosSchema } } },
        404: err("No published business with that id"),
      },
    }),
    async (c) => {
      const listing = await publishedListing(c, c.req.valid("param").id);
      const { videos } = await publicShowcase(db(c), listing.id, listing.plan);
      return c.json({ videos: videos.map(withLinks) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/manage/businesses/{id}/videos",
      summary: "Every video of a listing, hidden ones marked (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: {
        200: { description: "Its videos", content: { "application/json": { schema: ManagedVideosSchema } } },
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const showcase = await managed(c, c.req.valid("param").id);
      return c.json({ videos: showcase.videos.map(withLinks), allowance: showcase.allowances.videos }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/videos",
      summary: "Add a video (its owner or an admin)",
      description:
        "`url`: a YouTube or Vimeo link (youtube.com/watch?v=, youtu.be/, youtube.com/shorts/, vimeo.com/<id>); stored as the provider and its id. Anything else is a 400 naming `url`. Owners are limited by the plan (Basic 0, Featured 3, Premium 20); admins are not.",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: { required: true, content: { "application/json": { schema: videoInputSchema } } },
      },
      responses: {
        201: {
          description: "Every video of the listing",
          content: { "application/json": { schema: ManagedVideosSchema } },
        },
        400: err("Not a YouTube or Vimeo link, invalid title, or the plan's allowance is used up"),
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = c.req.valid("param");
      await addVideo(db(c), user, id, c.req.valid("json"));
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ videos: showcase.videos.map(withLinks), allowance: showcase.allowances.videos }, 201);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "patch",
      path: "/businesses/{id}/videos/{videoId}",
      summary: "Rename a video (its owner or an admin)",
      middleware: [signedIn] as const,
      request: {
        params: VideoParams,
        body: { required: true, content: { "application/json": { schema: videoPatchSchema } } },
      },
      responses: {
        200: {
          description: "Every video of the listing",
          content: { "application/json": { schema: ManagedVideosSchema } },
        },
        400: err("Invalid title"),
        ...authErrors,
        404: err("No such business (admins) or video"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, videoId } = c.req.valid("param");
      await updateVideo(db(c), user, id, videoId, c.req.valid("json").title);
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ videos: showcase.videos.map(withLinks), allowance: showcase.allowances.videos }, 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/videos/{videoId}",
      summary: "Remove a video (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: VideoParams },
      responses: {
        200: { description: "The remaining videos", content: { "application/json": { schema: ManagedVideosSchema } } },
        ...authErrors,
        404: err("No such business (admins) or video"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, videoId } = c.req.valid("param");
      await deleteVideo(db(c), user, id, videoId);
      const showcase = await managedShowcase(db(c), user, id);
      return c.json({ videos: showcase.videos.map(withLinks), allowance: showcase.allowances.videos }, 200);
    },
  );
}

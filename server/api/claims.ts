import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { claimDeps, decideClaim, fileClaim, withdrawClaim } from "~/features/claims/mutations.server";
import { getAdminClaim, getClaim, listAdminClaims, listMyClaims } from "~/features/claims/queries.server";
import { approveClaimSchema, claimListSchema, claimSchema, refuseClaimSchema } from "~/features/claims/schema";
import { businessRefSchema, FAVORITE_MESSAGES } from "~/features/favorites/schema";
import { AppError, fieldsSummary, validationError, zodFields } from "~/lib/app-error";
import { CLAIM_STATUSES, CLAIM_VERIFICATION_METHODS } from "~/lib/catalogue";
import type { AppEnv } from "../http/env";
import { requireApiAdmin, requireApiUser } from "./guards";
import { errorResponse } from "./openapi-schemas";

/**
 * Ownership claims: a business owner claims a published listing that has no
 * owner; admins approve (the claimant becomes the owner) or refuse with a
 * reason. A claim is read by its claimant and admins only: anyone else's
 * claim id is a 404, the same as one that doesn't exist.
 */

const err = errorResponse;

const ClaimSchema = z
  .object({
    id: z.uuid(),
    business: z.object({ id: z.uuid(), slug: z.string(), name: z.string() }),
    note: z.string(),
    verificationMethod: z.enum(CLAIM_VERIFICATION_METHODS),
    verificationDetail: z.string().openapi({ description: "The business email address or phone number" }),
    status: z.enum(CLAIM_STATUSES),
    reason: z.string().nullable().openapi({ description: "The admin's reason (always given when refused)" }),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .openapi("Claim");

const AdminClaimSchema = ClaimSchema.extend({
  claimant: z.object({ id: z.string(), name: z.string(), email: z.string() }),
}).openapi("AdminClaim");

const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
};
const ClaimPageSchema = z.object({ items: z.array(ClaimSchema), ...pageFields }).openapi("ClaimPage");
const AdminClaimPageSchema = z
  .object({
    items: z.array(AdminClaimSchema),
    ...pageFields,
    open: z.number().int().openapi({ description: "Open claims across all pages" }),
  })
  .openapi("AdminClaimPage");

/** 401 (and 403 for the admin routes) before anything else, body validation included. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiUser(c);
  await next();
};
const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiAdmin(c);
  await next();
};

function badRequest(error: z.ZodError): never {
  const fields = zodFields(error);
  throw new AppError("bad_request", fieldsSummary(fields), fields);
}

/** Body problems named field by field (unknown fields too). */
function bodyHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (!result.success) badRequest(result.error);
  return undefined;
}

function pageParam(query: Record<string, string>) {
  const parsed = claimListSchema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error, "Some parameters are invalid.");
  return parsed.data.page;
}

const ClaimIdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Claim UUID" }),
});
const pageQuery = z.object({ page: z.string().optional().openapi({ description: "From 1" }) });

export function registerClaimRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/claims",
      summary: "Claim a published listing that has no owner (business owner accounts)",
      description:
        "One open claim per listing and user. An admin approves it (you become the listing's owner) or refuses it with a reason; you're emailed either way.",
      middleware: [signedIn] as const,
      request: {
        params: z.object({
          id: z
            .string()
            .max(120)
            .openapi({ param: { name: "id", in: "path" }, description: "Business UUID or slug" }),
        }),
        body: { content: { "application/json": { schema: claimSchema } }, required: true },
      },
      responses: {
        201: { description: "The claim, open", content: { "application/json": { schema: ClaimSchema } } },
        400: err("Invalid body or business id; fields are named"),
        401: err("Not signed in"),
        403: err("Not a business owner account"),
        404: err("Unknown business, or not public"),
        409: err("The listing has an owner, or you already have an open claim for it"),
        429: err("Too many claims: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const id = businessRefSchema.safeParse(c.req.valid("param").id);
      if (!id.success) throw validationError(id.error, FAVORITE_MESSAGES.businessId);
      const { db } = c.var.services.database;
      return c.json(await fileClaim(db, user, id.data, c.req.valid("json"), c.var.services.limits.claims), 201);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/me/claims",
      summary: "Your claims, newest first (10 per page)",
      middleware: [signedIn] as const,
      request: { query: pageQuery },
      responses: {
        200: { description: "A page of your claims", content: { "application/json": { schema: ClaimPageSchema } } },
        400: err("Bad page"),
        401: err("Not signed in"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      return c.json(await listMyClaims(c.var.services.database.db, user.id, pageParam(c.req.query())), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/claims/{id}",
      summary: "One of your claims (admins: any claim)",
      middleware: [signedIn] as const,
      request: { params: ClaimIdParam },
      responses: {
        200: { description: "The claim", content: { "application/json": { schema: ClaimSchema } } },
        401: err("Not signed in"),
        404: err("No such claim, or it is someone else's"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      return c.json(await getClaim(c.var.services.database.db, user, c.req.valid("param").id), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/claims/{id}",
      summary: "Withdraw one of your pending claims",
      middleware: [signedIn] as const,
      request: { params: ClaimIdParam },
      responses: {
        204: { description: "Withdrawn" },
        401: err("Not signed in"),
        404: err("No such claim, or it is someone else's"),
        409: err("Already approved or refused"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      await withdrawClaim(c.var.services.database.db, user, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/admin/claims",
      summary: "Admins: every claim, open ones first, then newest (10 per page)",
      middleware: [adminOnly] as const,
      request: { query: pageQuery },
      responses: {
        200: {
          description: "A page of claims",
          content: { "application/json": { schema: AdminClaimPageSchema } },
        },
        400: err("Bad page"),
        401: err("Not signed in"),
        403: err("Not an admin"),
      },
    }),
    async (c) => {
      await requireApiAdmin(c);
      return c.json(await listAdminClaims(c.var.services.database.db, pageParam(c.req.query())), 200);
    },
  );

  const decisions = [
    {
      decision: "approve" as const,
      schema: approveClaimSchema,
      summary: "Admins: approve an open claim — the claimant becomes the listing's owner and is emailed",
      description:
        'In one transaction: the listing gets the claimant as its owner if it still has none (else 409 and nothing changes), the claim is approved and the listing\'s other open claims are refused ("Another claim for this listing was approved.").',
    },
    {
      decision: "refuse" as const,
      schema: refuseClaimSchema,
      summary: "Admins: refuse an open claim with a reason (the claimant is emailed)",
      description: "The reason is required and is sent to the claimant.",
    },
  ];
  for (const { decision, schema, summary, description } of decisions) {
    api.openapi(
      createRoute({
        method: "post",
        path: `/admin/claims/{id}/${decision}`,
        summary,
        description,
        middleware: [adminOnly] as const,
        request: {
          params: ClaimIdParam,
          body: { content: { "application/json": { schema } }, required: decision === "refuse" },
        },
        responses: {
          200: {
            description: "The claim as it is now",
            content: { "application/json": { schema: AdminClaimSchema } },
          },
          400: err("Invalid body (refusing needs a reason)"),
          401: err("Not signed in"),
          403: err("Not an admin"),
          404: err("No such claim"),
          409: err("Already decided, or the listing already has an owner"),
        },
      }),
      async (c) => {
        const admin = await requireApiAdmin(c);
        const { id } = c.req.valid("param");
        const body = (c.req.valid("json") ?? {}) as { reason?: string };
        const services = c.var.services;
        await decideClaim(claimDeps({ ...services, db: services.database.db }), admin, id, {
          decision,
          reason: body.reason,
        });
        return c.json(await getAdminClaim(services.database.db, id), 200);
      },
      bodyHook,
    );
  }
}

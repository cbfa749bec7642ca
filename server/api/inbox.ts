import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireApiUser } from "./guards";
import { listInbox } from "~/features/inbox/queries.server";
import { updateInboxMessage } from "~/features/inbox/mutations.server";
import { INBOX_FILTERS, inboxListSchema, messagePatchSchema } from "~/features/inbox/schema";
import { listOwnedBusinesses } from "~/features/listings/queries.server";
import { BILLING_STATES, LISTING_CATEGORIES, LISTING_STATUSES, PLANS } from "~/lib/catalogue";
import type { AppEnv } from "../http/env";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";
import { errorResponse } from "./openapi-schemas";

/**
 * The signed-in owner's side: their listings and the messages visitors sent
 * from those listings' pages. Another owner's message is a 404 (the same as
 * one that doesn't exist); admins may read and change any message.
 */

const err = errorResponse;

const OwnedListingSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    category: z.enum(LISTING_CATEGORIES),
    city: z.string(),
    state: z.string().nullable(),
    status: z.enum(LISTING_STATUSES),
    statusReason: z.string().nullable().openapi({ description: "Why an admin rejected or suspended it" }),
    plan: z.enum(PLANS),
    billingState: z.enum(BILLING_STATES).openapi({ description: "The plan's billing state" }),
    currentPeriodEnd: z
      .string()
      .nullable()
      .openapi({ description: "When the paid period ends (Stripe subscriptions); null for Basic and admin grants" }),
    rating: z.number(),
    reviewCount: z.number().int(),
    unreadMessages: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("OwnedListing");

const OwnedListingsSchema = z
  .object({
    items: z.array(OwnedListingSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  })
  .openapi("OwnedListings");

const MessageSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    businessName: z.string(),
    businessSlug: z.string(),
    senderName: z.string(),
    senderEmail: z.string(),
    body: z.string().openapi({ description: "Plain text" }),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    archivedAt: z.string().nullable(),
  })
  .openapi("BusinessMessage");

const MessagePageSchema = z
  .object({
    items: z.array(MessageSchema),
    filter: z.enum(INBOX_FILTERS),
    page: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
    inbox: z.number().int().openapi({ description: "Messages not archived" }),
    archived: z.number().int(),
  })
  .openapi("BusinessMessagePage");

/** 401 before anything else (body validation included). */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiUser(c);
  await next();
};

function badRequest(error: z.ZodError, message?: string): never {
  const fields = zodFields(error);
  throw new AppError("bad_request", message ?? fieldsSummary(fields), fields);
}

/** Body problems named field by field (unknown fields too). */
function bodyHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (!result.success) badRequest(result.error);
  return undefined;
}

const pageQuery = z.string().optional().openapi({ description: "From 1" });

export function registerInboxRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/me/businesses",
      summary: "Your listings, any status, newest first (10 per page)",
      middleware: [signedIn] as const,
      request: { query: z.object({ page: pageQuery }) },
      responses: {
        200: {
          description: "A page of your listings",
          content: { "application/json": { schema: OwnedListingsSchema } },
        },
        400: err("Bad page"),
        401: err("Not signed in"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const parsed = inboxListSchema.pick({ page: true }).safeParse(c.req.valid("query"));
      if (!parsed.success) badRequest(parsed.error);
      return c.json(await listOwnedBusinesses(c.var.services.database.db, user.id, parsed.data.page), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/me/messages",
      summary: "Messages to your listings: unread first, then newest (10 per page)",
      description:
        "`filter=all` (default) is the inbox without archived messages, `unread` only unread ones, `archived` the archived ones. Admins may pass `businessId` to read any listing's messages.",
      middleware: [signedIn] as const,
      request: {
        query: z.object({
          filter: z
            .string()
            .optional()
            .openapi({ description: INBOX_FILTERS.join(", ") }),
          page: pageQuery,
          businessId: z
            .string()
            .max(64)
            .optional()
            .openapi({ description: "Only this listing's messages (one of yours; admins: any listing)" }),
        }),
      },
      responses: {
        200: { description: "A page of messages", content: { "application/json": { schema: MessagePageSchema } } },
        400: err("Bad filter or page"),
        401: err("Not signed in"),
        404: err("businessId is not a listing id"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { businessId, ...query } = c.req.valid("query");
      const parsed = inboxListSchema.safeParse(query);
      if (!parsed.success) badRequest(parsed.error);
      return c.json(await listInbox(c.var.services.database.db, user, { ...parsed.data, businessId }), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "patch",
      path: "/messages/{id}",
      summary: "Mark a message read or unread, archive or restore it",
      middleware: [signedIn] as const,
      request: {
        params: z.object({
          id: z
            .string()
            .max(64)
            .openapi({ param: { name: "id", in: "path" }, description: "Message UUID" }),
        }),
        body: { content: { "application/json": { schema: messagePatchSchema } }, required: true },
      },
      responses: {
        200: { description: "The message as it is now", content: { "application/json": { schema: MessageSchema } } },
        400: err("Invalid body; unknown fields are named"),
        401: err("Not signed in"),
        404: err("No such message, or it was sent to someone else's listing"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const message = await updateInboxMessage(
        c.var.services.database.db,
        user,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(message, 200);
    },
    bodyHook,
  );
}

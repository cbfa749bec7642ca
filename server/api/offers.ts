import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { instantToZonedDate } from "~/features/events/time";
import { getManagedBusiness } from "~/features/listings/queries.server";
import { resolvePlace } from "~/features/directory/queries.server";
import { offerAllowance } from "~/features/offers/allowance.server";
import { createOffer, deleteOffer, updateOffer } from "~/features/offers/mutations.server";
import { listDeals, managedOffers, publishedBusinessOffers } from "~/features/offers/queries.server";
import { offerBodySchema, offerPatchSchema } from "~/features/offers/schema";
import { businessAccess } from "~/features/listings/access.server";
import { PLANS } from "~/lib/catalogue";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";
import { safeText } from "~/lib/text";
import type { AppEnv } from "../http/env";
import { requireApiUser } from "./guards";
import { errorResponse } from "./openapi-schemas";

/**
 * Coupons and offers (issue 36): the public reads (a business's current offers, the located deals) and the owner's
 * management, with the same schema, rules and plan allowance as the owner's page (/business/edit/:id/offers; they
 * call the same mutations). Offers and upcoming events count together against the plan's "coupons or events".
 */

const err = errorResponse;
const authErrors = {
  401: err("Not signed in"),
  403: err("Signed in, but not allowed (not an admin, not a business owner, or not the listing's owner)"),
};

const OfferSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    terms: z.string(),
    code: z.string().nullable(),
    startsOn: z
      .string()
      .openapi({ description: "First day (the site's calendar day), YYYY-MM-DD", example: "2026-12-01" }),
    endsOn: z.string().openapi({ description: "Last day, included; gone from every public list after it" }),
    firstCustomers: z.number().int().nullable().openapi({ description: "For the first N customers, if limited" }),
  })
  .openapi("Offer");

const ManagedOfferSchema = OfferSchema.extend({
  state: z.enum(["scheduled", "current", "ended", "hidden"]).openapi({
    description: "hidden: over the plan's allowance (after a downgrade); kept, shown again on an upgrade",
  }),
}).openapi("ManagedOffer");

const AllowanceSchema = z
  .object({
    plan: z.enum(PLANS),
    limit: z.number().int().openapi({ description: "The plan's coupons or events" }),
    used: z.number().int().openapi({ description: "Offers not ended and upcoming events (waiting or approved)" }),
    summary: z.string().openapi({ example: "2 of 5 coupons or events on the Featured plan" }),
    refusal: z
      .string()
      .nullable()
      .openapi({ description: "Why no more can be added, naming the plan that allows more" }),
  })
  .openapi("OfferAllowance");

const ManagedOffersSchema = z
  .object({ offers: z.array(ManagedOfferSchema), allowance: AllowanceSchema })
  .openapi("ManagedOffers");

const DealSchema = OfferSchema.extend({
  business: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    neighborhood: z.string().nullable(),
  }),
  distanceKm: z.number().nullable().openapi({ description: "From the place asked for, when known" }),
}).openapi("Deal");

const DealsSchema = z
  .object({
    items: z.array(DealSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    place: z.string().openapi({ description: "Where the list is measured from" }),
    inArea: z.boolean().openapi({ description: "False: nothing near the place today; the nearest anywhere" }),
  })
  .openapi("Deals");

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Business UUID" }),
});
const OfferParams = IdParam.extend({
  offerId: z
    .string()
    .max(64)
    .openapi({ param: { name: "offerId", in: "path" }, description: "Offer UUID" }),
});
const DealsQuery = z.object({
  near: safeText()
    .trim()
    .max(100, "Near must be at most 100 characters.")
    .optional()
    .openapi({ description: "A city, neighborhood or ZIP code; the site's city when absent" }),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1 to 100." })
    .int("Page must be a whole number from 1 to 100.")
    .min(1, "Page must be a whole number from 1 to 100.")
    .max(100, "Page must be a whole number from 1 to 100.")
    .optional(),
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

function clockOf(c: Context<AppEnv>) {
  const { clock, config } = c.var.services;
  const now = clock.now();
  return { now, today: instantToZonedDate(now, config.SITE_TIMEZONE) };
}

function deps(c: Context<AppEnv>) {
  const { database, limits } = c.var.services;
  return { db: database.db, limiter: limits.offerWrites, clock: clockOf(c) };
}

/** The owner's (or an admin's) view of a listing's offers; others are refused as for any listing management. */
async function managedView(c: Context<AppEnv>, businessId: string) {
  const user = await requireApiUser(c);
  const db = c.var.services.database.db;
  const access = await businessAccess(db, user, businessId);
  if (access === "not_found") throw new AppError("not_found", "No business with that id.");
  if (access === "forbidden") throw new AppError("forbidden", "You can only manage your own businesses.");
  const business = await getManagedBusiness(db, businessId);
  if (!business) throw new AppError("not_found", "No business with that id.");
  const clock = clockOf(c);
  const [offers, allowance] = await Promise.all([
    managedOffers(db, business.id, clock),
    offerAllowance(db, business, clock, { isAdmin: user.isAdmin }),
  ]);
  return { offers, allowance };
}

export function registerOfferRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/deals",
      summary: "Current coupons and offers near a place",
      description:
        "Published businesses' offers on today, inside each one's plan allowance, nearest first (within 40 km of the place, else the nearest anywhere). Paged by 12.",
      request: { query: DealsQuery },
      responses: {
        200: { description: "A page of deals", content: { "application/json": { schema: DealsSchema } } },
        400: err("Invalid query"),
      },
    }),
    async (c) => {
      const { near, page = 1 } = c.req.valid("query");
      const { readDb, config } = c.var.services;
      const site = { city: config.SITE_CITY, state: config.SITE_STATE, country: config.SITE_COUNTRY };
      const siteLabel = `${config.SITE_CITY}, ${config.SITE_STATE}`;
      const typed = near ? await resolvePlace(readDb, near, site) : null;
      if (near && !typed) throw new AppError("bad_request", `No listings near “${near}”.`, { near: "Unknown place." });
      const place = typed ?? (await resolvePlace(readDb, siteLabel, site));
      const city = (typed ? near! : config.SITE_CITY).split(",")[0]!;
      const deals = await listDeals(readDb, { origin: place, city, page, clock: clockOf(c) });
      return c.json({ ...deals, place: typed ? (typed.label ?? near!) : siteLabel }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/offers",
      summary: "A published business's current offers",
      description: "On today and inside its plan's allowance; an offer is gone after its last day.",
      request: { params: IdParam },
      responses: {
        200: {
          description: "Its offers",
          content: { "application/json": { schema: z.object({ offers: z.array(OfferSchema) }).openapi("Offers") } },
        },
        404: err("Unknown or not published"),
      },
    }),
    async (c) => {
      // The same for everyone: the read replica may answer.
      const offers = await publishedBusinessOffers(c.var.services.readDb, c.req.valid("param").id, clockOf(c));
      if (!offers) throw new AppError("not_found", "Business not found.");
      return c.json({ offers }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/offers/managed",
      summary: "Every offer of a listing, with the plan's allowance (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: {
        200: { description: "Its offers", content: { "application/json": { schema: ManagedOffersSchema } } },
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => c.json(await managedView(c, c.req.valid("param").id), 200),
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/offers",
      summary: "Add an offer (its owner or an admin)",
      description:
        "Refused over the plan's coupons or events (offers not ended and upcoming events together) with a 400 naming the plan that allows more. Admins are not limited.",
      middleware: [signedIn] as const,
      request: {
        params: IdParam,
        body: { content: { "application/json": { schema: offerBodySchema } }, required: true },
      },
      responses: {
        201: { description: "Added", content: { "application/json": { schema: ManagedOffersSchema } } },
        400: err("Invalid fields, or over the plan's allowance"),
        ...authErrors,
        404: err("No such business (admins)"),
        429: err("Too many offer changes"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id } = c.req.valid("param");
      await createOffer(deps(c), user, id, c.req.valid("json"));
      return c.json(await managedView(c, id), 201);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "patch",
      path: "/businesses/{id}/offers/{offerId}",
      summary: "Edit an offer (its owner or an admin)",
      description:
        "Writes the given fields (null clears code or firstCustomers). Bringing back an offer that had ended counts against the allowance.",
      middleware: [signedIn] as const,
      request: {
        params: OfferParams,
        body: { content: { "application/json": { schema: offerPatchSchema } }, required: true },
      },
      responses: {
        200: { description: "Edited", content: { "application/json": { schema: ManagedOffersSchema } } },
        400: err("Invalid fields, or over the plan's allowance"),
        ...authErrors,
        404: err("No such business (admins) or offer"),
        429: err("Too many offer changes"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, offerId } = c.req.valid("param");
      await updateOffer(deps(c), user, id, offerId, c.req.valid("json"));
      return c.json(await managedView(c, id), 200);
    },
    bodyHook,
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/offers/{offerId}",
      summary: "Delete an offer (its owner or an admin)",
      middleware: [signedIn] as const,
      request: { params: OfferParams },
      responses: {
        204: { description: "Deleted" },
        ...authErrors,
        404: err("No such business (admins) or offer"),
        429: err("Too many offer changes"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, offerId } = c.req.valid("param");
      await deleteOffer(deps(c), user, id, offerId);
      return c.body(null, 204);
    },
  );
}

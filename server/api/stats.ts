import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listingStats } from "~/features/stats/queries.server";
import { recordStatEvent, statEventSchema } from "~/features/stats/recording.server";
import { AppError, zodFields } from "~/lib/app-error";
import { DEFAULT_STAT_PERIOD, STAT_EVENT_KINDS, STAT_METRICS, type StatPeriod } from "~/lib/listing-stats";
import type { AppEnv } from "../http/env";
import { requireApiUser } from "./guards";
import { errorResponse as err } from "./openapi-schemas";

/**
 * Listing stats (issue #16): the business page's click beacon (public, anonymous, rate limited) and one listing's
 * stats for its owner or an admin (anyone else: 404, whether the listing exists or not).
 */

const BusinessParam = z.object({
  id: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: "id", in: "path" }, description: "Business UUID" }),
});

const StatTotalSchema = z
  .object({
    current: z.number().int(),
    previous: z.number().int().openapi({ description: "The same number of days just before" }),
    change: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Percent change from previous to current; null when previous is 0" }),
  })
  .openapi("StatTotal");

const ListingStatsSchema = z
  .object({
    business: z.object({ id: z.uuid(), slug: z.string(), name: z.string(), status: z.string() }),
    days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
    from: z.string().openapi({ description: "First day of the period (YYYY-MM-DD, the site's time zone)" }),
    to: z.string().openapi({ description: "Last day of the period: today" }),
    previousFrom: z.string(),
    previousTo: z.string(),
    timeZone: z.string(),
    series: z.array(
      z.object({
        day: z.string(),
        views: z.number().int().openapi({ description: "Distinct visitors of the business page that day" }),
        searchAppearances: z.number().int(),
        clicks: z.number().int().openapi({ description: "Call, Website, Directions, Share and Book together" }),
      }),
    ),
    totals: z.object(
      Object.fromEntries(["views", ...STAT_METRICS].map((k) => [k, StatTotalSchema])) as Record<
        "views" | (typeof STAT_METRICS)[number],
        typeof StatTotalSchema
      >,
    ),
  })
  .openapi("ListingStats");

export function registerStatsRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/events",
      summary: "Count a click on a business page's Call, Website, Directions, Share or Book (anonymous)",
      description:
        "Sent by the business page with fetch keepalive. Counted per listing and day, nothing about the visitor is kept; requests from bots are answered 204 and not counted.",
      request: {
        params: BusinessParam,
        body: { content: { "application/json": { schema: statEventSchema } }, required: true },
      },
      responses: {
        204: { description: "Counted (or, from a bot, ignored)" },
        400: err(`Bad kind: one of ${STAT_EVENT_KINDS.join(", ")}`),
        404: err("Unknown business, or not public"),
        429: err("Too many events from this address: see Retry-After"),
      },
    }),
    async (c) => {
      const { database, limits, config, clock } = c.var.services;
      await recordStatEvent(
        { db: database.db, limiter: limits.statEvents, timeZone: config.SITE_TIMEZONE },
        c.req.raw,
        c.var.clientIp,
        c.req.valid("param").id,
        c.req.valid("json"),
        clock.now(),
      );
      return c.body(null, 204);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/stats",
      summary: "One listing's stats (owner or admin): views, search appearances and clicks per day, with totals",
      request: {
        params: BusinessParam,
        query: z.object({
          days: z
            .string()
            .optional()
            .openapi({ description: `7, 30 or 90 (default ${DEFAULT_STAT_PERIOD})` }),
        }),
      },
      responses: {
        200: { description: "The stats", content: { "application/json": { schema: ListingStatsSchema } } },
        400: err("Bad days"),
        401: err("Not signed in"),
        404: err("No such listing of yours"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const parsed = z
        .enum(["7", "30", "90"], { error: "days must be 7, 30 or 90." })
        .optional()
        .safeParse(c.req.valid("query").days);
      if (!parsed.success) throw new AppError("bad_request", "days must be 7, 30 or 90.", zodFields(parsed.error));
      const days = (parsed.data ? Number(parsed.data) : DEFAULT_STAT_PERIOD) as StatPeriod;
      const { database, config, clock } = c.var.services;
      return c.json(
        await listingStats(database.db, user, c.req.valid("param").id, days, config.SITE_TIMEZONE, clock.now()),
        200,
      );
    },
  );
}

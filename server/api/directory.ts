import { LOCATION_PRECISIONS } from "~/lib/location-precision";
import { randomUUID } from "node:crypto";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getCookie, setCookie } from "hono/cookie";
import { streamSSE } from "hono/streaming";
import { sendBusinessMessage } from "~/features/directory/messages.server";
import { notifyOwner } from "~/features/notifications/notify.server";
import { countPageView, pageViewSchema, recordPageView } from "~/features/directory/page-views.server";
import { getApiUser } from "./guards";
import { noteSearchAppearances } from "~/features/stats/recording.server";
import { isBotRequest } from "~/lib/bots";
import { getPublishedBusiness } from "~/features/directory/queries.server";
import { messageSchema } from "~/features/directory/message-schema";
import { searchParamsSchema } from "~/features/directory/search-params";
import type { AppEnv } from "../http/env";
import { AppError, zodFields } from "~/lib/app-error";
import { LISTING_CATEGORIES, PLANS, PRICE_RANGES } from "~/lib/catalogue";
import { ALL_CATEGORIES } from "~/lib/category-tree";
import { SOCIAL_NETWORKS } from "~/lib/social-links";
import { ErrorSchema } from "./openapi-schemas";

/** Live-update streams one client address may hold open at once, per process. */
export const MAX_STREAMS_PER_ADDRESS = 20;

/** The public directory's API: search, business detail, messages, page views, live changes. */

const ImageSchema = z
  .object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() })
  .openapi("Image");

const OpenStatusSchema = z.object({ isOpen: z.boolean(), label: z.string() }).openapi("OpenStatus");

const cardShape = {
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  category: z.enum(LISTING_CATEGORIES).openapi({ description: "The group of the primary category" }),
  primaryCategory: z
    .string()
    .openapi({ description: "A slug of the category tree (GET /api/v1/categories)", example: "dentists" }),
  cuisine: z.string().nullable(),
  subcategory: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable().openapi({
    description: "Null for a business that serves customers at their location (see serviceArea and serviceRadiusKm)",
  }),
  serviceArea: z.array(z.string()).openapi({ description: "A service-area business's cities and postal codes" }),
  serviceRadiusKm: z
    .number()
    .nullable()
    .openapi({ description: "And/or the kilometres around its base it serves (the base is never given out)" }),
  city: z.string(),
  state: z.string().nullable().openapi({ description: "State, province or region; null where there is none" }),
  zip: z.string().nullable().openapi({ description: "Postal code; null in a country without them" }),
  country: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "US" }),
  priceRange: z.string().nullable(),
  features: z.array(z.string()),
  categories: z.array(z.string()).openapi({ description: "Additional categories: slugs of the category tree" }),
  rating: z.number().openapi({ description: "Mean of visible review ratings; 0 with none." }),
  reviewCount: z.number().int(),
  plan: z.enum(PLANS),
  ageGroups: z.array(z.string()).openapi({ description: "Entertainment: kids, teens, adults, family" }),
  openStatus: OpenStatusSchema,
  latitude: z.number().nullable().openapi({ description: "WGS 84; null when the listing has no position" }),
  longitude: z.number().nullable(),
};

const BusinessCardSchema = z
  .object({
    ...cardShape,
    image: ImageSchema.nullable(),
    distanceMiles: z.number().nullable().optional().openapi({
      description:
        "Miles from the searched position, whatever the site's unit (only when the search has lat/lng or near; null without a position)",
    }),
  })
  .openapi("BusinessCard");

const HoursSchema = z
  .object({
    day: z.number().int().min(0).max(6).openapi({ description: "0 = Sunday … 6 = Saturday" }),
    open: z.string().nullable().openapi({ example: "09:00" }),
    close: z.string().nullable().openapi({ example: "17:00", description: "Earlier than open: past midnight." }),
    isClosed: z.boolean(),
  })
  .openapi("Hours");

const BusinessDetailSchema = z
  .object({
    ...cardShape,
    categoryLinks: z
      .array(z.object({ slug: z.string(), name: z.string() }))
      .openapi({ description: "The primary and shown additional categories by name; each page is /categories/{slug}" }),
    neighborhood: z.string().nullable(),
    phone: z.string().nullable().openapi({ description: "E.164", example: "+12175550142" }),
    website: z.string().nullable(),
    email: z.string().nullable(),
    bookingUrl: z.string().nullable(),
    socialLinks: z
      .array(z.object({ network: z.enum(SOCIAL_NETWORKS), label: z.string(), mark: z.string(), url: z.string() }))
      .openapi({ description: "The business's social links (Featured and Premium plans; none on Basic)" }),
    timezone: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    locationPrecision: z.enum(LOCATION_PRECISIONS).nullable().openapi({
      description:
        "How exact latitude and longitude are: exact (a pin the owner set, or given coordinates), address (geocoded), postal (the postal code's centre) or city (the city's centre); null without a position",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
    images: z.array(ImageSchema),
    hours: z.array(HoursSchema),
    specialHours: z.array(
      z.object({
        date: z.string(),
        open: z.string().nullable(),
        close: z.string().nullable(),
        isClosed: z.boolean(),
        note: z.string().nullable().optional(),
      }),
    ),
    reviews: z.array(
      z.object({ id: z.uuid(), author: z.string(), content: z.string(), rating: z.number().int(), date: z.string() }),
    ),
    today: z.number().int(),
  })
  .openapi("BusinessDetail");

const SearchQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .openapi({ description: "Text: name, description, categories, cuisine, features; typo-tolerant." }),
  category: z.string().optional().openapi({ description: "restaurants, shopping, services or entertainment" }),
  kind: z
    .string()
    .optional()
    .openapi({ description: "Cuisine (restaurants) or kind (other categories), e.g. italian, plumbing" }),
  open: z.string().optional().openapi({ description: "1: open now, in each business's time zone" }),
  rating: z.string().optional().openapi({ description: "Minimum rating, 0–5" }),
  price: z.string().optional().openapi({ description: "Comma-separated: $,$$,$$$,$$$$" }),
  age: z.string().optional().openapi({ description: "Entertainment age group: kids, teens, adults or family" }),
  features: z
    .string()
    .optional()
    .openapi({ description: "Comma-separated features every result has, e.g. Takeout,Wi-Fi (at most 5)" }),
  sort: z.string().optional().openapi({
    description:
      "relevance (default: text relevance, Premium first among comparably relevant answers, then quality), rating, reviews, newest, distance (nearest first; needs lat/lng or near)",
  }),
  lat: z
    .string()
    .optional()
    .openapi({ description: "Near me: latitude of the position to measure from (with lng)", example: "39.7990" }),
  lng: z.string().optional().openapi({ description: "Near me: longitude (with lat)", example: "-89.6440" }),
  near: z.string().optional().openapi({
    description:
      'Or a place to measure from: a ZIP code, a city ("City, ST") or a neighborhood ("Downtown", "Downtown, City") that published listings have; a city wins over a neighborhood of the same name, and a neighborhood in several cities means the site\'s city\'s; or a place only service areas name. Service-area businesses (address null) are found where they serve: the place is one of their cities or postal codes, or within their radius. 400 when nothing is there',
    example: "62701",
  }),
  radius: z.string().optional().openapi({
    description:
      "Only listings within 1, 5, 10 or 25 miles — kilometres where the site's country (SITE_COUNTRY) uses them (needs lat/lng or near)",
  }),
  bbox: z.string().optional().openapi({
    description: "Only listings inside this box: west,south,east,north in degrees (the map's Search this area)",
    example: "-89.70,39.76,-89.60,39.83",
  }),
  anywhere: z.string().optional().openapi({
    description:
      "1: search everywhere, the site's city first. Without it (and without lat/lng, near or bbox) a search runs in the site's city (SITE_CITY)",
  }),
  page: z.string().optional().openapi({ description: "From 1 (at most 500); 20 per page" }),
  pageSize: z.string().optional().openapi({ description: "1–50 (default 20)" }),
  after: z.string().optional().openapi({
    description:
      "Keyset pagination: the previous page's nextCursor, to walk on past the numbered pages (sort rating, reviews or newest)",
  }),
});

const errorResponses = {
  400: {
    description: "Invalid input; `fields` names each bad field",
    content: { "application/json": { schema: ErrorSchema } },
  },
};

/** A validated business id path parameter: a UUID or a slug. */
const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(120)
    .openapi({ param: { name: "id", in: "path" }, description: "Business UUID or slug" }),
});

const CategorySchema = z
  .object({
    slug: z.string().openapi({ example: "dentists" }),
    name: z.string().openapi({ example: "Dentists" }),
    parent: z.string().nullable().openapi({ description: "Null for a top-level group", example: "health" }),
    group: z.enum(LISTING_CATEGORIES),
    synonyms: z.array(z.string()).openapi({ description: "Other names search reads as it", example: ["dentist"] }),
  })
  .openapi("Category");

export function registerDirectoryRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/categories",
      summary: "The category tree",
      description:
        "Every category (issue 34, docs/categories.md), a group before its categories: the slugs `category` takes in " +
        "GET /businesses and `primaryCategory` / `categories` take when writing a listing.",
      responses: {
        200: {
          description: "The tree, flat, in its order",
          content: { "application/json": { schema: z.object({ items: z.array(CategorySchema) }) } },
        },
      },
    }),
    (c) => {
      // The tree is the code's own data: the same until the next release.
      c.header("Cache-Control", "public, max-age=3600");
      return c.json(
        {
          items: ALL_CATEGORIES.map((n) => ({
            slug: n.slug,
            name: n.name,
            parent: n.parent,
            group: n.group,
            synonyms: [...n.synonyms],
          })),
        },
        200,
      );
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses",
      summary: "Search published businesses",
      request: { query: SearchQuerySchema },
      responses: {
        200: {
          description: "A page of results with the total count",
          content: {
            "application/json": {
              schema: z.object({
                origin: z
                  .object({
                    lat: z.number(),
                    lng: z.number(),
                    label: z.string().nullable(),
                    radius: z.number().nullable(),
                  })
                  .nullable()
                  .optional()
                  .openapi({ description: "Where distances are measured from (with lat/lng or near)" }),
                scope: z
                  .object({ city: z.string(), state: z.string(), anywhere: z.boolean() })
                  .optional()
                  .openapi({ description: "The site's city, when the search ran there or (anywhere) ranked it first" }),
                items: z.array(BusinessCardSchema),
                total: z.number().int().openapi({
                  description: "Exact when totalExact; otherwise a lower bound (the search stops counting at 1,000)",
                }),
                totalExact: z.boolean(),
                page: z.number().int(),
                pageSize: z.number().int(),
                pageCount: z.number().int().openapi({
                  description:
                    "The last page when totalExact; otherwise at least one past this page while there are more",
                }),
                nextCursor: z
                  .string()
                  .optional()
                  .openapi({ description: "Pass as `after` for the next page; absent on the last page" }),
                area: z
                  .object({ radius: z.number().nullable(), widened: z.boolean() })
                  .optional()
                  .openapi({
                    description:
                      "A place without a radius: the radius its answers were kept within (25 in the site's unit; " +
                      "null: everywhere), and whether nothing matched nearer so the search widened",
                  }),
                understood: z
                  .object({
                    typed: z.string(),
                    text: z.string().openapi({ description: "What was still searched as text" }),
                    category: z.string().optional().openapi({
                      description: "The category the text names: a slug of the category tree (a group or below one)",
                      example: "dentists",
                    }),
                    categoryName: z.string().optional().openapi({ example: "Dentists" }),
                    price: z.array(z.enum(PRICE_RANGES)).optional(),
                    open: z.boolean().optional(),
                    near: z.string().optional(),
                    nearMe: z.boolean().optional(),
                    quality: z.boolean().optional(),
                  })
                  .optional()
                  .openapi({
                    description:
                      'How `q` was read (docs/search.md, "Query understanding"): "chinese food near me" is the ' +
                      "chinese kind of restaurants in the search's place, with no text left",
                  }),
              }),
            },
          },
        },
        ...errorResponses,
        404: {
          description: "The page is past the last page of results",
          content: { "application/json": { schema: ErrorSchema } },
        },
      },
    }),
    async (c) => {
      const parsed = searchParamsSchema.safeParse(c.req.valid("query"));
      if (!parsed.success)
        throw new AppError("bad_request", "Some search parameters are invalid.", zodFields(parsed.error));
      // Public and anonymous: the search engine, on the read replica when there is one; appearances go to the primary.
      const result = await c.var.services.search.search(parsed.data, c.var.services.clock.now());
      if (result.unknownPlace)
        throw new AppError("bad_request", "Some search parameters are invalid.", {
          near: "No listing has that ZIP code, city or neighborhood.",
        });
      // Page 1 is always an answer (an empty one when nothing matches); a page past the last one is not.
      if (result.page > result.pageCount)
        throw new AppError("not_found", `Page ${result.page} is past the last page of results (${result.pageCount}).`);
      // One search appearance per listed business (listing stats), not awaited: the answer doesn't wait for it.
      void noteSearchAppearances(
        { ...c.var.services, db: c.var.services.database.db, appearanceLog: c.var.appearanceLog },
        c.req.raw,
        result.items.map((b) => b.id),
      );
      return c.json(result, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}",
      summary: "One published business with hours, photos and visible reviews",
      request: { params: IdParam },
      responses: {
        200: { description: "The business", content: { "application/json": { schema: BusinessDetailSchema } } },
        404: { description: "Unknown or not published", content: { "application/json": { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      // Published listings only, the same for everyone: the read replica may answer.
      const business = await getPublishedBusiness(c.var.services.readDb, c.req.valid("param").id, {
        now: c.var.services.clock.now(),
      });
      if (!business) throw new AppError("not_found", "Business not found.");
      const { ownerId: _ownerId, status: _status, statusReason: _statusReason, ...rest } = business;
      return c.json(rest, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/businesses/{id}/messages",
      summary: "Send a message to a business's owner",
      request: {
        params: IdParam,
        body: { content: { "application/json": { schema: messageSchema } }, required: true },
      },
      responses: {
        201: { description: "Stored", content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } } },
        ...errorResponses,
        404: { description: "Unknown business", content: { "application/json": { schema: ErrorSchema } } },
        429: { description: "Too many messages", content: { "application/json": { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const { database, mailer, config, logger, limits } = c.var.services;
      const result = await sendBusinessMessage(
        database.db,
        c.req.valid("param").id,
        c.req.valid("json"),
        { ip: c.var.clientIp },
        limits.messages,
        (tx, id) => notifyOwner({ db: tx, mailer, config, logger }, { kind: "message", id }),
      );
      if (result.ok) return c.json({ ok: true as const }, 201);
      if (result.status === 400) throw new AppError("bad_request", "Some fields are invalid.", result.fields);
      if (result.status === 404) throw new AppError("not_found", "Business not found.");
      c.header("Retry-After", String(result.retryAfter));
      throw new AppError(
        "too_many_requests",
        `Too many messages. Try again in ${Math.ceil(result.retryAfter / 60)} minutes.`,
      );
    },
  );

  api.openapi(
    createRoute({
      method: "post",
      path: "/page-views",
      summary: "Record a page view (first-party analytics)",
      request: { body: { content: { "application/json": { schema: pageViewSchema } }, required: true } },
      responses: {
        204: { description: "Recorded (past a rate limit per address, answered alike but not counted)" },
        ...errorResponses,
      },
    }),
    async (c) => {
      // Over the limit, or from a bot, the view simply doesn't count: the page doesn't care, and a script learns nothing.
      const counts = !isBotRequest(c.req.raw) && (await countPageView(c.var.services.limits.pageViews, c.var.clientIp));
      // An anonymous visitor id: random, first-party, not linked to an account.
      let visitorId = getCookie(c, "near_vid");
      if (!visitorId || !/^[0-9a-f-]{36}$/.test(visitorId)) {
        visitorId = randomUUID();
        setCookie(c, "near_vid", visitorId, {
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure: c.var.services.config.publicUrl.startsWith("https://"),
          maxAge: 60 * 60 * 24 * 365,
        });
      }
      if (counts) await recordPageView(c.var.services.database.db, c.req.valid("json"), visitorId);
      return c.body(null, 204);
    },
  );

  // Live updates (Server-Sent Events). Not in the OpenAPI document's JSON
  // routes: text/event-stream with `event: business` and data {op,id,status}.
  // Anonymous (and non-admin) clients hear only of published listings —
  // {op:"insert"|"update",id,status:"published"} — and {op:"removed",id}
  // when one stops being public; a signed-in admin gets every change.
  // Open streams per client address in this process: each holds a socket and a subscription, so one address can't
  // hold hundreds (security review 37). A page keeps one; 20 covers a household's or an office's tabs behind one NAT.
  const openStreams = new Map<string, number>();
  api.get("/changes", async (c) => {
    const viewer = await getApiUser(c);
    const everything = viewer?.isAdmin === true;
    const address = c.var.clientIp;
    const open = openStreams.get(address) ?? 0;
    if (open >= MAX_STREAMS_PER_ADDRESS)
      throw new AppError("too_many_requests", "Too many live-update connections from your address.", undefined, {
        retryAfter: 60,
      });
    openStreams.set(address, open + 1);
    const release = () => {
      const left = (openStreams.get(address) ?? 1) - 1;
      if (left > 0) openStreams.set(address, left);
      else openStreams.delete(address);
    };
    return streamSSE(c, async (stream) => {
      c.header("Cache-Control", "no-cache, no-transform");
      const { changes } = c.var.services;
      let done: () => void = () => {};
      const finished = new Promise<void>((resolve) => (done = resolve));
      const unsubscribe = changes.subscribe(
        (change, visible) => {
          const sent = everything ? change : visible;
          if (sent) void stream.writeSSE({ event: "business", data: JSON.stringify(sent) });
        },
        () => done(),
      );
      stream.onAbort(() => done());
      await stream.writeSSE({ event: "ready", data: "{}", retry: 2000 });
      const heartbeat = setInterval(() => void stream.write(": keep-alive\n\n"), 25_000);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        release();
      }
    });
  });
}

import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { removeFavorite, saveFavorite } from "~/features/favorites/mutations.server";
import { listFavorites } from "~/features/favorites/queries.server";
import {
  businessRefSchema,
  FAVORITE_MESSAGES,
  FAVORITES_MAX_PAGE_SIZE,
  favoriteListSchema,
} from "~/features/favorites/schema";
import { LISTING_CATEGORIES } from "~/lib/catalogue";
import { validationError } from "~/lib/app-error";
import type { AppEnv } from "../http/env";
import { requireApiUser } from "./guards";
import { errorResponse } from "./openapi-schemas";

/**
 * Favorites API: the signed-in user's saved businesses (their own only: the
 * user comes from the session, never from the request), save and remove.
 */

const err = errorResponse;
const auth401 = { 401: err("Not signed in") };

const FavoriteSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    category: z.enum(LISTING_CATEGORIES),
    rating: z.number().openapi({ description: "Mean of visible review ratings; 0 with none." }),
    reviewCount: z.number().int(),
    image: z
      .object({ src: z.string(), srcSet: z.string(), width: z.number(), height: z.number(), alt: z.string() })
      .nullable()
      .openapi({ description: "The cover photo, or null" }),
    openStatus: z
      .object({ isOpen: z.boolean(), label: z.string() })
      .openapi({ description: "Open now, in the business's own time zone" }),
    savedAt: z.string().openapi({ description: "When it was saved (ISO 8601)" }),
  })
  .openapi("Favorite");

const FavoritePageSchema = z
  .object({
    items: z.array(FavoriteSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  })
  .openapi("FavoritePage");

const FavoriteStateSchema = z
  .object({ businessId: z.uuid(), saved: z.literal(true), created: z.boolean() })
  .openapi("FavoriteState");

const BusinessParam = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    description: "Business UUID or slug; anything else is a 400, an unknown or non-public business a 404",
  }),
});

/** The path id, checked after the session (signed out is a 401 whatever the id): a 400 naming `id`. */
function businessId(raw: string) {
  const parsed = businessRefSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, FAVORITE_MESSAGES.businessId);
  return parsed.data;
}

export function registerFavoriteRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/me/favorites",
      summary: "Your saved businesses, newest first",
      request: {
        query: z.object({
          page: z.string().optional().openapi({ description: "From 1" }),
          pageSize: z
            .string()
            .optional()
            .openapi({ description: `1 to ${FAVORITES_MAX_PAGE_SIZE}; 12 unless given` }),
        }),
      },
      responses: {
        200: { description: "A page of favorites", content: { "application/json": { schema: FavoritePageSchema } } },
        400: err("Bad parameters"),
        ...auth401,
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      // The raw query, strictly: an unknown parameter (a userId, say) is refused, never ignored.
      const params = favoriteListSchema.safeParse(c.req.query());
      if (!params.success) throw validationError(params.error, "Some parameters are invalid.");
      return c.json(
        await listFavorites(c.var.services.database.db, user.id, params.data, c.var.services.clock.now()),
        200,
      );
    },
  );

  api.openapi(
    createRoute({
      method: "put",
      path: "/businesses/{id}/favorite",
      summary: "Save a business to your favorites (saving again changes nothing)",
      request: { params: BusinessParam },
      responses: {
        200: { description: "Saved", content: { "application/json": { schema: FavoriteStateSchema } } },
        400: err("Not a business id"),
        ...auth401,
        404: err("Unknown business, or not public"),
        429: err("Too many changes: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const id = businessId(c.req.param("id"));
      return c.json(await saveFavorite(c.var.services.database.db, user.id, id, c.var.services.limits.favorites), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/favorite",
      summary: "Remove a business from your favorites (removing what isn't saved changes nothing)",
      request: { params: BusinessParam },
      responses: {
        204: { description: "Not (or no longer) saved" },
        400: err("Not a business id"),
        ...auth401,
        429: err("Too many changes: see Retry-After"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const id = businessId(c.req.param("id"));
      await removeFavorite(c.var.services.database.db, user.id, id, c.var.services.limits.favorites);
      return c.body(null, 204);
    },
  );
}

import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { geocodeAddress, geocodeInputSchema } from "~/features/maps/geocode.server";
import { AppError, zodFields } from "~/lib/app-error";
import type { AppEnv } from "../http/env";
import { requireApiUser } from "./guards";
import { errorResponse } from "./openapi-schemas";

const GeocodeResultSchema = z
  .object({
    result: z
      .object({
        lat: z.number(),
        lng: z.number(),
        label: z.string().openapi({ description: "The geocoder's name for the place" }),
      })
      .nullable()
      .openapi({ description: "null: the address was not found" }),
  })
  .openapi("GeocodeResult");

/** "Find on map" (docs/maps.md): the listing form's address lookup, done by the server against GEOCODER_URL. */
export function registerMapRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "post",
      path: "/geocode",
      summary: "Look up an address's coordinates",
      description:
        "For signed-in users filling in a listing: the first match of a Nominatim-compatible geocoder (GEOCODER_URL), called by the server. 20 look-ups per user per 10 minutes.",
      request: {
        body: {
          content: {
            "application/json": {
              schema: z.object({ q: z.string().openapi({ example: "200 S 6th St, Springfield, IL" }) }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: {
          description: "The first match, or null",
          content: { "application/json": { schema: GeocodeResultSchema } },
        },
        400: errorResponse("No address, or too long"),
        401: errorResponse("Not signed in"),
        404: errorResponse("No geocoder is configured"),
        429: errorResponse("Too many look-ups; Retry-After says when to try again"),
        503: errorResponse("The geocoder failed"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { config, limits } = c.var.services;
      if (!config.GEOCODER_URL) throw new AppError("not_found", "No geocoder is configured (GEOCODER_URL).");
      const parsed = geocodeInputSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) throw new AppError("bad_request", "Type an address first.", zodFields(parsed.error));
      const wait = await limits.geocode.hit(user.id);
      if (wait > 0)
        throw new AppError(
          "too_many_requests",
          `Too many look-ups. Try again in ${Math.ceil(wait / 60)} minutes.`,
          undefined,
          {
            retryAfter: wait,
          },
        );
      const result = await geocodeAddress(
        { geocoderUrl: config.GEOCODER_URL, userAgent: `${config.SITE_NAME} directory (${config.publicUrl})` },
        parsed.data.q,
      );
      return c.json({ result }, 200);
    },
  );
}

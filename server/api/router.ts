import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env";
import { registerDirectoryRoutes } from "./directory";
import { registerReviewRoutes } from "./reviews";
import { AppError, validationError } from "~/lib/app-error";
import { errorResponse } from "./errors";
import { registerListingRoutes } from "./listings";
import { registerFavoriteRoutes } from "./favorites";
import { registerInboxRoutes } from "./inbox";
import { registerClaimRoutes } from "./claims";
import { registerStatsRoutes } from "./stats";
import { registerMapRoutes } from "./maps";
import { registerSuggestRoutes } from "./suggest";
import { registerOfferRoutes } from "./offers";
import { registerShowcaseRoutes } from "./showcase";
import { registerMenuRoutes } from "./menus";
import { registerReviewPhotoRoutes } from "./review-photos";
import { stripeWebhook } from "../http/stripe-webhook";

/**
 * /api/v1: JSON in, JSON out, zod-validated, described at /api/v1/openapi.json.
 * Feature modules register their routes with `api.openapi(route, handler)`.
 */
export function createApiRouter() {
  const api = new OpenAPIHono<AppEnv>({
    // A zod failure becomes our 400 shape naming each field.
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, validationError(result.error));
    },
  });

  api.get("/", (c) =>
    c.json({ name: "Near API", version: "v1", openapi: new URL("/api/v1/openapi.json", c.req.url).pathname }),
  );

  registerDirectoryRoutes(api);
  registerListingRoutes(api);
  registerReviewRoutes(api);
  registerFavoriteRoutes(api);
  registerInboxRoutes(api);
  registerClaimRoutes(api);
  registerStatsRoutes(api);
  registerMapRoutes(api);
  registerSuggestRoutes(api);
  registerOfferRoutes(api);
  registerShowcaseRoutes(api);
  registerMenuRoutes(api);
  registerReviewPhotoRoutes(api);
  // Stripe's events (signed by Stripe, no session): /api/v1/stripe/webhook.
  api.post("/stripe/webhook", stripeWebhook);

  api.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Near API",
      version: "1.0.0",
      description: `The JSON API of ${c.var.services.config.SITE_NAME}. Errors share one shape: {"error":{"code","message","fields"}}.`,
    },
    servers: [{ url: "/api/v1" }],
  }));

  api.notFound((c) => errorResponse(c, new AppError("not_found", `No API route for ${c.req.method} ${c.req.path}.`)));
  return api;
}

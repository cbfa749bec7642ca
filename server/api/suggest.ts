import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { suggestQuerySchema } from "~/features/directory/suggest.server";
import { AppError, zodFields } from "~/lib/app-error";
import { LIMITS } from "~/lib/catalogue";
import type { AppEnv } from "../http/env";
import { errorResponse } from "./openapi-schemas";

const SuggestionSchema = z
  .object({
    type: z.enum(["business", "category", "cuisine", "kind"]),
    label: z.string().openapi({ example: "Slice of Heaven Pizza" }),
    detail: z.string().openapi({ example: "Pizza · Springfield" }),
    url: z.string().openapi({
      description:
        "What choosing it opens: the business page, /business/{slug}, or /search filtered by category and kind",
      example: "/search?category=restaurants&kind=pizza",
    }),
  })
  .openapi("Suggestion");

/** Answers may be reused for a minute: the same letters typed again (or by someone else) cost nothing. */
const CACHE_CONTROL = "public, max-age=60";

/** Search autocomplete (docs/search.md): public, read-only. */
export function registerSuggestRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/suggest",
      summary: "Suggestions for a search box as the visitor types",
      description:
        "Up to 8: categories, cuisines and kinds from the catalogue, then published businesses whose name has a word beginning with the text (from 2 characters), best rated first, then names the text is a typo of. Empty text: an empty list.",
      request: {
        query: z.object({
          q: z
            .string()
            .optional()
            .openapi({ description: `The text typed so far (at most ${LIMITS.search} characters)`, example: "piz" }),
        }),
      },
      responses: {
        200: {
          description: "The suggestions, best first",
          content: {
            "application/json": {
              schema: z
                .object({
                  query: z.string().openapi({ description: "The text as matched: trimmed, lower case" }),
                  suggestions: z.array(SuggestionSchema),
                })
                .openapi("Suggestions"),
            },
          },
        },
        400: errorResponse("Text too long, or with control characters"),
      },
    }),
    async (c) => {
      const parsed = suggestQuerySchema.safeParse(c.req.valid("query"));
      if (!parsed.success) throw new AppError("bad_request", "The search text is invalid.", zodFields(parsed.error));
      const result = await c.var.services.search.suggest(parsed.data.q);
      c.header("Cache-Control", CACHE_CONTROL);
      return c.json(result, 200);
    },
  );
}

import { z } from "zod";
import { AGE_GROUPS, LIMITS } from "~/lib/catalogue";
import { isCategorySlug } from "~/lib/category-tree";
import { safeText } from "~/lib/text";
import { RADII, type Radius } from "./distance";
import { PAGE_SIZE, PRICES, SEARCH_CATEGORIES, SEARCH_SORTS, type BBox, type SiteCity } from "./search-query";

/**
 * The search filters, as they live in the URL (?q=&category=&kind=&open=1&rating=&price=&age=&features=&sort=&bbox=&page=)
 * and in GET /api/v1/businesses. One schema for the pages and the API (on the server; the search page's client code
 * loads it only when it must parse a URL itself, see search.tsx's clientLoader); the constants are in search-query.ts.
 */
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const CATEGORY_ERROR = `Category must be a category's slug, such as ${SEARCH_CATEGORIES.slice(0, 4).join(", ")} or dentists (GET /api/v1/categories lists them).`;

const BBOX_ERROR = "Bbox must be west,south,east,north in degrees (west < east, south < north).";

/** "west,south,east,north" → four numbers inside the world, west < east and south < north (no antimeridian crossing). */
export const bboxSchema = z
  .string({ error: BBOX_ERROR })
  .max(100, BBOX_ERROR)
  .transform((v, ctx) => {
    const parts = v.split(",").map((p) => (p.trim() === "" ? NaN : Number(p)));
    const [west, south, east, north] = parts;
    if (
      parts.length !== 4 ||
      parts.some((n) => !Number.isFinite(n)) ||
      west! < -180 ||
      east! > 180 ||
      south! < -90 ||
      north! > 90 ||
      west! >= east! ||
      south! >= north!
    ) {
      ctx.addIssue({ code: "custom", message: BBOX_ERROR });
      return z.NEVER;
    }
    return [west!, south!, east!, north!] as BBox;
  });

export const searchParamsSchema = z
  .object({
    q: z.preprocess(
      emptyToUndefined,
      safeText().trim().max(200, "Search text must be at most 200 characters.").optional(),
    ),
    /**
     * A category of the tree (issue 34): a group ("restaurants", "health": its listings' primary group) or any
     * category under one ("dentists", "sushi": listings with it or a category under it, primary or additional).
     */
    category: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: CATEGORY_ERROR })
        .trim()
        .toLowerCase()
        .max(60, CATEGORY_ERROR)
        .refine(isCategorySlug, CATEGORY_ERROR)
        .optional(),
    ),
    /** Restaurants: the cuisine; other categories: the subcategory (kind). */
    kind: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .toLowerCase()
        .max(40)
        .regex(/^[a-z-]+$/, "Kind must be a single word.")
        .optional(),
    ),
    open: z.preprocess(
      emptyToUndefined,
      z
        .enum(["1", "0", "true", "false"], { error: "Open must be 1 or 0." })
        .transform((v) => v === "1" || v === "true")
        .optional(),
    ),
    rating: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Rating must be a number from 0 to 5." })
        .min(0, "Rating must be a number from 0 to 5.")
        .max(5, "Rating must be a number from 0 to 5.")
        .optional(),
    ),
    price: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((p) => p.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.enum(PRICES, { error: "Price must be $, $$, $$$ or $$$$ (comma-separated)." })).max(4))
        .optional(),
    ),
    /** Entertainment: who it suits (kids, teens, adults, family). */
    age: z.preprocess(
      emptyToUndefined,
      z.enum(AGE_GROUPS, { error: "Age must be kids, teens, adults or family." }).optional(),
    ),
    /** Features every result has (comma-separated tags, as listed on the business). */
    features: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(",")
            .map((f) => f.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(safeText().max(LIMITS.tag, `Each feature must be at most ${LIMITS.tag} characters.`))
            .max(5, "Choose at most 5 features."),
        )
        .optional(),
    ),
    sort: z.preprocess(
      emptyToUndefined,
      z.enum(SEARCH_SORTS, { error: "Sort must be relevance, rating, reviews, newest or distance." }).optional(),
    ),
    /** "Near me" (docs/maps.md): the visitor's position from the browser, in degrees (WGS 84). */
    lat: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Lat must be a latitude from -90 to 90." })
        .min(-90, "Lat must be a latitude from -90 to 90.")
        .max(90, "Lat must be a latitude from -90 to 90.")
        .optional(),
    ),
    lng: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Lng must be a longitude from -180 to 180." })
        .min(-180, "Lng must be a longitude from -180 to 180.")
        .max(180, "Lng must be a longitude from -180 to 180.")
        .optional(),
    ),
    /** Or a typed place: a ZIP code or a city, found among the listings' own addresses. */
    near: z.preprocess(emptyToUndefined, safeText().trim().max(100, "Near must be at most 100 characters.").optional()),
    /** Only listings within this many miles (kilometres where SITE_COUNTRY uses them) of the position. */
    radius: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Radius must be 1, 5, 10 or 25 (miles, or kilometres where the site uses them)." })
        .refine(
          (n): n is Radius => (RADII as readonly number[]).includes(n),
          "Radius must be 1, 5, 10 or 25 (miles, or kilometres where the site uses them).",
        )
        .optional(),
    ),
    /** "Search anywhere": not only in the site's city (a search is located there by default, docs/search.md). */
    anywhere: z.preprocess(
      emptyToUndefined,
      z
        .enum(["1", "0", "true", "false"], { error: "Anywhere must be 1 or 0." })
        .transform((v) => v === "1" || v === "true")
        .optional(),
    ),
    /** Keyset pagination (API): the `nextCursor` of the previous page, for walking past the numbered pages. */
    after: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .max(200, "After must be a cursor from nextCursor.")
        .regex(/^[A-Za-z0-9_-]+$/, "After must be a cursor from nextCursor.")
        .optional(),
    ),
    /** The map's "Search this area": west,south,east,north in degrees (WGS 84). */
    bbox: z.preprocess(emptyToUndefined, bboxSchema.optional()),
    page: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "Page must be a whole number from 1." })
        .int("Page must be a whole number from 1.")
        .min(1, "Page must be a whole number from 1.")
        .max(500, "Page must be at most 500.")
        .default(1),
    ),
    pageSize: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(50, "Page size must be at most 50.").default(PAGE_SIZE),
    ),
  })
  .superRefine((v, ctx) => {
    // A position is both numbers; distances need one (a position or a place). Each issue names a field that was sent.
    if ((v.lat === undefined) !== (v.lng === undefined))
      ctx.addIssue({
        code: "custom",
        path: [v.lat === undefined ? "lng" : "lat"],
        message: "Lat and lng go together.",
      });
    const located = (v.lat !== undefined && v.lng !== undefined) || !!v.near;
    if (!located && v.radius)
      ctx.addIssue({ code: "custom", path: ["radius"], message: "Radius needs a position (lat and lng) or near." });
    if (!located && v.sort === "distance")
      ctx.addIssue({
        code: "custom",
        path: ["sort"],
        message: "Sort by distance needs a position (lat and lng) or near.",
      });
  });

export type SearchParams = z.output<typeof searchParamsSchema> & {
  /**
   * The site's city (SITE_CITY, SITE_STATE), set by the pages and the API: a search with no place
   * of its own (no position, typed place or map area) and without `anywhere` is located there;
   * an "anywhere" search ranks that city's listings first. Unset: no default place.
   */
  site?: SiteCity;
};

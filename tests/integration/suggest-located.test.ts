import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/.server/db/client";
import type { Suggestion, SuggestResponse } from "~/features/directory/suggest";
import { suggest } from "~/features/directory/suggest.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

// Located autocomplete (issue 19, docs/search.md): the engine's suggestions are the site's city's
// businesses (SITE_CITY, SITE_STATE: Springfield, IL by default), the catalogue is the same everywhere;
// `suggest` without a site is the whole directory's.

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let ids: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestServices();
  app = createApp({ services: ctx.services });
  const db = ctx.database.db;
  const home = await createBusiness(db, { name: "Lakeshore Lanterns Springfield", cuisine: "chinese" });
  // The site's city, written otherwise: the same place.
  const shouting = await createBusiness(db, { name: "Lakeshore Lanterns Uptown", city: "SPRINGFIELD", state: "il" });
  const away = await createBusiness(db, { name: "Lakeshore Lanterns Shelbyville", city: "Shelbyville", state: "IL" });
  // A city of the same name in another state is another place.
  const namesake = await createBusiness(db, { name: "Lakeshore Lanterns Missouri", city: "Springfield", state: "MO" });
  const zephyr = await createBusiness(db, {
    name: "Zephyr Quartzworks",
    category: "services",
    subcategory: "plumbing",
    city: "Shelbyville",
    state: "IL",
  });
  await createBusiness(db, {
    name: "Plumb Line Plumbing",
    category: "services",
    subcategory: "plumbing",
    city: "Shelbyville",
    state: "IL",
  });
  // Slugs: a suggestion opens the business page by its slug (issue 40, defect 10).
  ids = { home: home.slug, shouting: shouting.slug, away: away.slug, namesake: namesake.slug, zephyr: zephyr.slug };
});
afterAll(async () => {
  await ctx.cleanup();
});

async function suggestHere(q: string) {
  const res = await app.request(`/api/v1/suggest?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SuggestResponse;
}
const urls = (s: Suggestion[]) => s.filter((x) => x.type === "business").map((x) => x.url);

describe("located autocomplete", () => {
  it("suggests the site's city's businesses only (GET /api/v1/suggest)", async () => {
    const found = urls((await suggestHere("lakeshore lan")).suggestions);
    expect(found.sort()).toEqual([`/business/${ids.home}`, `/business/${ids.shouting}`].sort());
    expect(found).not.toContain(`/business/${ids.away}`);
    expect(found).not.toContain(`/business/${ids.namesake}`);
    expect((await suggestHere("zephyr")).suggestions).toEqual([]);
  });

  it("suggests every city's businesses when no site is given", async () => {
    const found = (await suggest(ctx.database.db, "lakeshore lan")).suggestions;
    expect(urls(found).sort()).toEqual(
      [ids.home, ids.shouting, ids.away, ids.namesake].map((id) => `/business/${id}`).sort(),
    );
    expect(found).toContainEqual({
      type: "business",
      label: "Lakeshore Lanterns Shelbyville",
      detail: "Restaurants · Shelbyville",
      url: `/business/${ids.away}`,
    });
    // The site passed as the engine passes it: the same as the API.
    const located = await suggest(ctx.database.db, "lakeshore lan", { site: { city: "Springfield", state: "IL" } });
    expect(urls(located.suggestions).sort()).toEqual([`/business/${ids.home}`, `/business/${ids.shouting}`].sort());
  });

  it("locates the typo-corrected names too", async () => {
    // "zephir" is corrected to "zephyr" (the dictionary is the whole directory's), then matched in the city.
    expect(urls((await suggestHere("zephir quartz")).suggestions)).toEqual([]);
    expect(urls((await suggest(ctx.database.db, "zephir quartz")).suggestions)).toEqual([`/business/${ids.zephyr}`]);
  });

  it("still suggests the whole catalogue", async () => {
    // No plumber in Springfield, IL: the kind is suggested all the same, the Shelbyville plumber is not.
    // It leads to the category's page in the search's place (issue 34); without a place, to the page as it is.
    const plumbing = { type: "kind", label: "Plumbing", url: "/categories/plumbing" };
    expect((await suggestHere("plumb")).suggestions).toEqual([{ ...plumbing, detail: "Services in Springfield" }]);
    const everywhere = (await suggest(ctx.database.db, "plumb")).suggestions;
    expect(everywhere[0]).toEqual({ ...plumbing, detail: "Services" });
    expect(everywhere.map((s) => s.label)).toContain("Plumb Line Plumbing");
  });

  it("walks the city's names on an index (migration 0031)", async () => {
    const rows = await queryRows<{ indexname: string }>(
      ctx.database.db,
      sql`select indexname from pg_indexes where tablename = 'businesses' and indexname = 'businesses_city_suggest_idx'`,
    );
    expect(rows).toHaveLength(1);
  });
});

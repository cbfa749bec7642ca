import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/.server/db/client";
import { categoryNode, categoryTrail, resolveCategory } from "~/lib/category-tree";
import { DEMO_BUSINESSES } from "../../server/seed/demo-businesses";
import { createTestDatabase, type TestDatabase } from "../support/db";

/**
 * Migration 0040 (issue 34, ADR 019) on listings of the shape before it: the spec's category and kind, free-text
 * labels. Every row gets a primary category of the tree, auto repair moves to Automotive, labels that name a category
 * become additional categories and the rest features — nothing lost. Run on a copy of the demo city as it was
 * (its labels), and on the edge cases, on both databases.
 */

let db: TestDatabase;
type Row = {
  slug: string;
  category: string;
  primary_category: string;
  cuisine: string | null;
  subcategory: string | null;
  categories: string[];
  features: string[];
};

const LEGACY = [
  // slug, category, cuisine, subcategory, labels, features
  ["bella", "restaurants", "italian", null, ["Italian", "Wine Bar", "Date Night"], ["Takeout"]],
  ["garage", "services", null, "auto", ["Auto Repair", "Tires", "tires"], []],
  ["nest", "shopping", null, "home", ["Furniture"], []],
  ["misc", "shopping", null, "other", [], []],
  ["diner", "restaurants", "other", null, ["Diners", "Pancakes", "Restaurants"], ["pancakes"]],
  ["cafe", "restaurants", "cafe", null, ["Coffee & Tea"], []],
  ["escape", "entertainment", null, "escape", [], []],
] as const;

beforeAll(async () => {
  db = await createTestDatabase();
  // The database as it was before 0040 for these rows: no primary category yet.
  await db.db.execute(sql`alter table businesses alter column primary_category drop not null`);
  const rows = [
    ...LEGACY,
    ...DEMO_BUSINESSES.map(
      (spec, i) =>
        [
          `demo-${i}`,
          spec.category,
          spec.cuisine ?? null,
          spec.subcategory ?? null,
          spec.labels,
          spec.features,
        ] as const,
    ).filter(([, category]) => ["restaurants", "shopping", "services", "entertainment"].includes(category)),
  ];
  for (const [slug, category, cuisine, subcategory, labels, features] of rows) {
    await db.db.execute(sql`
      insert into businesses (slug, name, category, cuisine, subcategory, categories, features, address, city,
        state, zip, timezone, status)
      values (${slug}, ${slug}, ${category}, ${cuisine}, ${subcategory}, ${sql.raw(arrayLiteral(labels))},
        ${sql.raw(arrayLiteral(features))}, '1 Main St', 'Springfield', 'IL', '62701', 'America/Chicago', 'published')`);
  }
  // Then 0040, statement by statement, as the migrator runs it.
  const file = fs.readFileSync("drizzle/0040_category_tree.sql", "utf8");
  for (const statement of file.split("--> statement-breakpoint")) {
    if (statement.trim()) await db.db.execute(sql.raw(statement));
  }
}, 60_000);
afterAll(async () => {
  await db?.destroy();
});

function arrayLiteral(items: readonly string[]) {
  return `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

const rows = () =>
  queryRows<Row>(
    db.db,
    sql`select slug, category, primary_category, cuisine, subcategory, categories, features from businesses order by slug`,
  );

describe("migration 0040", () => {
  it("gives every listing a primary category of its group, and the facets it derives", async () => {
    const all = await rows();
    const bySlug = new Map(all.map((r) => [r.slug, r]));
    expect(bySlug.get("bella")).toMatchObject({
      primary_category: "italian",
      cuisine: "italian",
      category: "restaurants",
    });
    expect(bySlug.get("garage")).toMatchObject({
      primary_category: "auto-repair",
      category: "automotive",
      subcategory: "auto-repair",
    });
    expect(bySlug.get("nest")).toMatchObject({ primary_category: "home-decor", subcategory: "home" });
    expect(bySlug.get("misc")).toMatchObject({ primary_category: "shopping", subcategory: null });
    expect(bySlug.get("diner")).toMatchObject({ primary_category: "restaurants", cuisine: null });
    expect(bySlug.get("cafe")).toMatchObject({ primary_category: "cafes", cuisine: "cafe" });
    expect(bySlug.get("escape")).toMatchObject({ primary_category: "escape-rooms", subcategory: "escape" });
    for (const r of all) expect(categoryNode(r.primary_category)?.group, r.slug).toBe(r.category);
  });

  it("turns labels that name a category into additional categories, and keeps the rest as features", async () => {
    const bySlug = new Map((await rows()).map((r) => [r.slug, r]));
    const bella = bySlug.get("bella")!;
    expect(bella.categories).toEqual(["wine-bars"]);
    expect(bella.features).toEqual(["Takeout", "Date Night"]);
    // Once each; the group itself is no additional category; a label already a feature is not added twice.
    expect(bySlug.get("garage")!.categories).toEqual(["tires"]);
    expect(bySlug.get("nest")!.categories).toEqual(["furniture-stores"]);
    expect(bySlug.get("diner")).toMatchObject({ categories: ["american", "breakfast-brunch"], features: ["pancakes"] });
    expect(bySlug.get("cafe")!.categories).toEqual([]);
  });

  it("loses no label of the demo city as it was", async () => {
    const all = await rows();
    for (const [i, spec] of DEMO_BUSINESSES.entries()) {
      const row = all.find((r) => r.slug === `demo-${i}`);
      if (!row) continue;
      for (const label of spec.labels) {
        const slug = resolveCategory(label);
        const kept = slug
          ? row.categories.includes(slug) || categoryTrail(row.primary_category).some((n) => n.slug === slug)
          : row.features.includes(label);
        expect(kept, `${spec.name}: ${label}`).toBe(true);
      }
    }
  });

  it("leaves no helper behind, and the column required again", async () => {
    const leftovers = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from pg_proc where proname like 'near_category_%_0040'`,
    );
    expect(leftovers[0]!.n).toBe(0);
    await expect(
      db.db.execute(sql`update businesses set primary_category = null where slug = 'bella'`),
    ).rejects.toThrow();
  });
});

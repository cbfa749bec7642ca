import { businesses, businessHours, businessSpecialHours, reviews } from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import { categoryForKind } from "~/lib/category-tree";

type NewBusiness = typeof businesses.$inferInsert;
type Hours = { day: number; open: string | null; close: string | null; isClosed?: boolean }[];

let counter = 0;

/** Every day 09:00–17:00 unless told otherwise. */
export const ALWAYS_9_TO_5: Hours = Array.from({ length: 7 }, (_, day) => ({ day, open: "09:00", close: "17:00" }));
export const OPEN_24_7: Hours = Array.from({ length: 7 }, (_, day) => ({ day, open: "00:00", close: "00:00" }));
export const NEVER_OPEN: Hours = Array.from({ length: 7 }, (_, day) => ({
  day,
  open: null,
  close: null,
  isClosed: true,
}));

/** Inserts a published business (with hours) for a test; fields default to something plausible. */
export async function createBusiness(
  db: Database,
  overrides: Partial<NewBusiness> & {
    hours?: Hours;
    special?: { date: string; isClosed: boolean; open?: string; close?: string }[];
  } = {},
) {
  counter += 1;
  const { hours = ALWAYS_9_TO_5, special = [], ...fields } = overrides;
  const name = fields.name ?? `Test Business ${counter}`;
  // The primary category the group and kind name, as a listing saved through the API gets (category-tree.ts).
  const category = fields.category ?? "restaurants";
  const primaryCategory = fields.primaryCategory ?? categoryForKind(category, fields.cuisine ?? fields.subcategory);
  const [row] = await db
    .insert(businesses)
    .values({
      slug: `${name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")}-${counter}`,
      category: "restaurants",
      address: `${counter} Main St`,
      city: "Springfield",
      state: "IL",
      zip: "62701",
      timezone: "America/Chicago",
      status: "published",
      ...fields,
      primaryCategory,
      name,
    })
    .returning();
  if (!row) throw new Error("insert failed");
  if (hours.length) {
    await db.insert(businessHours).values(
      hours.map((h) => ({
        businessId: row.id,
        day: h.day,
        openTime: h.open,
        closeTime: h.close,
        isClosed: h.isClosed ?? (!h.open && !h.close),
      })),
    );
  }
  if (special.length) {
    await db.insert(businessSpecialHours).values(
      special.map((s) => ({
        businessId: row.id,
        date: s.date,
        isClosed: s.isClosed,
        openTime: s.open ?? null,
        closeTime: s.close ?? null,
      })),
    );
  }
  return row;
}

/** Adds visible reviews and sets rating/review_count to their mean and count, as the app does. */
export async function addReviews(db: Database, businessId: string, ratings: number[]) {
  if (!ratings.length) return;
  await db.insert(reviews).values(
    ratings.map((rating, i) => ({
      businessId,
      author: `Reviewer ${i + 1}`,
      content: "Great place, would visit again.",
      rating,
    })),
  );
  const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
  const { eq } = await import("drizzle-orm");
  await db.update(businesses).set({ rating: mean, reviewCount: ratings.length }).where(eq(businesses.id, businessId));
}

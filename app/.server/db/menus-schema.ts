import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const MENU_KINDS = ["pdf", "image"] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/**
 * Menu attachments on a listing (issue 36, migration 0044): a PDF or an image with a title, in order. The business
 * is a plain uuid column (the foreign key, ON DELETE CASCADE, is in the migration), so this file needs nothing from
 * schema.ts, which re-exports it. `storageKey`/`widths` are the preview's variants in the media pipeline (a PDF's
 * first page); `fileName` the PDF itself in media storage.
 */
export const businessMenus = pgTable(
  "business_menus",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessId: uuid("business_id").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: MENU_KINDS }).notNull(),
    storageKey: text("storage_key").notNull(),
    widths: integer("widths").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    fileName: text("file_name"),
    fileBytes: integer("file_bytes").notNull(),
    pageCount: integer("page_count"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("business_menus_business_position_idx").on(t.businessId, t.position),
    check("business_menus_kind_check", sql`kind in ('pdf', 'image')`),
    check("business_menus_title_check", sql`char_length(title) <= 80`),
  ],
);

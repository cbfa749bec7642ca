import type { OpenStatus } from "~/features/directory/hours";
import type { ImageSource } from "~/features/directory/types";
import type { ListingCategory } from "~/lib/catalogue";

/** A saved business as its owner's dashboard and the API show it. */
export interface FavoriteItem {
  id: string;
  slug: string;
  name: string;
  category: ListingCategory;
  rating: number;
  reviewCount: number;
  /** The cover photo, or null (the card draws the category's placeholder). */
  image: ImageSource | null;
  openStatus: OpenStatus;
  /** When it was saved (ISO 8601). */
  savedAt: string;
}

export interface FavoritePage {
  items: FavoriteItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** What the business page's action answers a Save or Remove form. */
export type FavoriteActionResult = { ok: true; saved: boolean } | { ok: false; error: string };

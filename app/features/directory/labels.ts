import { countLabel } from "~/lib/plural";
import type { CategorySlug } from "./types";

/** Display names for the fixed categories and the kinds/cuisines stored as lowercase words. */
export const CATEGORY_LABELS: Record<CategorySlug, string> = {
  restaurants: "Restaurants",
  shopping: "Shopping",
  services: "Services",
  entertainment: "Entertainment",
};

/** "italian" → "Italian", "home-decor" → "Home decor". */
export function kindLabel(kind: string | null | undefined): string {
  if (!kind) return "";
  const words = kind.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function reviewCountLabel(count: number) {
  return countLabel(count, "review");
}

/** A stable date for review lists ("March 4, 2026"), the same on server and client. */
export function formatReviewDate(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** "2026-12-25" → "Friday, December 25" (a calendar date, no time zone shift). */
export function formatCalendarDate(isoDate: string) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}

import type { StatMetric, StatPeriod } from "~/lib/listing-stats";

/** What is shown per metric: this period, the one before, and the change in percent (null when before was 0). */
export interface StatTotal {
  current: number;
  previous: number;
  /** Whole percent, rounded; null when the previous period had none ("new" if this one has some). */
  change: number | null;
}

export type StatKey = "views" | StatMetric;

export interface StatDay {
  /** YYYY-MM-DD, the site's calendar day. */
  day: string;
  /** Distinct visitors who opened the business page that day (bots excluded). */
  views: number;
  searchAppearances: number;
  /** Call, Website, Directions, Share and Book together. */
  clicks: number;
}

export interface ListingStats {
  business: { id: string; slug: string; name: string; status: string };
  days: StatPeriod;
  /** First and last day of the period (the last is today), and of the previous period. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  timeZone: string;
  series: StatDay[];
  totals: Record<StatKey, StatTotal>;
}

/**
 * Listing stats (issue #16): what is counted per listing and day, and the periods the owner can look at.
 * Shared by the database enum (listing_stat_days.metric), the beacon's schema and the stats page.
 */

import { dateTimeFormat } from "./intl";

/** The counters kept per listing and day (page views are counted from page_views instead). */
export const STAT_METRICS = ["search_appearance", "call", "website", "directions", "share", "book"] as const;
export type StatMetric = (typeof STAT_METRICS)[number];

/** What the business page's buttons report (POST /api/v1/businesses/{id}/events): every counter but appearances. */
export const STAT_EVENT_KINDS = ["call", "website", "directions", "share", "book"] as const;
export type StatEventKind = (typeof STAT_EVENT_KINDS)[number];

/** The periods of /portal/stats/:id and GET /api/v1/businesses/{id}/stats, in days; 30 by default. */
export const STAT_PERIODS = [7, 30, 90] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
export const DEFAULT_STAT_PERIOD: StatPeriod = 30;

/** A period from a query string value: 7, 30 or 90; anything else falls back to 30. */
export function statPeriod(value: string | null | undefined): StatPeriod {
  const n = Number(value);
  return (STAT_PERIODS as readonly number[]).includes(n) ? (n as StatPeriod) : DEFAULT_STAT_PERIOD;
}

export const STAT_LABELS: Record<StatMetric | "views", string> = {
  views: "Page views",
  search_appearance: "Search appearances",
  call: "Calls",
  website: "Website clicks",
  directions: "Directions",
  share: "Shares",
  book: "Bookings",
};

/** A calendar day (YYYY-MM-DD) in a time zone: stats days are the site's days (SITE_TIMEZONE). */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  const parts = dateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** The day `n` days after `day` (negative: before), both YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Dates and time zones, formatted the same on the server and in the browser
 * (fixed locale, UTC), so hydration never sees a different string.
 */

import { dateTimeFormat } from "./intl";

// Built once: constructing a formatter costs far more than formatting (a business page formats every review's date).
const reviewDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A stable date for review lists ("March 4, 2026"). */
export function formatReviewDate(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return reviewDate.format(date);
}

/**
 * "2026-12-25" → "Friday, December 25" (a calendar date, no time zone shift). Given today's date, a date in
 * another year says its year ("Thursday, November 25, 2027"): without it, next year's date reads as a past one.
 */
export function formatCalendarDate(isoDate: string, todayIso?: string) {
  const date = new Date(`${isoDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  const withYear = !todayIso || isoDate.slice(0, 4) !== todayIso.slice(0, 4);
  return dateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(date);
}

/**
 * Zones already found valid. Building an Intl.DateTimeFormat costs far more
 * than the rest of a listing's validation (a bulk import checks one zone per
 * row, nearly always the same few); the zones are finite, the cap a guard.
 */
const knownZones = new Set<string>();

/** Whether the runtime knows this IANA time zone ("America/Chicago"). */
export function isValidTimeZone(tz: string) {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < 2000) knownZones.add(tz);
  return true;
}

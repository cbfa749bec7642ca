/**
 * Event times: people type a local date and time (in the site's time zone,
 * SITE_TIMEZONE); the database keeps the instant. Isomorphic, no library.
 */

import { dateTimeFormat, wallClock } from "~/lib/intl";

/** The zone's offset from UTC in minutes at an instant (e.g. -300 for Chicago in summer). */
function offsetMinutes(instant: number, timeZone: string) {
  const { year, month, day, hour, minute, second } = wallClock(timeZone, instant);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return Math.round((asUtc - instant) / 60_000);
}

/** "2026-12-05" + "19:30" in America/Chicago → the instant. */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y!, m! - 1, d!, hh!, mm!);
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  // Once more, in case the first guess sat across a daylight-saving change.
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
}

/** The instant as the zone's calendar date "YYYY-MM-DD". */
export function instantToZonedDate(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The instant as the zone's "HH:MM". */
export function instantToZonedTime(instant: Date, timeZone: string): string {
  return dateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/** "Saturday, December 5" / "Dec" / "5" / "7:30 PM – 10:00 PM", in the zone. */
export function eventDateParts(startsAt: string, endsAt: string, timeZone: string) {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const time = dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  const sameDay = instantToZonedDate(start, timeZone) === instantToZonedDate(end, timeZone);
  const shortDay = dateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" });
  return {
    month: dateTimeFormat("en-US", { timeZone, month: "short" }).format(start),
    day: dateTimeFormat("en-US", { timeZone, day: "numeric" }).format(start),
    long: dateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric" }).format(start),
    weekday: dateTimeFormat("en-US", { timeZone, weekday: "long" }).format(start),
    hours: sameDay
      ? `${time.format(start)} – ${time.format(end)}`
      : `${time.format(start)} – ${shortDay.format(end)}, ${time.format(end)}`,
  };
}

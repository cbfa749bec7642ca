/**
 * Opening hours: is a business open at an instant, and when does it next
 * open? Computed on the wall clock of the business's own time zone, so DST
 * changes need no special case; close <= open means the day runs past
 * midnight (and open == close means 24 hours). A special date (holiday
 * closure or other hours) replaces that date's weekly hours.
 * The SQL twin is near_is_open() in drizzle/0002_directory.sql.
 */

import { wallClock } from "~/lib/intl";

export interface WeeklyHours {
  /** 0 = Sunday … 6 = Saturday */
  day: number;
  open: string | null;
  close: string | null;
  isClosed: boolean;
}

export interface SpecialHours {
  /** YYYY-MM-DD, local to the business */
  date: string;
  open: string | null;
  close: string | null;
  isClosed: boolean;
  note?: string | null;
}

export interface OpenStatus {
  isOpen: boolean;
  /** "Open now" / "Open now · closes 10:00 PM" / "Closed · opens Tuesday 9:00 AM" / "Closed" */
  label: string;
}

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM" → minutes after midnight; "24:00" (end of day) is 1440. */
export function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const text = value.slice(0, 5);
  if (text === "24:00") return 24 * 60;
  const m = TIME_RE.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** "17:30" → "5:30 PM" */
export function formatTime(value: string | null | undefined): string {
  const minutes = parseTime(value);
  if (minutes === null) return "";
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** The spec's "open - close" or "Closed" for one day. */
export function formatDayHours(hours: Pick<WeeklyHours, "open" | "close" | "isClosed"> | undefined): string {
  if (!hours || hours.isClosed || !hours.open || !hours.close) return "Closed";
  const open = parseTime(hours.open);
  const close = parseTime(hours.close);
  if (open !== null && close !== null && (close - open) % (24 * 60) === 0) return "Open 24 hours";
  return `${formatTime(hours.open)} - ${formatTime(hours.close)}`;
}

interface LocalNow {
  /** Days since 1970-01-01 of the local calendar date. */
  dayNumber: number;
  weekday: number;
  minutes: number;
}

/** The wall clock in a time zone at an instant. */
export function localNow(timeZone: string, at: Date): LocalNow {
  const { year, month, day, hour, minute } = wallClock(timeZone, at);
  const dayNumber = Math.floor(Date.UTC(year, month - 1, day) / 86_400_000);
  return {
    dayNumber,
    weekday: (dayNumber + 4) % 7, // 1970-01-01 was a Thursday
    minutes: hour * 60 + minute,
  };
}

function isoDate(dayNumber: number) {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

interface Interval {
  start: number;
  end: number;
  /** The day the interval starts on, for labels. */
  dayNumber: number;
  open: string;
  close: string;
}

/** The open interval (in local minutes since 1970-01-01) that starts on a date, if any. */
function intervalFor(dayNumber: number, weekly: WeeklyHours[], special: SpecialHours[]): Interval | null {
  const date = isoDate(dayNumber);
  const override = special.find((s) => s.date === date);
  const weekday = (dayNumber + 4) % 7;
  const schedule = override ?? weekly.find((h) => h.day === weekday);
  if (!schedule || schedule.isClosed) return null;
  const open = parseTime(schedule.open);
  let close = parseTime(schedule.close);
  if (open === null || close === null) return null;
  if (close <= open) close += 24 * 60;
  const base = dayNumber * 24 * 60;
  return { start: base + open, end: base + close, dayNumber, open: schedule.open!, close: schedule.close! };
}

export function openStatus(
  input: { timezone: string; hours: WeeklyHours[]; specialHours?: SpecialHours[] },
  at: Date = new Date(),
): OpenStatus {
  const special = input.specialHours ?? [];
  const now = localNow(input.timezone, at);
  const nowMinute = now.dayNumber * 24 * 60 + now.minutes;

  for (const back of [1, 0]) {
    const interval = intervalFor(now.dayNumber - back, input.hours, special);
    if (interval && interval.start <= nowMinute && nowMinute < interval.end) {
      // A 24-hour day that chains into the next one reads as just "Open now".
      const label =
        interval.end - interval.start >= 24 * 60 ? "Open now" : `Open now · closes ${formatTime(interval.close)}`;
      return { isOpen: true, label };
    }
  }
  for (let ahead = 0; ahead <= 7; ahead++) {
    const interval = intervalFor(now.dayNumber + ahead, input.hours, special);
    if (interval && interval.start > nowMinute) {
      const day = ahead === 0 ? "today" : ahead === 1 ? "tomorrow" : DAY_NAMES[(now.weekday + ahead) % 7];
      return { isOpen: false, label: `Closed · opens ${day} ${formatTime(interval.open)}` };
    }
  }
  return { isOpen: false, label: "Closed" };
}

/** Today's weekday (0–6) in a time zone, to highlight it in the hours table. */
export function localWeekday(timeZone: string, at: Date = new Date()) {
  return localNow(timeZone, at).weekday;
}

/**
 * Weekly hours as people write them, and as the CSV / JSON lines export
 * writes them: `Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed`.
 * A closing time at or before the opening time runs past midnight
 * (`Fri-Sat 18:00-02:00`); `00:00-24:00` (or `24h`) is open all day. Days not
 * named are unknown (no row), as in the listing form.
 */

export const DAY_ABBREVIATIONS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** What the listings' day schema accepts (app/features/listings/schema.ts, dayHoursSchema). */
export interface DayHoursInput {
  day: number;
  isClosed?: boolean;
  allDay?: boolean;
  open?: string | null;
  close?: string | null;
  overnight?: boolean;
}

/** A stored day (business_hours). */
export interface StoredDay {
  day: number;
  open: string | null;
  close: string | null;
  isClosed: boolean;
}

const DAY_NAMES: Record<string, number> = {};
DAY_ABBREVIATIONS.forEach((d, i) => {
  const full = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][i]!;
  DAY_NAMES[d.toLowerCase()] = i;
  DAY_NAMES[full] = i;
  DAY_NAMES[full.slice(0, 2)] = i; // OSM style: Mo, Tu…
});

export class HoursTextError extends Error {}

function dayOf(word: string): number {
  const day = DAY_NAMES[word.trim().toLowerCase()];
  if (day === undefined) throw new HoursTextError(`unknown day "${word.trim()}"`);
  return day;
}

/** "Mon-Fri" → [1..5]; "Sat-Mon" wraps → [6, 0, 1]; "Mon,Wed" → [1, 3]. */
function daysOf(spec: string): number[] {
  const days: number[] = [];
  for (const part of spec.split(",")) {
    const [from, to] = part.split("-");
    if (!from?.trim()) throw new HoursTextError(`no day in "${spec}"`);
    const start = dayOf(from);
    if (to === undefined) {
      days.push(start);
      continue;
    }
    const end = dayOf(to);
    for (let d = start; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === end) break;
    }
  }
  return days;
}

function pad(time: string): string {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(time.trim());
  if (!m) throw new HoursTextError(`bad time "${time.trim()}" (use 24-hour times such as 09:00)`);
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0))
    throw new HoursTextError(`bad time "${time.trim()}" (use 24-hour times such as 09:00)`);
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** One day's hours from a time range such as "09:00-17:00", "closed" or "24h". */
export function rangeHours(day: number, range: string): DayHoursInput {
  const text = range.trim().toLowerCase();
  if (text === "closed" || text === "off") return { day, isClosed: true };
  if (text === "24h" || text === "open 24 hours" || text === "00:00-24:00") return { day, allDay: true };
  const [open, close, extra] = text.split("-");
  if (open === undefined || close === undefined || extra !== undefined)
    throw new HoursTextError(`bad time range "${range.trim()}" (write 09:00-17:00)`);
  const o = pad(open);
  const c = pad(close);
  if (o === "24:00") throw new HoursTextError(`bad opening time "${open.trim()}"`);
  if (o === "00:00" && (c === "24:00" || c === "00:00")) return { day, allDay: true };
  const overnight = c !== "24:00" && c <= o;
  return { day, open: o, close: c, overnight };
}

/** Parses `Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed`; throws HoursTextError with the reason. */
export function parseHoursText(text: string): DayHoursInput[] {
  const byDay = new Map<number, DayHoursInput>();
  for (const clause of text.split(/[;\n]/)) {
    const trimmed = clause.trim();
    if (!trimmed) continue;
    const m = /^([A-Za-z]+(?:\s*[-,]\s*[A-Za-z]+)*)\s*:?\s+(.+)$/.exec(trimmed);
    if (!m) throw new HoursTextError(`cannot read "${trimmed}" (write Mon-Fri 09:00-17:00)`);
    const days = daysOf(m[1]!.replace(/\s+/g, ""));
    for (const day of days) {
      if (byDay.has(day)) throw new HoursTextError(`${DAY_ABBREVIATIONS[day]} appears twice`);
      byDay.set(day, rangeHours(day, m[2]!));
    }
  }
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

function rangeText(h: StoredDay): string {
  if (h.isClosed || h.open === null || h.close === null) return "closed";
  if (h.open === "00:00" && (h.close === "24:00" || h.close === "00:00")) return "00:00-24:00";
  return `${h.open}-${h.close}`;
}

/**
 * The stored days as text, Monday first, runs of consecutive days with the
 * same hours joined (`Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed`).
 */
export function formatHoursText(days: readonly StoredDay[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const ranges = new Map(days.map((d) => [d.day, rangeText(d)]));
  const clauses: string[] = [];
  let i = 0;
  while (i < order.length) {
    const range = ranges.get(order[i]!);
    if (range === undefined) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < order.length && ranges.get(order[j + 1]!) === range) j++;
    const from = DAY_ABBREVIATIONS[order[i]!];
    const to = DAY_ABBREVIATIONS[order[j]!];
    clauses.push(`${i === j ? from : `${from}-${to}`} ${range}`);
    i = j + 1;
  }
  return clauses.join("; ");
}

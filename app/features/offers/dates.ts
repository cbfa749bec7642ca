// No zod here: the business page and /deals import it, and pages without forms stay free of it.

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (it round-trips: no 2026-02-30), years 2000–2100. */
export function isCalendarDate(v: string) {
  if (!DATE_RE.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) return false;
  return date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100;
}

/** The calendar day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Dec 5" (or "Dec 5, 2027" in another year than `today`'s), for a YYYY-MM-DD day (no Intl: see app/lib/plural.ts). */
export function shortDay(day: string, today: string) {
  const [year, month, date] = day.split("-");
  const label = `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
  return year === today.slice(0, 4) ? label : `${label}, ${year}`;
}

/** What a visitor reads about an offer's dates: "Ends today", "Ends Dec 5", "Dec 5 – Dec 9". */
export function offerDatesLabel(offer: { startsOn: string; endsOn: string }, today: string) {
  if (offer.startsOn > today) return `${shortDay(offer.startsOn, today)} – ${shortDay(offer.endsOn, today)}`;
  if (offer.endsOn === today) return "Ends today";
  return `Ends ${shortDay(offer.endsOn, today)}`;
}

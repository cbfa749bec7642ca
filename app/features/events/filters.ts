import { EVENT_CATEGORIES, EVENT_CATEGORY_OPTIONS, SPEC_EVENT_CITIES, type Option } from "~/lib/catalogue";
import { slugify } from "~/lib/slug";

// No zod here: the event lists and links import this, and pages without forms stay free of it (perf-budget.json).

/** The filters of /events, as they live in the URL: ?city=&category=&from=&to=&show= */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const EVENTS_STEP = 8;
export const EVENTS_MAX_SHOWN = 200;

/**
 * The years an event's dates (and the list's filters) may name. A date far out broke the time-zone arithmetic
 * (9999-12-31: "Invalid time value", a 500); new events are held to five years ahead as well (submitEvent).
 */
export const EVENT_YEARS = { min: 2000, max: 2100 } as const;

/** A real calendar date written YYYY-MM-DD (it round-trips: no 2026-02-30) in EVENT_YEARS. */
export function validDate(v: string) {
  if (!DATE_RE.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== v) return false;
  return date.getUTCFullYear() >= EVENT_YEARS.min && date.getUTCFullYear() <= EVENT_YEARS.max;
}

export interface EventFilters {
  city: string;
  category: string;
  /** YYYY-MM-DD or "" */
  from: string;
  to: string;
  /** How many events are shown ("Load More" adds EVENTS_STEP). */
  show: number;
}

/** Lenient: a bad value in a link falls back to "all" (a date to none) rather than an error page. */
export function parseEventFilters(params: URLSearchParams): EventFilters {
  const pick = (v: string | null) => (v && /^[a-z0-9-]{1,60}$/.test(v) ? v : "all");
  const category = pick(params.get("category"));
  // The spec's single Date field (?date=) reads as "from that day".
  const from = params.get("from") ?? params.get("date") ?? "";
  const to = params.get("to") ?? "";
  const show = Number.parseInt(params.get("show") ?? "", 10);
  return {
    city: pick(params.get("city")),
    category: (EVENT_CATEGORIES as readonly string[]).includes(category) ? category : "all",
    from: validDate(from) ? from : "",
    to: validDate(to) ? to : "",
    show: Number.isFinite(show) ? Math.min(EVENTS_MAX_SHOWN, Math.max(EVENTS_STEP, show)) : EVENTS_STEP,
  };
}

export function eventFiltersQuery(f: Partial<EventFilters>) {
  const out = new URLSearchParams();
  if (f.city && f.city !== "all") out.set("city", f.city);
  if (f.category && f.category !== "all") out.set("category", f.category);
  if (f.from) out.set("from", f.from);
  if (f.to) out.set("to", f.to);
  if (f.show && f.show > EVENTS_STEP) out.set("show", String(f.show));
  const s = out.toString();
  return s ? `?${s}` : "";
}

export const citySlug = (city: string) => slugify(city);

/** The city filter: All Cities, the spec's three, then every other city an event is in. */
export function cityOptions(present: readonly { slug: string; name: string }[]): Option[] {
  const options: Option[] = [{ value: "all", label: "All Cities" }, ...SPEC_EVENT_CITIES];
  for (const c of present) if (!options.some((o) => o.value === c.slug)) options.push({ value: c.slug, label: c.name });
  return options;
}

export const CATEGORY_FILTER_OPTIONS: Option[] = [{ value: "all", label: "All Categories" }, ...EVENT_CATEGORY_OPTIONS];

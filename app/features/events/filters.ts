import { EVENT_CATEGORIES, EVENT_CATEGORY_OPTIONS, SPEC_EVENT_CITIES, type Option } from "~/lib/catalogue";
import { slugify } from "~/lib/slug";

// No zod here: the event lists and links import this, and pages without forms stay free of it (perf-budget.json).

/** The filters of /events, as they live in the URL: ?city=&category=&from=&to=&show= */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const EVENTS_STEP = 8;
export const EVENTS_MAX_SHOWN = 200;

/** A real calendar date written YYYY-MM-DD. */
export const validDate = (v: string) => DATE_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export interface EventFilters {
  city: string;
  category: string;
  /** YYYY-MM-DD or "" */
  from: string;
  to: string;
  /** How many events are shown ("Load More" adds EVENTS_STEP). */
  show: number;
}

/** Lenient: a bad value in a link falls back to "all" rather than an error page. */
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

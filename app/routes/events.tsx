import { EventsView } from "~/features/events/components/events-view";
import { EVENT_CATEGORIES, EVENT_CITIES, upcomingEvents } from "~/features/events/sample-events";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Events", "Festivals, concerts, markets and meetups happening near you.");

const pick = (options: readonly { value: string }[], value: string | null) =>
  value && options.some((o) => o.value === value) ? value : "all";

// Filters run over the sample events for now; a later issue swaps in real ones.
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const date = params.get("date") ?? "";
  const filters = {
    city: pick(EVENT_CITIES, params.get("city")),
    category: pick(EVENT_CATEGORIES, params.get("category")),
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : "",
  };
  const events = upcomingEvents().filter(
    (e) =>
      (filters.city === "all" || e.city === filters.city) &&
      (filters.category === "all" || e.category === filters.category) &&
      (!filters.date || e.date >= filters.date),
  );
  return { events, filters };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <EventsView events={loaderData.events} filters={loaderData.filters} />;
}

import { EventsView } from "~/features/events/components/events-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events";
import { loadEvents, rsvpAction } from "./events.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Events", "Festivals, concerts, markets and meetups happening near you.");

export function loader(args: Route.LoaderArgs) {
  return loadEvents(args);
}

export function action(args: Route.ActionArgs) {
  return rsvpAction(args);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { items, ...rest } = loaderData;
  return <EventsView events={items} {...rest} />;
}

import { NotificationUnsubscribePage } from "~/features/notifications/components/unsubscribe-page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/notifications-unsubscribe";
import { loadUnsubscribe, unsubscribeAction } from "./notifications-unsubscribe.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Email settings", undefined, { noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  return loadUnsubscribe(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return unsubscribeAction(request, context);
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <NotificationUnsubscribePage view={loaderData} answer={actionData} />;
}

import { TokenPage } from "~/features/content/components/newsletter-page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-confirm";
import { loadTokenPage, tokenAction } from "./newsletter.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Confirm subscription");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadTokenPage(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return tokenAction(request, context, "confirm");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <TokenPage kind="confirm" {...loaderData} answer={actionData} />;
}

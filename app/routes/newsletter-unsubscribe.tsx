import { TokenPage } from "~/features/content/components/newsletter-page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/newsletter-unsubscribe";
import { loadTokenPage, tokenAction } from "./newsletter.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Unsubscribe");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadTokenPage(request, context, "unsubscribe");
}

/** The page's button, and mail programs' one-click POST to the List-Unsubscribe link (RFC 8058). */
export function action({ request, context }: Route.ActionArgs) {
  return tokenAction(request, context, "unsubscribe");
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <TokenPage kind="unsubscribe" {...loaderData} answer={actionData} />;
}

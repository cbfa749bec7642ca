import { data } from "react-router";
import type { Route } from "./+types/test-slow";

/** A deliberately slow page when TEST_HOOKS=true: the shutdown test keeps requests in flight with it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.config.TEST_HOOKS) throw data(null, { status: 404 });
  const ms = Math.min(Number(new URL(request.url).searchParams.get("ms")) || 500, 5000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { ms };
}

export default function TestSlow({ loaderData }: Route.ComponentProps) {
  return <p>Waited {loaderData.ms} ms</p>;
}

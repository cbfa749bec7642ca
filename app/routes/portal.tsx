import type { Route } from "./+types/portal";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Dashboard");

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Dashboard</h1>
    </div>
  );
}

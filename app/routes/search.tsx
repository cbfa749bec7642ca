import type { Route } from "./+types/search";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Search");

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Find Local Businesses</h1>
    </div>
  );
}

import type { Route } from "./+types/admin";
import { requireAdmin } from "~/.server/auth/guards";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Admin");

/**
 * The spec's admin check, on the server: signed out → /auth (and back here
 * after signing in); signed in but not in the admins table → / with the
 * destructive "Access Denied" notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin({ request, context });
  return { admin: { name: user.name, email: user.email } };
}

export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Business Listings Management</h1>
    </div>
  );
}

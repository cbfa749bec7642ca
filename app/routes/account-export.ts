import { requireUser } from "~/features/auth/guards.server";
import { exportAccountData } from "~/features/auth/account-data.server";
import type { Route } from "./+types/account-export";

/** GET /account/export: everything we hold about the signed-in account, as a JSON download (privacy policy, "Your rights"). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const data = await exportAccountData(context.db, user.id);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="near-account-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

import { requireAdmin } from "~/features/auth/guards.server";
import { confirmedSubscribersCsv } from "~/features/content/newsletter.server";
import type { Route } from "./+types/admin-newsletter-export";

/** GET /admin/newsletter/export: the confirmed subscribers as a CSV file (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const csv = await confirmedSubscribersCsv(context.db);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

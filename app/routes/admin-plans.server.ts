import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/guards.server";
import { decidePlanRequest, listPlanRequests } from "~/features/billing/plan-requests.server";
import { AppError } from "~/lib/app-error";
import { PLAN_LABELS } from "~/lib/catalogue";
import { safeText } from "~/lib/text";
import type { Route } from "./+types/admin-plans";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /admin/plans: owners' upgrade requests (filed when Stripe isn't configured). */
export async function loadAdminPlans({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const items = await listPlanRequests(context.db, admin);
  return { items, open: items.filter((i) => i.status === "open").length };
}

const decision = z.object({
  requestId: z.string().min(1),
  intent: z.enum(["grant", "refuse"]),
  reason: safeText().trim().max(500, "Keep the reason under 500 characters.").optional(),
});

export async function adminPlansAction({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const parsed = decision.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data({ ok: false, message: parsed.error.issues[0]?.message ?? "Unknown action." }, { status: 400 });
  try {
    const { requestId, intent, reason } = parsed.data;
    const done = await decidePlanRequest(context.db, admin, requestId, { action: intent, reason });
    return {
      ok: true,
      message:
        done.status === "granted"
          ? `Granted: the listing is now on the ${PLAN_LABELS[done.plan]} plan.`
          : "Refused: the listing keeps its plan.",
    };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

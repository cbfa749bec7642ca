import type { Route } from "./+types/admin";
import { data } from "react-router";
import { AppError, zodFields } from "~/lib/app-error";
import { requireAdmin } from "~/features/auth/guards.server";
import { listingDeps } from "~/features/listings/deps.server";
import { deleteBusiness, moderateBusiness } from "~/features/listings/mutations.server";
import { listManagedBusinesses } from "~/features/listings/queries.server";
import { adminListParamsSchema, moderationSchema } from "~/features/listings/schema";

// Only what these functions read, so tests can call them with a bare request and context.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

export type AdminActionResult =
  | { ok: true; intent: "delete"; id: string; name: string }
  | { ok: true; intent: "moderate"; id: string; name: string; status: string }
  | { ok: false; message: string; fields: Record<string, string> };

/**
 * The spec's admin check, on the server: signed out → /auth (and back here
 * after signing in); signed in but not in the admins table → / with the
 * destructive "Access Denied" notice. Then one page of listings.
 */
export async function loadAdmin({ request, context }: Args) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const params = adminListParamsSchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  const result = await listManagedBusinesses(context.db, params);
  return { admin: { name: user.name, email: user.email }, params, result };
}

/** Delete and moderation from the list (the same mutations as the API). */
export async function adminAction({ request, context }: Args) {
  const user = await requireAdmin({ request, context });
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "").slice(0, 200);
  const deps = listingDeps(context);
  try {
    switch (form.get("intent")) {
      case "delete":
        await deleteBusiness(deps, user, id);
        return { ok: true, intent: "delete", id, name } satisfies AdminActionResult;
      case "moderate": {
        const parsed = moderationSchema.safeParse({
          action: form.get("action"),
          reason: form.get("reason") ?? undefined,
        });
        if (!parsed.success) {
          const fields = zodFields(parsed.error);
          const message = Object.values(fields)[0] ?? "Some fields are invalid.";
          return data<AdminActionResult>({ ok: false, message, fields }, { status: 400 });
        }
        const moderated = await moderateBusiness(deps, user, id, parsed.data);
        return { ok: true, intent: "moderate", id, name, status: moderated.status } satisfies AdminActionResult;
      }
      default:
        return data<AdminActionResult>({ ok: false, message: "Unknown action.", fields: {} }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof AppError) {
      return data<AdminActionResult>(
        { ok: false, message: error.message, fields: error.fields ?? {} },
        { status: error.status },
      );
    }
    context.logger.error("Admin action failed", { requestId: context.requestId, error });
    return data<AdminActionResult>(
      { ok: false, message: "Something went wrong on our side. Please try again.", fields: {} },
      { status: 500 },
    );
  }
}

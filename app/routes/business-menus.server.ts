import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireBusinessOwner } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { canCreateListing } from "~/features/listings/mutations.server";
import { getManagedBusiness } from "~/features/listings/queries.server";
import { menuAllowanceMessage, menuAllowanceSummary } from "~/features/menus/allowance";
import { menuDeps } from "~/features/menus/deps.server";
import { addMenu, deleteMenu, listManagedMenus, moveMenu, updateMenu } from "~/features/menus/mutations.server";
import { menuFormSchema } from "~/features/menus/schema";
import { AppError } from "~/lib/app-error";
import { fieldErrorLists, replyWithError, type FormResult } from "~/lib/form-reply";
import type { Route } from "./+types/business-menus";

// Only what these functions read, so tests can call them with a bare request, context and params.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

export type MenuActionData = { ok: boolean; intent: string; message: string; result?: FormResult };

/** The listing's owner (a business account) or an admin; anyone else is sent away (as the edit page). */
async function requireManager(args: Args) {
  const id = args.params.id ?? "";
  const user = await requireBusinessOwner(args, id);
  if (!canCreateListing(user)) throw redirectWithNotice(args.request, "/", "accessDenied");
  return { user, id };
}

/** /business/edit/:id/menus: the listing's menus in order, which the plan shows, and what is left. */
export async function loadBusinessMenus(args: Args) {
  const { user, id } = await requireManager(args);
  const business = await getManagedBusiness(args.context.db, id);
  if (!business) throw new Response("Business Not Found", { status: 404 });
  const { plan, limit, menus } = await listManagedMenus(args.context, user, id);
  const full = !user.isAdmin && menus.length >= limit;
  return {
    business: { id: business.id, slug: business.slug, name: business.name, status: business.status, plan },
    menus,
    summary: menuAllowanceSummary(plan, Math.min(menus.length, limit)),
    refusal: full ? menuAllowanceMessage(plan, menus.length + 1) : null,
    isAdmin: user.isAdmin,
  };
}

/** Add (multipart: a title and a file), rename, move up or down, or remove a menu; the API's mutations. */
export async function businessMenusAction(args: Args) {
  const { user, id } = await requireManager(args);
  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    return data<MenuActionData>({ ok: false, intent: "add", message: "The form could not be read." }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: menuFormSchema });
  const intent = String(form.get("intent") ?? "add");
  if (submission.status !== "success")
    return data<MenuActionData>(
      { ok: false, intent, message: "Check the menu's fields.", result: submission.reply() },
      { status: 400 },
    );
  const deps = menuDeps(args.context);
  const value = submission.value;
  try {
    switch (value.intent) {
      case "add": {
        const file = value.file;
        await addMenu(deps, user, id, {
          title: value.title,
          filename: file.name,
          body: Buffer.from(await file.arrayBuffer()),
        });
        return data<MenuActionData>({
          ok: true,
          intent,
          message: `“${value.title}” added.`,
          result: submission.reply({ resetForm: true }),
        });
      }
      case "rename":
        await updateMenu(deps, user, id, value.menuId, { title: value.title });
        return data<MenuActionData>({ ok: true, intent, message: "Title saved." });
      case "up":
      case "down":
        await moveMenu(deps, user, id, value.menuId, value.intent === "up" ? -1 : 1);
        return data<MenuActionData>({ ok: true, intent, message: "Order saved." });
      case "delete":
        await deleteMenu(deps, user, id, value.menuId);
        return data<MenuActionData>({ ok: true, intent, message: "Menu removed." });
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    const result = error.fields
      ? submission.reply({ formErrors: [error.message], fieldErrors: fieldErrorLists(error.fields) })
      : replyWithError(submission, error.message);
    return data<MenuActionData>(
      { ok: false, intent, message: error.message, result },
      { status: error.status, headers },
    );
  }
}

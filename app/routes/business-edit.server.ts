import type { Route } from "./+types/business-edit";
import { requireBusinessOwner } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { actionError, listingDepsFrom, readBusinessForm } from "~/features/listings/form-action.server";
import { canCreateListing, updateBusiness } from "~/features/listings/mutations.server";
import { PHOTO_LIMITS } from "~/lib/catalogue";
import { getManagedBusiness } from "~/features/listings/queries.server";
import { ownsBusiness } from "~/features/listings/access.server";
import { formatPhone } from "~/features/listings/location.server";
import { countryOptions } from "~/.server/countries";
import { openPlanRequest } from "~/features/billing/plan-requests.server";

// Only what these functions read, so tests can call them with a bare request, context and params.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

/** The listing's owner (a business account) or an admin; anyone else is sent away. */
async function requireEditor(args: Args) {
  const id = args.params.id ?? "";
  const user = await requireBusinessOwner(args, id);
  if (!canCreateListing(user)) throw redirectWithNotice(args.request, "/", "accessDenied");
  return { user, id };
}

export async function loadEditBusiness(args: Args) {
  const { user, id } = await requireEditor(args);
  const business = await getManagedBusiness(args.context.db, id);
  if (!business) throw new Response("Business Not Found", { status: 404 });
  return {
    // The phone as its owner types it (national format); it is stored in E.164.
    business: { ...business, phone: business.phone && formatPhone(business.phone, business.country, business.country) },
    countries: countryOptions(),
    isAdmin: user.isAdmin,
    isOwner: ownsBusiness(user, business.ownerId),
    photoLimit: user.isAdmin ? null : PHOTO_LIMITS[business.plan],
    /** An upgrade asked for and not yet granted (issue 40): the form keeps the current plan's limits until then. */
    requestedPlan: await openPlanRequest(args.context.db, business.id),
  };
}

/** Writes the fields, upserts every day's hours and applies the photo list, in one transaction. */
export async function updateBusinessAction(args: Args) {
  const { user, id } = await requireEditor(args);
  const form = await readBusinessForm(args.request);
  if (!form.ok) return form.response;
  try {
    const updated = await updateBusiness(listingDepsFrom(args.context), user, id, form.values, {
      plan: form.plan,
      files: form.files,
      field: form.fileField,
    });
    return { ok: true as const, ...updated };
  } catch (error) {
    return actionError(error, args.context);
  }
}

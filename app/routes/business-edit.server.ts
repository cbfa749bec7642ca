import type { AppLoadContext } from "react-router";
import { requireBusinessOwner } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { actionError, listingDepsFrom, readBusinessForm } from "~/features/listings/form-action.server";
import { canCreateListing, updateBusiness } from "~/features/listings/mutations.server";
import { PHOTO_LIMITS } from "~/lib/catalogue";
import { getManagedBusiness } from "~/features/listings/queries.server";

interface Args {
  request: Request;
  context: AppLoadContext;
  params: { id?: string };
}

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
    business,
    isAdmin: user.isAdmin,
    isOwner: business.ownerId === user.id,
    photoLimit: user.isAdmin ? null : PHOTO_LIMITS[business.plan],
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

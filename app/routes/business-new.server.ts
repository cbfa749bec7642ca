import type { Route } from "./+types/business-new";
import {
  actionError,
  failure,
  listingDepsFrom,
  readBusinessForm,
  requireListingManager,
} from "~/features/listings/form-action.server";
import { createBusiness } from "~/features/listings/mutations.server";
import { PHOTO_LIMITS } from "~/lib/catalogue";
import { errorResult } from "~/lib/form-reply";
import { countryOptions } from "~/.server/countries";

// Only what these functions read, so tests can call them with a bare request and context.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /business/new: admins and business owners only. */
export async function loadNewBusiness(args: Args) {
  const user = await requireListingManager(args);
  const { config } = args.context;
  return {
    isAdmin: user.isAdmin,
    photoLimit: user.isAdmin ? null : PHOTO_LIMITS.basic,
    defaults: { city: config.SITE_CITY, state: config.SITE_STATE, country: config.SITE_COUNTRY },
    /** The Country select's options (i18n-iso-countries' names, sent rather than bundled). */
    countries: countryOptions(),
  };
}

/** Adds the listing (an admin's is published, an owner's pending) with its hours and photos, in one transaction. */
export async function createBusinessAction(args: Args) {
  const user = await requireListingManager(args);
  const form = await readBusinessForm(args.request);
  if (!form.ok) return form.response;
  if (form.plan.some((p) => "id" in p)) {
    const message = "A new listing can't reuse stored photos.";
    return failure(400, message, errorResult(message, { photos: message }));
  }
  try {
    const created = await createBusiness(listingDepsFrom(args.context), user, form.values, {
      files: form.files,
      field: form.fileField,
    });
    return { ok: true as const, ...created };
  } catch (error) {
    return actionError(error, args.context);
  }
}

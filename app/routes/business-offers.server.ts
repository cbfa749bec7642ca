import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "react-router";
import { requireBusinessOwner } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import { instantToZonedDate } from "~/features/events/time";
import { canCreateListing } from "~/features/listings/mutations.server";
import { getManagedBusiness } from "~/features/listings/queries.server";
import { offerAllowance } from "~/features/offers/allowance.server";
import { createOffer, deleteOffer, updateOffer } from "~/features/offers/mutations.server";
import { managedOffers } from "~/features/offers/queries.server";
import { offerInputSchema } from "~/features/offers/schema";
import { AppError } from "~/lib/app-error";
import { fieldErrorLists, replyWithError, type FormResult } from "~/lib/form-reply";
import type { Route } from "./+types/business-offers";

// Only what these functions read, so tests can call them with a bare request, context and params.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

type Intent = "add" | "edit" | "delete";
export type OfferActionData =
  | { ok: true; intent: Intent; message: string; result?: FormResult }
  | { ok: false; intent: Intent; message: string; result?: FormResult };

/** The site's "now" for offers: the instant and its calendar day in SITE_TIMEZONE (the clock service). */
export function offerClock(context: Pick<AppLoadContext, "clock" | "config">) {
  const now = context.clock.now();
  return { now, today: instantToZonedDate(now, context.config.SITE_TIMEZONE) };
}

/** The listing's owner (a business account) or an admin; anyone else is sent away (as the edit page). */
async function requireManager(args: Args) {
  const id = args.params.id ?? "";
  const user = await requireBusinessOwner(args, id);
  if (!canCreateListing(user)) throw redirectWithNotice(args.request, "/", "accessDenied");
  return { user, id };
}

/** /business/:id/offers: the listing's offers, where each stands, and what the plan leaves. */
export async function loadBusinessOffers(args: Args) {
  const { user, id } = await requireManager(args);
  const business = await getManagedBusiness(args.context.db, id);
  if (!business) throw new Response("Business Not Found", { status: 404 });
  const clock = offerClock(args.context);
  const [offers, allowance] = await Promise.all([
    managedOffers(args.context.db, business.id, clock),
    offerAllowance(args.context.db, business, clock, { isAdmin: user.isAdmin }),
  ]);
  const params = new URL(args.request.url).searchParams;
  return {
    business: {
      id: business.id,
      slug: business.slug,
      name: business.name,
      status: business.status,
      plan: business.plan,
    },
    offers,
    /** ?edit=<offer id>: the offer the form edits. */
    editing: offers.find((o) => o.id === params.get("edit")) ?? null,
    /** ?saved: an edit was just saved (the action redirects here). */
    saved: params.has("saved"),
    allowance,
    isAdmin: user.isAdmin,
    today: clock.today,
  };
}

/** Add (the form, Conform and the shared schema) or delete an offer; the same mutations as the API. */
export async function businessOffersAction(args: Args) {
  const { user, id } = await requireManager(args);
  const { context } = args;
  const form = await args.request.formData();
  const deps = { db: context.db, limiter: context.limits.offerWrites, clock: offerClock(context) };
  if (form.get("intent") === "delete") {
    const offerId = form.get("offerId");
    try {
      await deleteOffer(deps, user, id, typeof offerId === "string" ? offerId : "");
      return data<OfferActionData>({ ok: true, intent: "delete", message: "Offer deleted." });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
      return data<OfferActionData>(
        { ok: false, intent: "delete", message: error.message },
        { status: error.status, headers },
      );
    }
  }
  const intent = form.get("intent") === "edit" ? "edit" : "add";
  const submission = parseWithZod(form, { schema: offerInputSchema });
  if (submission.status !== "success")
    return data<OfferActionData>(
      { ok: false, intent, message: "Check the offer's fields.", result: submission.reply() },
      { status: 400 },
    );
  try {
    if (intent === "edit") {
      const offerId = form.get("offerId");
      const { code, firstCustomers, ...rest } = submission.value;
      await updateOffer(deps, user, id, typeof offerId === "string" ? offerId : "", {
        ...rest,
        code: code ?? null,
        firstCustomers: firstCustomers ?? null,
      });
      // Back to the list (the form's ?edit= is done with), saying so.
      return redirect(`/business/edit/${id}/offers?saved`);
    }
    await createOffer(deps, user, id, submission.value);
    return data<OfferActionData>({
      ok: true,
      intent: "add",
      message: `“${submission.value.title}” added.`,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    const result = error.fields
      ? submission.reply({ formErrors: [error.message], fieldErrors: fieldErrorLists(error.fields) })
      : replyWithError(submission, error.message);
    return data<OfferActionData>(
      { ok: false, intent, message: error.message, result },
      { status: error.status, headers },
    );
  }
}

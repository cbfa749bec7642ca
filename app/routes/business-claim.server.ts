import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { signInPath } from "~/features/auth/redirect";
import { getUser } from "~/features/auth/guards.server";
import type { ClaimActionData } from "~/features/claims/components/claim-form";
import { fileClaim } from "~/features/claims/mutations.server";
import { claimTarget, myClaimsForListing } from "~/features/claims/queries.server";
import { claimSchema } from "~/features/claims/schema";
import { AppError } from "~/lib/app-error";
import { replyWithError } from "~/lib/form-reply";
import type { Route } from "./+types/business-claim";

/**
 * /business/:id/claim: a visitor is sent to sign in and comes back here; a
 * customer is told how to become a business owner; a business owner sees the
 * form, or their pending claim; a listing with an owner can't be claimed.
 */

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

function here(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export type ClaimPageState = "form" | "pending" | "customer" | "owned" | "yours";

export async function loadClaimPage({ params, request, context }: Args) {
  const user = await getUser({ request, context });
  if (!user) throw redirect(signInPath(here(request)));
  const listing = await claimTarget(context.db, params.id);
  if (!listing) throw data({ notFound: true }, { status: 404 });
  const claims = await myClaimsForListing(context.db, user.id, listing.id);
  const open = claims.find((c) => c.status === "open") ?? null;
  const state: ClaimPageState =
    listing.ownerId === user.id
      ? "yours"
      : listing.ownerId
        ? "owned"
        : open
          ? "pending"
          : user.type !== "business"
            ? "customer"
            : "form";
  const { ownerId: _ownerId, ...business } = listing;
  return { business, state, claims, claimant: { name: user.name, email: user.email } };
}

export async function claimAction({ params, request, context }: Args) {
  const user = await getUser({ request, context });
  if (!user) throw redirect(signInPath(here(request)));
  const submission = parseWithZod(await request.formData(), { schema: claimSchema });
  if (submission.status !== "success") {
    return data<ClaimActionData>({ ok: false, result: submission.reply() }, { status: 400 });
  }
  try {
    const claim = await fileClaim(context.db, user, params.id, submission.value, context.limits.claims);
    return data<ClaimActionData>({ ok: true, claimId: claim.id, result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found") throw data({ notFound: true }, { status: 404 });
    const headers = error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined;
    return data<ClaimActionData>(
      { ok: false, result: replyWithError(submission, error.message, error.fields) },
      { status: error.status, headers },
    );
  }
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import type { AdminClaimActionData } from "~/features/claims/components/admin-claim-card";
import { claimDeps, decideClaim } from "~/features/claims/mutations.server";
import { listAdminClaims } from "~/features/claims/queries.server";
import { adminClaimFormSchema, claimListSchema } from "~/features/claims/schema";
import { AppError } from "~/lib/app-error";
import { replyWithError } from "~/lib/form-reply";
import type { Route } from "./+types/admin-claims";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /admin/claims: every claim, open ones first, a page at a time (a bad page number is page 1). */
export async function loadAdminClaims({ request, context }: Args) {
  await requireAdmin({ request, context });
  const raw = new URL(request.url).searchParams.get("page");
  const parsed = claimListSchema.safeParse(raw ? { page: raw } : {});
  return listAdminClaims(context.db, parsed.success ? parsed.data.page : 1);
}

/** Approve, or refuse with a reason: the claimant is emailed either way. */
export async function adminClaimsAction({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: adminClaimFormSchema });
  const claimId = typeof form.get("claimId") === "string" ? String(form.get("claimId")) : undefined;
  if (submission.status !== "success") {
    const reasonError = submission.error?.reason?.[0];
    return data<AdminClaimActionData>(
      { ok: false, message: reasonError ?? "Choose approve or refuse.", claimId, result: submission.reply() },
      { status: 400 },
    );
  }
  const { intent, reason } = submission.value;
  try {
    await decideClaim(
      claimDeps({ db: context.db, logger: context.logger, mailer: context.mailer, config: context.config }),
      admin,
      submission.value.claimId,
      { decision: intent, reason },
    );
    return data<AdminClaimActionData>({
      ok: true,
      message: intent === "approve" ? "Claim approved: the claimant now owns the listing." : "Claim refused.",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<AdminClaimActionData>(
      { ok: false, message: error.message, claimId, result: replyWithError(submission, error.message, error.fields) },
      { status: error.status },
    );
  }
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requireBusinessOwner } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import type { ShowcaseActionData } from "~/features/showcase/components/showcase-manager";
import {
  addTestimonial,
  addVideo,
  deleteTestimonial,
  deleteVideo,
  managedShowcase,
  updateTestimonial,
} from "~/features/showcase/mutations.server";
import { showcaseFormSchema } from "~/features/showcase/schema";
import { AppError } from "~/lib/app-error";
import { replyWithError } from "~/lib/form-reply";
import type { Route } from "./+types/business-showcase";

// Only what these functions read, so tests can call them with a bare request, context and params.
type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context" | "params">;

/**
 * /business/edit/:id/showcase: the listing's testimonials and videos, for its owner (a business account) or an admin.
 * Signed out: to sign in and back; anyone else: "Access Denied" (as the edit page); an admin's unknown id: 404.
 */
export async function loadShowcase(args: Args) {
  const id = args.params.id ?? "";
  const user = await requireBusinessOwner(args, id);
  try {
    const showcase = await managedShowcase(args.context.db, user, id);
    return { ...showcase, isAdmin: user.isAdmin };
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden")
      throw redirectWithNotice(args.request, "/", "accessDenied");
    if (error instanceof AppError && error.code === "not_found")
      throw new Response("Business Not Found", { status: 404 });
    throw error;
  }
}

/** One form per intent (add, edit, delete); the same schema and mutations as the API, so the same plan limits. */
export async function showcaseAction(args: Args) {
  const id = args.params.id ?? "";
  const user = await requireBusinessOwner(args, id);
  const form = await args.request.formData();
  const submission = parseWithZod(form, { schema: showcaseFormSchema });
  if (submission.status !== "success") {
    // The form that was sent shows the errors (each form on the page has its intent, and its item).
    const intent = form.get("intent");
    const itemId = form.get("itemId");
    return data<ShowcaseActionData>(
      {
        ok: false,
        intent: typeof intent === "string" ? intent : null,
        itemId: typeof itemId === "string" ? itemId : null,
        result: submission.reply(),
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const db = args.context.db;
  try {
    switch (input.intent) {
      case "add-testimonial":
        await addTestimonial(db, user, id, input);
        break;
      case "edit-testimonial":
        await updateTestimonial(db, user, id, input.itemId, input);
        break;
      case "delete-testimonial":
        await deleteTestimonial(db, user, id, input.itemId);
        break;
      case "add-video":
        await addVideo(db, user, id, input);
        break;
      case "delete-video":
        await deleteVideo(db, user, id, input.itemId);
        break;
    }
    return data<ShowcaseActionData>({
      ok: true,
      intent: input.intent,
      itemId: "itemId" in input ? input.itemId : null,
      result: submission.reply({ resetForm: true }),
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ShowcaseActionData>(
      {
        ok: false,
        intent: input.intent,
        itemId: "itemId" in input ? input.itemId : null,
        result: replyWithError(submission, error.message, error.fields),
      },
      { status: error.status },
    );
  }
}

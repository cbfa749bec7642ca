import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "react-router";
import { AppError, fieldsSummary } from "~/lib/app-error";
import { errorResult, type FormResult } from "~/lib/form-reply";
import { requireUser, type RouteArgs } from "~/features/auth/guards.server";
import { redirectWithNotice } from "~/features/auth/notice.server";
import type { SessionUser } from "~/features/auth/session.server";
import type { BusinessFormResult } from "./components/business-form";
import { listingDeps } from "./deps.server";
import { canCreateListing, uploadedPhoto, type PhotoPlanEntry, type UploadedPhoto } from "./mutations.server";
import { businessFormSchema, type BusinessFormValues } from "./schema";

/** Shared by the /business/new and /business/edit/:id actions. */

/** Admins and business owners; signed out → /auth (and back), anyone else → / with "Access Denied". */
export async function requireListingManager(args: RouteArgs): Promise<SessionUser> {
  const user = await requireUser(args);
  if (!canCreateListing(user)) throw redirectWithNotice(args.request, "/", "accessDenied");
  return user;
}

/** A refusal: the notice's message, and Conform's result (each field's messages) for the form. */
export function failure(
  status: number,
  message: string,
  result: FormResult = errorResult(message),
  headers?: HeadersInit,
) {
  return data<BusinessFormResult>({ ok: false, message, result }, { status, headers });
}

export function listingDepsFrom(context: AppLoadContext) {
  return listingDeps(context);
}

/**
 * Parses the multipart form with the form's schema (Conform); files become buffers, ids
 * and files an ordered photo plan. Call it only after the access checks: the
 * body (bounded while it streams, server/http/streaming-body-limit.ts) is
 * read here, and nothing is decoded until the mutation has checked the plan's
 * photo limit and the upload rate.
 */
export async function readBusinessForm(request: Request): Promise<
  | {
      ok: true;
      values: Omit<BusinessFormValues, "photos">;
      plan: PhotoPlanEntry[];
      files: UploadedPhoto[];
      fileField: (i: number) => string;
    }
  | { ok: false; response: ReturnType<typeof failure> }
> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, response: failure(400, "The form could not be read. Please try again.") };
  }
  const submission = parseWithZod(form, { schema: businessFormSchema });
  if (submission.status !== "success") {
    const first = Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
      messages?.[0] ? [[name, messages[0]] as const] : [],
    );
    return { ok: false, response: failure(400, fieldsSummary(Object.fromEntries(first)), submission.reply()) };
  }
  const { photos, ...values } = submission.value;
  const plan: PhotoPlanEntry[] = [];
  const files: UploadedPhoto[] = [];
  const fileIndex: number[] = [];
  for (const [i, photo] of photos.entries()) {
    if (photo.id) {
      plan.push({ id: photo.id, alt: photo.alt });
    } else if (photo.file) {
      plan.push({ upload: files.length, alt: photo.alt });
      fileIndex.push(i);
      files.push(await uploadedPhoto(photo.file, photo.alt));
    }
  }
  return { ok: true, values, plan, files, fileField: (upload) => `photos.${fileIndex[upload] ?? 0}.file` };
}

/** A refused write in the form's terms; anything unexpected is logged and reported without losing the form. */
export function actionError(error: unknown, context: AppLoadContext) {
  if (error instanceof Response) throw error;
  if (error instanceof AppError) {
    return failure(
      error.status,
      error.message,
      errorResult(error.message, error.fields),
      error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined,
    );
  }
  context.logger.error("Saving a listing failed", { requestId: context.requestId, error });
  return failure(500, "Something went wrong on our side and your changes were not saved. Please try again.");
}

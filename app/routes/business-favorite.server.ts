import { data, redirect, type AppLoadContext } from "react-router";
import { getUser } from "~/features/auth/guards.server";
import { safeRedirect, signInPath } from "~/features/auth/redirect";
import { SAVE_PARAM, saveOnArrivalPath } from "~/features/favorites/links";
import { removeFavorite, saveFavorite } from "~/features/favorites/mutations.server";
import { isFavorite } from "~/features/favorites/queries.server";
import { favoriteFormSchema } from "~/features/favorites/schema";
import type { FavoriteActionResult } from "~/features/favorites/types";
import { AppError, fieldsSummary, zodFields } from "~/lib/app-error";

/**
 * The business page's Save button: its state (read by the page's loader),
 * the save that a signed-out visitor asked for before signing in
 * (?save=1, honoured once, then the clean URL), and the action behind the
 * Save and Remove forms (POST /business/:id with intent favorite-save or
 * favorite-remove). The mutations act on the session's user only.
 */

/** Whether the signed-in reader has saved this business; `?save=1` saves it first, then redirects without it. */
export async function loadFavoriteState(
  request: Request,
  context: AppLoadContext,
  businessId: string,
  /** Whether the reader saved it, when the caller has just read it (isFavoriteSql): not read again. */
  knownSaved?: boolean,
): Promise<{ saved: boolean }> {
  const user = await getUser({ request, context });
  const url = new URL(request.url);
  if (url.searchParams.has(SAVE_PARAM)) {
    if (user && url.searchParams.get(SAVE_PARAM) === "1") {
      try {
        await saveFavorite(context.db, user.id, businessId, context.limits.favorites);
      } catch (error) {
        // Too many changes just now: the page still shows, unsaved, and Save works later.
        if (!(error instanceof AppError)) throw error;
      }
    }
    if (user) {
      url.searchParams.delete(SAVE_PARAM);
      throw redirect(`${url.pathname}${url.search}`);
    }
  }
  return { saved: user ? (knownSaved ?? (await isFavorite(context.db, user.id, businessId))) : false };
}

/** Whether a POST to the business page is a favorite form (read from a copy: the body stays for the real action). */
export async function isFavoriteRequest(request: Request) {
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" && intent.startsWith("favorite");
  } catch {
    return false;
  }
}

/** Save or Remove: signed in only (signed out: to sign in, and a Save is made on the way back). */
export async function favoriteAction(id: string, request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const user = await getUser({ request, context });
  if (!user) {
    // The page as asked for (a UUID there is redirected to the slug, the query kept).
    const page = `/business/${encodeURIComponent(id)}`;
    throw redirect(signInPath(form.get("intent") === "favorite-save" ? saveOnArrivalPath(page) : page));
  }
  const parsed = favoriteFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<FavoriteActionResult>({ ok: false, error: fieldsSummary(zodFields(parsed.error)) }, { status: 400 });
  }
  const { intent, returnTo } = parsed.data;
  let saved: boolean;
  try {
    const limiter = context.limits.favorites;
    saved =
      intent === "favorite-save"
        ? (await saveFavorite(context.db, user.id, id, limiter)).saved
        : (await removeFavorite(context.db, user.id, id, limiter)).saved;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const headers = new Headers();
    if (error.retryAfter) headers.set("Retry-After", String(error.retryAfter));
    return data<FavoriteActionResult>({ ok: false, error: error.message }, { status: error.status, headers });
  }
  // A form posted without JavaScript goes back where it came from (post, redirect, get).
  const back = returnTo ? safeRedirect(returnTo, "") : "";
  if (back) throw redirect(back);
  return data<FavoriteActionResult>({ ok: true, saved });
}

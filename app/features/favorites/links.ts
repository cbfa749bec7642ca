/**
 * The query parameter that carries "save this business" through sign-in:
 * a signed-out Save goes to /auth?redirectTo=/business/{slug}?save=1, and the
 * business page saves it once for the signed-in user, then drops it.
 */
export const SAVE_PARAM = "save";

/** The business page (its path, `/business/<slug>`) that saves it on arrival (after signing in). */
export function saveOnArrivalPath(pagePath: string) {
  return `${pagePath}?${SAVE_PARAM}=1`;
}

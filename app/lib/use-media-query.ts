import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept up to date. False on the server and in the first hydration pass (the server
 * can't know the screen), the real answer right after: what renders only on a phone comes in once hydrated.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `md` (48rem): the category pages' phone layout. */
export const PHONE_QUERY = "(width < 48rem)";
/** Below Tailwind's `lg` (64rem): the search page's filters leave their column. */
export const NARROW_QUERY = "(width < 64rem)";

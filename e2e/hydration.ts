import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page: root.tsx marks `<html data-hydrated>` in an effect, which runs after the
 * commit that made the page live (React may yield part-way through hydration, and attaches a node's props before that
 * commit, so a hydrated-looking header says nothing about the rest). A press before then does nothing.
 *
 * `{ parts: true }` also waits for the deferred parts (lib/deferred-component: the business page below its actions,
 * the search results, the footer…), whose code comes after the first load: a press on one before then is held and
 * replayed, but a test that goes on typing into what the press opens (the review form) must find it live.
 *
 * Polled on a timer, not on animation frames: a page that draws no frame for a while must not stall the wait.
 */
export async function waitForHydration(page: Page, { parts = false }: { parts?: boolean } = {}) {
  await page.waitForFunction(
    (parts) => {
      const hydrated = (el: Element | null | undefined) =>
        !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
      const shell = document.documentElement.hasAttribute("data-hydrated");
      if (!shell || !parts) return shell;
      // Every control in a deferred part (lib/deferred-component marks them) is live. (Links in HTML
      // React only passed through, a blog post's body, never get React's props.)
      const passedThrough = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          const key = Object.keys(p).find((k) => k.startsWith("__reactProps"));
          if (
            key &&
            (p as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[key]?.dangerouslySetInnerHTML
          )
            return true;
        }
        return false;
      };
      const inParts = "[data-deferred-part] :is(a[href], button, select, input)";
      return [...document.querySelectorAll(inParts)].every((el) => hydrated(el) || passedThrough(el));
    },
    parts,
    { polling: 100 },
  );
}

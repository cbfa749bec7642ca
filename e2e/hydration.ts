import type { Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page (it attaches its props to DOM nodes). React hydrates in document order
 * and may yield part-way: the page is live once its last part (the footer) is. A press before that does nothing.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (el: Element | null | undefined) =>
      !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
    const footerLinks = document.querySelectorAll("footer a");
    return (
      hydrated(document.querySelector("header button")) &&
      (!footerLinks.length || hydrated(footerLinks[footerLinks.length - 1]))
    );
  });
}

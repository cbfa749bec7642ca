import type * as React from "react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { deferredComponent } from "~/lib/deferred-component";
import { SiteHeader } from "./site-header";

/** The footer (links and the newsletter form) is below the fold: its code comes after the first load. */
const SiteFooter = deferredComponent(() => import("./site-footer").then((m) => m.SiteFooter));

export const MAIN_CONTENT_ID = "main-content";

function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Move focus without a hash navigation (keeps the URL and history clean).
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="sr-only z-50 rounded-lg bg-primary px-4 py-2.5 text-sm font-semibold text-primary-foreground shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/**
 * After a client-side navigation to another page, focus moves to the new
 * page's heading (its <h1>, else <main>), so keyboard and screen-reader users
 * start at the new content, as a full page load would have them do. Not on
 * the first load, not when only the query changes (filters being used), not
 * to a #fragment.
 */
function useFocusHeadingOnNavigation() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return;
    const main = document.getElementById(MAIN_CONTENT_ID);
    const heading = main?.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target) return;
    if (heading && !heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    // Focused to start reading there, not to be pressed: no focus ring, which after typing into a form (signing up)
    // drew a red box around the heading (issue 40).
    heading?.classList.add("outline-none");
    target.focus({ preventScroll: true });
  }, [pathname, hash]);
}

/**
 * Skip link, sticky header, the page, footer: used by the layout route and its error boundary. `notice` goes under
 * the header, before the page (the layout's reminder to verify an email address).
 */
export function SiteShell({ children, notice }: { children: React.ReactNode; notice?: React.ReactNode }) {
  useFocusHeadingOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {notice}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter.Component className="mt-auto" />
    </div>
  );
}

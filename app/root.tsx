import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { data } from "react-router";
import { rootAccountData } from "~/features/auth/root.server";
import { FlashNotice } from "~/features/auth/components/flash-notice";
import { DeferredToaster } from "~/components/ui/deferred-toaster";
import { useNonce } from "~/lib/nonce";
import type { SiteInfo } from "~/lib/title";
import { pageTitle } from "~/lib/title";
import { distanceUnit } from "~/lib/distance-unit";
import { useEffect } from "react";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context;
  const site: SiteInfo = {
    name: config.SITE_NAME,
    city: config.SITE_CITY,
    state: config.SITE_STATE,
    country: config.SITE_COUNTRY,
    distanceUnit: distanceUnit(config.SITE_COUNTRY),
    publicUrl: config.publicUrl,
  };
  // The signed-in user (for the nav), a one-shot notice, and refreshed session cookies.
  // With "My businesses" in the user menu and its unread badge, read with the session.
  const { user, notice, headers } = await rootAccountData(request, context);
  // Map tiles for <LazyMap> (docs/maps.md): parsed once in the config.
  const maps = { url: config.mapTiles.url, attribution: config.mapTiles.attribution, geocoder: !!config.GEOCODER_URL };
  return data({ site, year: new Date().getFullYear(), user, notice, maps }, { headers });
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/**
 * Applies the stored theme before first paint, so a reload of a server-rendered
 * page never flashes the wrong theme, and marks the document `js` (JavaScript
 * runs: app.css folds what the page will fold at hydration, so nothing shifts).
 * Kept tiny and dependency-free.
 *
 * It sits after the stylesheet links on purpose: an inline script waits for the stylesheets before it, so the parser
 * builds no part of the body before they apply. Without it, Chromium gave the body's elements browser-default styles
 * while the stylesheet was still loading, and blocks that skip rendering (`defer-render`) kept those until scrolled
 * into view, then faded from them to their real colours (link blue, grey buttons): in dark mode, axe read a faded
 * button's contrast as too low. e2e/layout.spec.ts checks the order.
 */
// zod 4 tries `new Function("")` once to decide whether to compile its object parsers; our Content-Security-Policy
// has no 'unsafe-eval', and the browser reports the caught attempt as a violation all the same (the Issues panel,
// Lighthouse's best practices). `jitless` skips the attempt. zod reads its settings from this global
// (zod/v4/core/core.js); set here, before any module, it keeps zod out of the first load. e2e/layout.spec.ts checks
// that no page reports a violation.
const ZOD_CONFIG = `globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});`;
const THEME_SCRIPT = `${ZOD_CONFIG}(function(){var d=document.documentElement;d.classList.add("js");var t=null;try{t=localStorage.getItem("theme");}catch(e){}d.classList.toggle("dark",t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches);})();`;

/**
 * Marks `<html data-hydrated>` once React has hydrated the page: the root's effect runs after the commit that made
 * everything but the deferred parts (data-deferred-part, whose code comes later) live. The end-to-end tests wait for
 * it before pressing anything (e2e/hydration.ts).
 */
function useHydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  useHydrationMark();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
        {/* After the stylesheets: see THEME_SCRIPT. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {children}
        <DeferredToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <FlashNotice />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const site = data?.site;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = site ? pageTitle(site, notFound ? "Page Not Found" : "Error") : "Error";
  // Only reached when the root itself fails (the layout route catches the rest), so no header here.
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>{title}</title>
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-2xl bg-primary-soft text-2xl font-extrabold text-accent-foreground"
      >
        {notFound ? "?" : "!"}
      </span>
      <h1 className="text-4xl font-extrabold tracking-tight">
        {notFound ? "Page Not Found" : "Unexpected Application Error!"}
      </h1>
      <p className="text-lg text-muted-foreground">
        {notFound
          ? "The page you're looking for doesn't exist."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <a
        className="mt-2 inline-flex h-11 items-center rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground hover:bg-primary-strong"
        href="/"
      >
        Return Home
      </a>
    </main>
  );
}

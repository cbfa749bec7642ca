import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Outlet, createRoutesStub, type AppLoadContext } from "react-router";
import type { RootData } from "~/components/layout/root-data";
import { rootAccountData } from "~/features/auth/root.server";

/**
 * Server-renders a route module's page the way the app does, without a build: the root's data (site, the
 * request's signed-in user) read as the root loader reads it, and the page given the data its own loader
 * returned. For checks on what a page says to whom.
 */
export async function renderPage(
  // Route modules type their props with generated types; any page component fits here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  Page: ComponentType<any>,
  {
    request,
    context,
    loaderData,
    actionData,
    path = "*",
  }: {
    request: Request;
    context: AppLoadContext;
    loaderData: unknown;
    actionData?: unknown;
    /** The route's pattern, for pages that read params (e.g. "business/:id"). */
    path?: string;
  },
): Promise<string> {
  const { config } = context;
  const { user } = await rootAccountData(request, context);
  const root: RootData = {
    site: {
      name: config.SITE_NAME,
      city: config.SITE_CITY,
      state: config.SITE_STATE,
      country: config.SITE_COUNTRY,
      publicUrl: config.publicUrl,
    },
    year: new Date().getFullYear(),
    user,
    maps: { url: config.mapTiles.url, attribution: config.mapTiles.attribution, geocoder: !!config.GEOCODER_URL },
  };
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "page", path, Component: Page }] },
  ]);
  const url = new URL(request.url);
  return renderToString(
    createElement(Stub, {
      initialEntries: [url.pathname + url.search],
      hydrationData: {
        loaderData: { root, page: unwrap(loaderData) },
        ...(actionData === undefined ? {} : { actionData: { page: unwrap(actionData) } }),
      },
    }),
  );
}

/** A loader's `data(value, init)` as the router hands it to the page: the value. */
function unwrap(value: unknown): unknown {
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit")
    return (value as { data: unknown }).data;
  return value;
}

/** The text a reader sees in rendered HTML: tags dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return (
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      // React's markers between adjacent text nodes ("$<!-- -->228") are not spaces.
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&nbsp;|\u00a0/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

import type { RouteConfigEntry } from "@react-router/dev/routes";
import { parse, type HTMLElement } from "node-html-parser";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import routeConfig from "~/routes";
import { createApp } from "../../server/http/app";
import type { AppServices } from "../../server/services";

type RouteModule = Record<string, unknown>;
type BuildModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** What React Router's Vite plugin does to a route module: its components get their props (loaderData, params…). */
function withProps(module: RouteModule): BuildModule {
  const wrapped: RouteModule = { ...module };
  if (module.default)
    wrapped.default = UNSAFE_withComponentProps(module.default as Parameters<typeof UNSAFE_withComponentProps>[0]);
  if (module.ErrorBoundary)
    wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(
      module.ErrorBoundary as Parameters<typeof UNSAFE_withErrorBoundaryProps>[0],
    );
  if (module.HydrateFallback)
    wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(
      module.HydrateFallback as Parameters<typeof UNSAFE_withHydrateFallbackProps>[0],
    );
  return wrapped as unknown as BuildModule;
}

let built: Promise<ServerBuild> | undefined;

/**
 * A React Router server build of every page in app/routes.ts, imported from the source: the real root, layout and
 * route modules around the real entry.server, as `npm run build` would bundle them, without running the build. The
 * client assets are stand-ins (the server never reads them). Made once per worker.
 */
export function pagesBuild(): Promise<ServerBuild> {
  built ??= (async () => {
    const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: withProps(root) } };
    const manifest: Record<string, Record<string, unknown>> = {};
    const describe = (id: string, module: RouteModule, extra: Record<string, unknown>) => {
      manifest[id] = {
        id,
        module: `/assets/${id}.js`,
        hasAction: typeof module.action === "function",
        hasLoader: typeof module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: typeof module.ErrorBoundary === "function",
        imports: [],
        ...extra,
      };
    };
    describe("root", root as unknown as RouteModule, { path: "" });
    const add = async (entries: RouteConfigEntry[], parentId: string) => {
      for (const entry of entries) {
        const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
        const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as RouteModule;
        const shape = { parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
        routes[id] = { id, ...shape, module: withProps(module) };
        describe(id, module, shape);
        if (entry.children) await add(entry.children, id);
      }
    };
    await add(await routeConfig, "root");
    return {
      entry: { module: entryServer },
      routes,
      assets: {
        entry: { module: "/assets/entry.js", imports: [] },
        routes: manifest,
        url: "/assets/manifest.js",
        version: "test",
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
  })();
  return built;
}

/**
 * The whole app (API and every page) on the given services, for tests that read pages as a browser's first request
 * gets them: status, headers and the server-rendered document, through the same Hono app and React Router request
 * handler as production. `clientDir` serves static files (e.g. "public").
 */
export async function pagesApp(services: AppServices, options: { clientDir?: string } = {}) {
  return createApp({ services, build: await pagesBuild(), ...options });
}

/** A page's document, parsed: `doc.querySelector(…)`, `.text`, `.getAttribute(…)`. */
export async function documentOf(res: Response): Promise<HTMLElement> {
  return parse(await res.text());
}

/** An element's text with its white space collapsed, as a reader sees it. */
export const textOf = (el: HTMLElement | null | undefined) => (el?.text ?? "").replace(/\s+/g, " ").trim();

const ROLE_SELECTORS: Record<string, string> = {
  region: "section, [role=region]",
  list: "ul, ol, [role=list]",
  navigation: "nav, [role=navigation]",
};

/** The element of `role` named by its aria-label, or by the text of the element its aria-labelledby points at. */
export function named(doc: HTMLElement, role: string, name: string): HTMLElement | undefined {
  return doc.querySelectorAll(ROLE_SELECTORS[role] ?? `[role=${role}]`).find((el) => {
    const label = el.getAttribute("aria-label");
    if (label !== undefined) return label === name;
    const by = el.getAttribute("aria-labelledby");
    return !!by && textOf(doc.querySelector(`[id="${by}"]`)) === name;
  });
}

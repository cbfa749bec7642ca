import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import * as entryServer from "~/entry.server";
import * as root from "~/root";
import routeConfig from "~/routes";

/** A route of app/routes.ts as the fuzz pass sees it: its URL pattern and whether it has a loader and an action. */
export interface TableRoute {
  id: string;
  /** The module, relative to app/ (`routes/business.tsx`). */
  file: string;
  /** The full pattern, e.g. `business/:id/claim`; "" for the home page, "*" for the catch-all. */
  pattern: string;
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
}

type RouteModule = Record<string, unknown>;
type ServerRouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** What React Router's Vite plugin does to a route module: its components get their props (loaderData, params…). */
function withProps(module: RouteModule): ServerRouteModule {
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
  return wrapped as unknown as ServerRouteModule;
}

/**
 * A React Router server build of the whole route table (app/routes.ts), every module imported from the source: the
 * real root, layout and pages around the real entry.server, without running Vite's build. Client assets are stand-ins
 * (no page needs them on the server).
 */
export async function routeTableBuild(): Promise<{ build: ServerBuild; routes: TableRoute[] }> {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: withProps(root) },
  };
  const manifest: Record<string, Record<string, unknown>> = {};
  const table: TableRoute[] = [];

  function describe(id: string, module: RouteModule, extra: Record<string, unknown>) {
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
  }
  describe("root", root as unknown as RouteModule, { path: "" });

  async function add(entries: RouteConfigEntry[], parentId: string, prefix: string) {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(/* @vite-ignore */ `../../app/${entry.file}`)) as RouteModule;
      routes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: withProps(module),
      };
      describe(id, module, { parentId, path: entry.path, index: entry.index });
      const pattern = [prefix, entry.path ?? ""].filter(Boolean).join("/");
      if (entry.children) await add(entry.children, id, pattern);
      else
        table.push({
          id,
          file: entry.file,
          pattern,
          index: !!entry.index,
          hasLoader: typeof module.loader === "function",
          hasAction: typeof module.action === "function",
        });
    }
  }
  await add(await routeConfig, "root", "");

  const build = {
    entry: { module: entryServer },
    routes,
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: manifest,
      url: "/assets/manifest.js",
      version: "fuzz",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return { build, routes: table };
}

import type { ServerBuild } from "react-router";
import * as entryServer from "~/entry.server";

/**
 * A React Router server build of one root route around the real entry.server: enough for document requests through
 * the Hono app (HEAD, the database going away, the page cache) without building the app.
 */
export function oneRouteBuild(module: { loader?: (args: never) => unknown; default: () => unknown }): ServerBuild {
  return {
    entry: { module: entryServer },
    routes: { root: { id: "root", path: "", module } },
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/assets/root.js",
          hasAction: false,
          hasLoader: !!module.loader,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
          imports: [],
        },
      },
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
}

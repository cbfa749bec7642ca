import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // NEAR_BUILD_DIR lets parallel test runs keep separate builds.
  buildDirectory: process.env.NEAR_BUILD_DIR ?? "build",
  future: {
    // Adopted: route modules split their client-only exports; data URLs respect trailing slashes.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet (each needs its own change, planned with the move to React Router 8): middleware replaces the load
    // context our services travel in (server/context.ts); the Vite Environment API and pass-through requests change
    // the build and the requests our Hono app hands over.
    v8_middleware: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;

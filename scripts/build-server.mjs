// Bundles the Node entries next to React Router's server build: server/main.ts
// (production, build/server/main.js) and server/e2e-main.ts (the end-to-end
// tests' server with its test hooks, build/server/e2e.js; never run in production).
// Dependencies stay external: they are installed in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts", e2e: "server/e2e-main.ts" },
  outdir: `${process.env.NEAR_BUILD_DIR ?? "build"}/server`,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
});

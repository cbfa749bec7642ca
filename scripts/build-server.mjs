// Bundles the Node entry (server/main.ts) next to React Router's server build.
// Dependencies stay external: they are installed in node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: `${process.env.NEAR_BUILD_DIR ?? "build"}/server/main.js`,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
});

// Bundles the Node entries next to React Router's server build: server/main.ts
// (production, build/server/server.js, started by build/server/main.js below) and server/e2e-main.ts (the
// end-to-end tests' server with its test hooks, build/server/e2e.js; never run in production).
// Dependencies stay external: they are installed in node_modules.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";

const buildDir = process.env.NEAR_BUILD_DIR ?? "build";

await build({
  entryPoints: { server: "server/main.ts", e2e: "server/e2e-main.ts" },
  outdir: `${buildDir}/server`,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
});

// The production entry, `node build/server/main.js` (what `npm start` imports too). React and React DOM pick their
// development or production build from NODE_ENV when they are first loaded, and the bundle's imports load them
// before any of its code runs: with NODE_ENV unset, the server rendered with React's development build (three to
// four times slower, with its checks and warnings) while the app's own config defaulted to production. This file
// sets the same default first, then loads the server.
fs.writeFileSync(
  `${buildDir}/server/main.js`,
  `// Written by scripts/build-server.mjs: see there.\nprocess.env.NODE_ENV ??= "production";\nawait import("./server.js");\n`,
);
fs.rmSync(`${buildDir}/server/main.js.map`, { force: true });

// The embedded database's thread (app/.server/db/pglite-worker.mjs) is a file of its own: the bundles find it
// beside themselves.
fs.copyFileSync("app/.server/db/pglite-worker.mjs", `${buildDir}/server/pglite-worker.mjs`);

// Hashed client files are also written gzipped and in Brotli (.gz, .br beside each), once, at their best
// compression: the server sends those as they are (serveStatic's precompressed) instead of gzipping every answer.
const assetsDir = `${buildDir}/client/assets`;
if (fs.existsSync(assetsDir)) {
  for (const name of fs.readdirSync(assetsDir)) {
    if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
    const file = path.join(assetsDir, name);
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  }
}

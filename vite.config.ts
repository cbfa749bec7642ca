import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Every lucide icon is built by app/lib/static-icon.ts instead of lucide's own factory: its shapes as one markup
 * string rather than React elements on every render (issue 13; the file says why). lucide-react is bundled into the
 * server build (`ssr.noExternal`) so the server renders the same icons. `npm run dev` pre-bundles lucide for the
 * browser with its own factory: the markup is the same, so hydration holds either way.
 */
function lucideStaticIcons(): Plugin {
  const factory = path.resolve(import.meta.dirname, "app/lib/static-icon.ts");
  return {
    name: "near:lucide-static-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "../createLucideIcon.mjs" &&
        importer &&
        /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      ) {
        return factory;
      }
      return null;
    },
  };
}

export default defineConfig({
  plugins: [lucideStaticIcons(), tailwindcss(), reactRouter(), tsconfigPaths()],
  ssr: { noExternal: ["lucide-react"] },
  // The build's own list of files is noise in `npm start`; warnings and errors still print.
  logLevel: "warn",
  build: {
    // Hashed assets are served with a one-year immutable cache by server/http/app.ts.
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's comments sit where Rollup can't read them as annotations (harmless, dropped either way), and route
        // modules with only a loader or action leave an empty client chunk by design.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
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

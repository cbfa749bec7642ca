import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Each test file gets fresh modules (Vitest's default isolation). Sharing a worker's modules between files
// (`isolate: false`, set per project: projects don't inherit it) cut the run from 969 s to 672 s on the 2-core machine,
// but two files then failed on state another file left behind. Both came from one thing: a file that starts a real
// server (serve() from @hono/node-server) swaps the process's global Response for the adapter's own, and 1.19's lost
// a HEAD answer's headers (a real bug, fixed by the 2.x upgrade; seo.test.ts tests it over a socket) and failed
// `instanceof Response` for a native one (import-admin-page.test.ts's helper then read a 404 as 200). Before turning
// it on: several full runs (files are handed to workers in a different order each time) with no failure.
//
// Unit tests run once; integration tests run against PGlite and, when
// TEST_DATABASE_URL is set, again against PostgreSQL (a database per file).
const projects = [
  {
    plugins: [tsconfigPaths()],
    test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/support/setup.ts"] },
  },
  {
    plugins: [tsconfigPaths()],
    test: {
      name: "pglite",
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/support/setup.ts"],
      env: { NEAR_TEST_DRIVER: "pglite" },
      globalSetup: ["tests/support/db-template.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll waits for work the server does on its own time (the mail worker, the change feed); its default
      // 1 s ran out while CI's two projects shared two cores (mail-queue.test.ts, 24 messages through SMTP).
      expect: { poll: { timeout: 15_000 } },
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    plugins: [tsconfigPaths()],
    test: {
      name: "postgres",
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/support/setup.ts"],
      env: { NEAR_TEST_DRIVER: "postgres" },
      globalSetup: ["tests/support/db-template.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll waits for work the server does on its own time (the mail worker, the change feed); its default
      // 1 s ran out while CI's two projects shared two cores (mail-queue.test.ts, 24 messages through SMTP).
      expect: { poll: { timeout: 15_000 } },
    },
  });
}

export default defineConfig({
  test: {
    projects,
    pool: "forks",
    maxWorkers: 2,
  },
});

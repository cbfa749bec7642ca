import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * Unit tests run once; integration tests run against PGlite and, when TEST_DATABASE_URL is set, again against
 * PostgreSQL (a database per file, made from a migrated template by tests/support/db-template.ts).
 *
 * Integration files share their worker's modules (`isolate: false`; set per project, as projects don't inherit it):
 * CI's Vitest stage takes 310–365 s instead of 700 s on the 2-core machine. Each file still gets its own database, services
 * and server, built in its own `beforeAll`, so what a file may not leave behind is process-wide state. Both failures
 * seen when it was first tried came from one such thing: a file that starts a real server (serve() from
 * @hono/node-server) swapped the process's global Response for the adapter's own, and 1.19's lost a HEAD answer's
 * headers (a real bug; seo.test.ts tests it over a socket) and failed `instanceof Response` for a native one
 * (import-admin-page.test.ts's helper then read a 404 as 200). 2.x still swaps it, but its class keeps headers added
 * after creation and counts a native Response as an instance.
 */
function integration(driver: "pglite" | "postgres") {
  return {
    plugins: [tsconfigPaths()],
    test: {
      name: driver,
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/support/setup.ts"],
      env: { NEAR_TEST_DRIVER: driver },
      globalSetup: ["tests/support/db-template.ts"],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll waits for work the server does on its own time (the mail worker, the change feed); its default
      // 1 s ran out while CI's two projects shared two cores (mail-queue.test.ts, 24 messages through SMTP).
      expect: { poll: { timeout: 15_000 } },
    },
  };
}

const unit = {
  plugins: [tsconfigPaths()],
  test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/support/setup.ts"] },
};

export default defineConfig({
  test: {
    projects: [unit, integration("pglite"), ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : [])],
    pool: "forks",
    maxWorkers: 2,
  },
});

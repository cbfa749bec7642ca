import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// A worker runs its test files one after another without reloading every module for each (`isolate: false`, set in
// each project: projects don't inherit it from the root): re-importing the server (React Router's build, Better Auth,
// Drizzle) cost about 500 s of the workers' time per CI run, against 54 s shared. What each file owns is still its
// own: a database per file (tests/support/db.ts) and services, rate limiters and auth built per file; nothing keeps
// per-process state (Better Auth's process-wide memory rate-limit store is replaced by one per instance for that
// reason, app/features/auth/auth.server.ts).
//
// Unit tests run once; integration tests run against PGlite and, when
// TEST_DATABASE_URL is set, again against PostgreSQL (a database per file).
const projects = [
  {
    plugins: [tsconfigPaths()],
    test: {
      name: "unit",
      include: ["tests/unit/**/*.test.ts"],
      setupFiles: ["tests/support/setup.ts"],
      isolate: false,
    },
  },
  {
    plugins: [tsconfigPaths()],
    test: {
      name: "pglite",
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/support/setup.ts"],
      env: { NEAR_TEST_DRIVER: "pglite" },
      globalSetup: ["tests/support/db-template.ts"],
      isolate: false,
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
      isolate: false,
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

import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser)
 * against the production build, served by scripts/e2e-server.mjs on a fresh
 * data directory with demo data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: `npm test` runs two shards (a server and a browser each) on CI's two cores, where a
  // page with several axe scans takes twice as long as on an idle machine. A real failure still
  // fails, at its assertion; these only guard against a hang.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs runs shards side by side, each with its own server, port and report.
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), HOST: "127.0.0.1" },
    stdout: "ignore",
    stderr: "pipe",
  },
});

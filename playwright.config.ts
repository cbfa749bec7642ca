import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser)
 * against the production build, served by scripts/e2e-server.mjs on a fresh
 * data directory with demo data.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Chromium 156 preloads its omnibox popup (two WebUI renderers) for every window, so every test's new context paid
 * for two pages nobody sees: about 0.3 s of CPU each on CI's two cores. Chromium keeps only the last
 * --disable-features it is given, so this one repeats Playwright's own list (the renderers' command line shows it)
 * and adds the popups.
 */
const DISABLED_FEATURES = [
  "AimEnabled",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsFirstBalancedModeAutoEnable",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "NetworkTimeServiceQuerying",
  "OptimizationHints",
  "PaintHolding",
  "PreconnectToSearch",
  "ThirdPartyStoragePartitioning",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
];

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
  // Each demo role signed in once per run (per shard), its cookies kept for the tests that only need to be that role.
  globalSetup: "./e2e/global-setup.ts",
  // scripts/test.mjs runs shards side by side, each with its own server, port and report.
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/e2e.json" }]],
  use: {
    baseURL,
    // A trace records every test (and is thrown away when it passes): a third of the suite's CPU time. CI keeps no
    // artifacts, and prints each failure's error and page snapshot, so it records none; locally, failures keep theirs.
    trace: process.env.CI ? "off" : "retain-on-failure",
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
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
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

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { startStripeStandIn } from "./stripe-stand-in";

/**
 * Plans paid by card (issue 10), end to end: a second production server with
 * Stripe configured against a local stand-in (the main e2e server has no
 * Stripe, so its specs see upgrade requests). The demo owner picks Premium on
 * /pricing, goes through Checkout, comes back to "Thank you", and the
 * listing is on Premium once the signed webhook has landed; "Manage billing"
 * then opens the billing portal.
 */

const entry = path.resolve(process.env.NEAR_BUILD_DIR ?? "build", "server/e2e.js");
const port = 3400 + Math.floor(Math.random() * 50);
const base = `http://127.0.0.1:${port}`;
const WEBHOOK_SECRET = "whsec_e2e_secret";
const LISTING = "Prairie Bean Coffee Roasters";

test("an owner upgrades a listing through Stripe Checkout; the webhook moves it to Premium", async ({ page }) => {
  test.setTimeout(360_000); // a server start-up with the demo city, on a machine that may be busy
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-stripe-"));
  const stripe = await startStripeStandIn({
    webhookUrl: () => `${base}/api/v1/stripe/webhook`,
    webhookSecret: WEBHOOK_SECRET,
  });
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      AUTH_RATE_LIMIT: "false",
      LOG_LEVEL: "warn",
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_FEATURED_MONTHLY: "price_featured_monthly",
      STRIPE_PRICE_FEATURED_ANNUAL: "price_featured_annual",
      STRIPE_PRICE_PREMIUM_MONTHLY: "price_premium_monthly",
      STRIPE_PRICE_PREMIUM_ANNUAL: "price_premium_annual",
      STRIPE_API_URL: stripe.url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
          return fetch(`${base}/healthz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 120_000, intervals: [200] },
      )
      .toBe(200);
    const accounts = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-accounts.json"), "utf8")) as {
      accounts: { role: string; email: string; password: string }[];
    };
    const owner = accounts.accounts.find((a) => a.role === "owner")!;

    // Signed in through the auth API (the page's request shares the browser's cookies): the form has its own tests.
    const signedIn = await page.request.post(`${base}/api/auth/sign-in/email`, {
      data: { email: owner.email, password: owner.password },
      headers: { origin: base },
    });
    expect(signedIn.ok(), `sign-in: ${signedIn.status()}`).toBe(true);

    // /pricing, annual: Premium's Get Started leads to choosing the listing.
    await page.goto(`${base}/pricing?billing=annual`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Get Started with Premium" }).click();
    await expect(page).toHaveURL(/\/pricing\/choose\?plan=premium&billing=annual/);
    await expect(page.getByText("You pay by card on Stripe’s secure Checkout page")).toBeVisible();
    await page.getByRole("radio", { name: LISTING }).check();
    await page.getByRole("button", { name: "Continue to payment" }).click();

    // Stripe's page (the stand-in) sells the configured price; Pay returns to Near.
    await expect(page.getByRole("heading", { name: "Checkout (test stand-in)" })).toBeVisible();
    await expect(page.getByText("Subscribe with price price_premium_annual")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/pricing\/choose\?.*checkout=success/);
    await expect(page.getByText("Thank you: your payment went through.")).toBeVisible();

    // The webhook has moved the listing: My listings says Premium, the business page shows the badge.
    await page.goto(`${base}/portal#my-listings`);
    const row = page.getByTestId("my-listing").filter({ hasText: LISTING });
    await expect(row.getByText("Premium plan")).toBeVisible();

    // Manage billing opens Stripe's billing portal for that subscription.
    await page.goto(`${base}/pricing/choose?plan=premium`);
    await waitForHydration(page);
    await page.getByRole("radio", { name: LISTING }).check();
    await page.getByRole("button", { name: "Manage billing" }).click();
    await expect(page.getByRole("heading", { name: "Billing portal (test stand-in)" })).toBeVisible();
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    await stripe.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

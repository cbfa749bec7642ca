import fs from "node:fs";
import type { Page } from "@playwright/test";
import { BASE_URL, expect, setTheme, signIn, test, visit } from "./admin-support";
import { expectNoA11yViolations } from "./fixtures";

/**
 * /admin/import (issue 14): an admin uploads a CSV of a few hundred rows with
 * one bad row, checks the preview and the column mapping, runs it, watches
 * the progress bar reach the end, reads the summary with the rejected row's
 * line, downloads the rejects file and finds an imported listing in search.
 */

const ROWS = 300;
const BAD_ROW = 150;

function csvFixture() {
  const lines = ["id,Business Name,category,kind,address,city,state,zip,phone,hours"];
  for (let i = 1; i <= ROWS; i++) {
    const category = i === BAD_ROW ? "spaceships" : i % 2 ? "restaurants" : "shopping";
    const kind = i % 2 ? "cafe" : "gifts";
    lines.push(
      `e2e-${i},Zephyrine Corner ${i},${category},${kind},${i} Quarry Lane,Springfield,IL,62701,,Mon-Fri 08:00-17:00`,
    );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function screenshots(page: Page, step: string) {
  if (!process.env.IMPORT_SCREENSHOTS) return;
  fs.mkdirSync("reports/screenshots", { recursive: true });
  const url = page.url();
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `reports/screenshots/admin-import-${step}-${theme}-${width}.png`, fullPage: true });
    }
  }
  await setTheme(page, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(page.url()).toBe(url);
}

test.describe("admin import", () => {
  // The specs share one server's directory: the ~300 imported listings are deleted again, so the category and search
  // specs that run after this one see the demo city as it was (they count its listings).
  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext();
    try {
      await signIn(context, "admin");
      for (let round = 0; round < 20; round++) {
        const res = await context.request.get("/api/v1/businesses?q=Zephyrine%20Corner&pageSize=50");
        expect(res.ok()).toBe(true);
        const { items } = (await res.json()) as { items: { id: string; name: string }[] };
        const imported = items.filter((b) => b.name.startsWith("Zephyrine Corner "));
        if (!imported.length) break;
        for (const { id } of imported) {
          const gone = await context.request.delete(`/api/v1/businesses/${id}`, { headers: { origin: BASE_URL } });
          expect(gone.status(), `delete ${id}`).toBeLessThan(300);
        }
      }
    } finally {
      await context.close();
    }
  });

  test("upload, preview, run with progress, summary, rejects file, then the listing is in search", async ({ page }) => {
    await signIn(page, "admin");
    await visit(page, "/admin/import");
    await expect(page.getByRole("heading", { level: 1, name: "Import Listings" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Import" }),
    ).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations(page);
    await screenshots(page, "upload");

    await page
      .getByLabel("File", { exact: true })
      .setInputFiles({ name: "zephyrine.csv", mimeType: "text/csv", buffer: csvFixture() });
    await page.getByRole("button", { name: "Upload and preview" }).click();

    await expect(page.getByRole("heading", { name: "Preview of zephyrine.csv" })).toBeVisible();
    await expect(page.getByTestId("import-format")).toHaveText("CSV (detected)");
    const mapping = page.getByRole("list", { name: "Column mapping" });
    await expect(mapping.getByRole("listitem").filter({ hasText: "Business Name" })).toContainText("name");
    const rows = page.getByRole("region", { name: "Preview rows" });
    await expect(rows.getByRole("row")).toHaveCount(11);
    await expect(rows.getByRole("row").nth(1)).toContainText("Zephyrine Corner 1");
    await expect(rows.getByRole("row").nth(1)).toContainText("Mon–Fri 08:00–17:00");
    await expectNoA11yViolations(page);
    await screenshots(page, "preview");

    await page.getByRole("button", { name: "Run import" }).click();
    const bar = page.getByRole("progressbar", { name: "Progress" });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "Imported zephyrine.csv" })).toBeVisible();
    await expect(page.getByTestId("summary-inserted")).toHaveText(String(ROWS - 1));
    await expect(page.getByTestId("summary-rejected")).toHaveText("1");
    await expect(page.getByTestId("import-rates")).toContainText(
      `${ROWS} rows read · ${ROWS - 1} written · 1 rejected`,
    );
    const badLine = BAD_ROW + 1; // the header is line 1
    await expect(page.getByTestId("import-rejects")).toHaveText(`Line ${badLine}:unknown category "spaceships"`);
    await expectNoA11yViolations(page);
    await screenshots(page, "done");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download rejected rows (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("import-rejects.csv");
    const rejects = fs.readFileSync((await download.path())!, "utf8");
    expect(rejects).toBe(`line,external_id,reason\r\n${badLine},e2e-${BAD_ROW},"unknown category ""spaceships"""\r\n`);

    await visit(page, "/search?q=Zephyrine+Corner+42");
    await expect(page.getByRole("link", { name: /Zephyrine Corner 42\b/ }).first()).toBeVisible();
  });

  test("a file that can't be read gets a clear message on the form", async ({ page }) => {
    await signIn(page, "admin");
    await visit(page, "/admin/import");
    await page.getByLabel("File", { exact: true }).setInputFiles({
      name: "broken.geojson",
      mimeType: "application/json",
      buffer: Buffer.from('{"type": "FeatureCollection", "features": [ {'),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByText(/The file can't be read as OSM/).first()).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("upload and preview work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(context, "admin");
    await page.goto("/admin/import");
    await page.getByLabel("File", { exact: true }).setInputFiles({
      name: "no-js.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "id,name,category,kind,address,city,state,zip\nnojs-1,Quillwort Books,shopping,books,5 Elm St,Springfield,IL,62701\n",
      ),
    });
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview of no-js.csv" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Preview rows" })).toContainText("Quillwort Books");
    await page.getByRole("button", { name: "Choose another file" }).click();
    await expect(page.getByRole("heading", { name: "Upload a file" })).toBeVisible();
    await context.close();
  });
});

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * "Business list reloads on any change": the home, search, category and
 * business pages subscribe to the change feed (/api/v1/changes, Server-Sent
 * Events) and get its `ready` event. That a change made through another
 * server process reaches a subscriber is covered by the integration test on
 * PostgreSQL (this server's embedded database can't be written from outside).
 */

interface SseRecord {
  url: string;
  ready: boolean;
  readyState: number;
  closed: boolean;
}

/** Records every EventSource the page opens and whether its `ready` event arrived. */
async function watchEventSources(page: Page) {
  await page.addInitScript(() => {
    const Original = window.EventSource;
    const records: SseRecord[] = [];
    (window as unknown as { sse: SseRecord[] }).sse = records;
    class Recorded extends Original {
      record: SseRecord;
      override close() {
        this.record.closed = true;
        super.close();
      }
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        const record: SseRecord = {
          url: new URL(String(url), location.href).pathname,
          ready: false,
          readyState: 0,
          closed: false,
        };
        records.push(record);
        this.record = record;
        this.addEventListener("ready", () => {
          record.ready = true;
          record.readyState = this.readyState;
        });
      }
    }
    window.EventSource = Recorded;
  });
}

const sources = (page: Page) => page.evaluate(() => (window as unknown as { sse: SseRecord[] }).sse);

test.describe("live updates", () => {
  test("the change feed answers as an event stream that starts with `ready`", async ({ page, baseURL }) => {
    await page.goto("/");
    const head = await page.evaluate(async (url) => {
      const controller = new AbortController();
      const res = await fetch(url, { signal: controller.signal });
      const reader = res.body!.getReader();
      const { value } = await reader.read();
      controller.abort();
      return { status: res.status, type: res.headers.get("content-type"), first: new TextDecoder().decode(value) };
    }, `${baseURL}/api/v1/changes`);
    expect(head.status).toBe(200);
    expect(head.type).toMatch(/^text\/event-stream/);
    expect(head.first).toContain("event: ready");
  });

  for (const path of ["/", "/search", "/search?q=pizza", "/categories/restaurants"]) {
    test(`${path} subscribes to /api/v1/changes and receives ready`, async ({ page }) => {
      await watchEventSources(page);
      await page.goto(path);
      await expect
        .poll(async () => (await sources(page)).filter((s) => s.url === "/api/v1/changes" && s.ready).length)
        .toBe(1);
      const [record] = await sources(page);
      expect(record!.readyState).toBe(1); // OPEN
    });
  }

  test("a business page subscribes too, and closes its stream when the visitor leaves", async ({ page, request }) => {
    const { items } = (await (await request.get("/api/v1/businesses?q=pizza")).json()) as { items: { id: string }[] };
    await watchEventSources(page);
    await page.goto(`/business/${items[0]!.id}`);
    await expect.poll(async () => (await sources(page)).some((s) => s.url === "/api/v1/changes" && s.ready)).toBe(true);

    // Client-side navigation to another page: one stream per page, never piling up.
    await page.getByRole("link", { name: "Home" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await sources(page)).filter((s) => s.ready).length).toBe(2);
    const [business, home] = await sources(page);
    expect(business!.closed).toBe(true);
    expect(home!.closed).toBe(false);
  });
});

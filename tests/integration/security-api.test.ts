import { createElement } from "react";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { publicChange, type BusinessChange } from "~/.server/changes";
import { businesses, pageViews, reviews } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { listen, type RunningServer } from "../../server/http/serve";
import { createLogger } from "~/.server/logger";
import type { AppServices } from "../../server/services";
import { PAGE_VIEW_RATE } from "~/features/directory/page-views.server";
import { parseSearchUrl } from "~/features/directory/search-url";
import { HELPFUL_RATE, REPORT_RATE } from "~/features/reviews/queries.server";
import { CONTROL_CHARS_MESSAGE, hasControlChars, stripControlChars } from "~/lib/text";
import { loadAdmin } from "~/routes/admin.server";
import { loadSearchPage } from "~/routes/search.server";
import { createBusiness } from "../support/factories";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";
import { listingBody } from "./listings-support";

/**
 * The security review's API findings: control characters in text (400, never
 * a 500 with the values in the log), ids that are neither a UUID nor a slug
 * (404), the public change feed (published listings only), reviews of hidden
 * listings (hidden with them), rate limits on page views, helpful marks and
 * reports, and HEAD on server-rendered pages.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let services: AppServices;
let app: ReturnType<typeof createApp>;
type Client = Awaited<ReturnType<typeof signedInUser>>;
let owner: Client;
let customer: Client;
let other: Client;
let admin: Client;
let cafe: Awaited<ReturnType<typeof createBusiness>>;
let cafeReviewId: string;
const logged: string[] = [];
const db = () => ctx.database.db;
const GOOD = "Lovely coffee, friendly staff and a quiet corner to work.";
const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function addReview(businessId: string, userId: string | null, content = GOOD) {
  const [row] = await db()
    .insert(reviews)
    .values({ businessId, userId, author: "Rita Reviewer", rating: 4, content })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  // The real logger, writing to a captured stderr: what an operator's error log would hold.
  services = { ...ctx.services, logger: createLogger("warn") };
  app = createApp({ services });
  owner = await signedInUser(app, db(), { name: "Olive Owner", type: "business" });
  customer = await signedInUser(app, db(), { name: "Casey Customer" });
  other = await signedInUser(app, db(), { name: "Otto Other" });
  admin = await signedInUser(app, db(), { name: "Ada Admin", admin: true });
  cafe = await createBusiness(db(), { name: "Bean There", ownerId: owner.id });
  cafeReviewId = await addReview(cafe.id, customer.id);
});
afterAll(async () => {
  await ctx?.cleanup();
});

describe("control characters in text (finding 4)", () => {
  let spy: ReturnType<typeof vi.spyOn>;
  beforeAll(() => {
    spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
  });
  afterAll(() => {
    spy.mockRestore();
  });
  afterEach(() => {
    // Refused at validation: nothing reaches the database, so nothing — least of all the values — is logged.
    expect(logged).toEqual([]);
  });

  const NUL = "\u0000";

  it("the shared rule refuses NUL and the other C0 controls and DEL, not tab, newline or carriage return", () => {
    for (const bad of [NUL, "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f"])
      expect(hasControlChars(`a${bad}b`)).toBe(true);
    expect(hasControlChars("line one\nline two\r\n\tindented — café ✓")).toBe(false);
    expect(stripControlChars(`ca${NUL}f\u001be\n`)).toBe("cafe\n");
  });

  it("a listing's name (create) and city (edit): 400 naming the field", async () => {
    const created = await owner.request("/api/v1/businesses", {
      method: "POST",
      json: listingBody({ name: `Luna${NUL}Noodles` }),
    });
    expect(created.status).toBe(400);
    expect((await created.json()).error.fields).toMatchObject({ name: CONTROL_CHARS_MESSAGE });
    const edited = await owner.request(`/api/v1/businesses/${cafe.id}`, {
      method: "PATCH",
      json: { city: `Spring${NUL}field`, features: [`Wi${NUL}Fi`] },
    });
    expect(edited.status).toBe(400);
    expect((await edited.json()).error.fields).toMatchObject({
      city: CONTROL_CHARS_MESSAGE,
      "features.0": CONTROL_CHARS_MESSAGE,
    });
  });

  it("a message to a business: name, email and message", async () => {
    const res = await app.request(`/api/v1/businesses/${cafe.id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: `Ada${NUL}`,
        email: `ada${NUL}@example.com`,
        message: `Do you cater${NUL} events?`,
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      name: CONTROL_CHARS_MESSAGE,
      email: CONTROL_CHARS_MESSAGE,
      message: CONTROL_CHARS_MESSAGE,
    });
  });

  it("a review, an owner's reply and a report's reason", async () => {
    const review = await other.request(`/api/v1/businesses/${cafe.id}/reviews/mine`, {
      method: "PUT",
      json: { rating: 5, content: `${GOOD}${NUL}` },
    });
    expect(review.status).toBe(400);
    expect((await review.json()).error.fields).toEqual({ content: CONTROL_CHARS_MESSAGE });
    const reply = await owner.request(`/api/v1/reviews/${cafeReviewId}/reply`, {
      method: "PUT",
      json: { content: `Thank you${NUL}!` },
    });
    expect(reply.status).toBe(400);
    expect((await reply.json()).error.fields).toEqual({ content: CONTROL_CHARS_MESSAGE });
    const report = await other.request(`/api/v1/reviews/${cafeReviewId}/reports`, {
      method: "POST",
      json: { reason: `Spam${NUL} and more spam` },
    });
    expect(report.status).toBe(400);
    expect((await report.json()).error.fields).toEqual({ reason: CONTROL_CHARS_MESSAGE });
  });

  it("a page view", async () => {
    const before = (await db().select().from(pageViews)).length;
    const res = await app.request("/api/v1/page-views", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: `/x${NUL}`, name: `Home${NUL}`, referrer: `https://a.example/${NUL}` }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({
      path: CONTROL_CHARS_MESSAGE,
      name: CONTROL_CHARS_MESSAGE,
      referrer: CONTROL_CHARS_MESSAGE,
    });
    expect(await db().select().from(pageViews)).toHaveLength(before);
  });

  it("search: the API answers 400; the page drops the character and searches", async () => {
    const res = await app.request("/api/v1/businesses?q=bean%00there");
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ q: CONTROL_CHARS_MESSAGE });

    expect(parseSearchUrl(new URLSearchParams("q=bean%00"))).toMatchObject({ params: { q: "bean" }, ignored: [] });
    const context = { ...services, db: db(), nonce: "", requestId: "test", clientIp: "127.0.0.1" } as AppLoadContext;
    const page = await loadSearchPage(new Request(`${ORIGIN}/search?q=bean%00`), context);
    expect(page.error).toBe(false);
    expect(page.result.items.map((b) => b.id)).toContain(cafe.id);
  });

  it("admin search: the API answers 400; the page drops the character", async () => {
    const res = await admin.request("/api/v1/manage/businesses?q=bean%00");
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ q: CONTROL_CHARS_MESSAGE });

    const context = { ...services, db: db(), nonce: "", requestId: "test", clientIp: "127.0.0.1" } as AppLoadContext;
    const page = await loadAdmin({
      request: new Request(`${ORIGIN}/admin?q=bean%00`, { headers: { cookie: cookieOf(admin) } }),
      context,
    });
    expect(page.params.q).toBe("bean");
    expect(page.result.items.map((b) => b.id)).toContain(cafe.id);
  });

  it("a NUL in a business id is a 404, not a database error", async () => {
    for (const path of ["/api/v1/businesses/bean%00", "/api/v1/businesses/bean%00/reviews"]) {
      expect((await app.request(path)).status).toBe(404);
    }
    const message = await app.request("/api/v1/businesses/bean%00/messages", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.com", message: "Do you cater events?" }),
    });
    expect(message.status).toBe(404);
  });
});

describe("business ids: a UUID or a slug, anything else a 404 (finding 5)", () => {
  it("GET /businesses/{slug}/reviews lists the reviews like the UUID does", async () => {
    const byId = await (await app.request(`/api/v1/businesses/${cafe.id}/reviews`)).json();
    const bySlug = await app.request(`/api/v1/businesses/${cafe.slug}/reviews`);
    expect(bySlug.status).toBe(200);
    expect(await bySlug.json()).toEqual(byId);
    expect(byId.items.map((r: { id: string }) => r.id)).toContain(cafeReviewId);
  });

  it("PUT /businesses/{slug}/reviews/mine writes the review for that business", async () => {
    const res = await other.request(`/api/v1/businesses/${cafe.slug}/reviews/mine`, {
      method: "PUT",
      json: { rating: 5, content: GOOD },
    });
    expect(res.status).toBe(201);
    const [row] = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.id, (await res.json()).id));
    expect(row!.businessId).toBe(cafe.id);
  });

  it("unknown slugs, malformed ids and unknown UUIDs are 404 on every {id} route", async () => {
    const bad = ["no-such-place", "%27%3B%20drop", "Not_A_Slug", "3f1d7b3e-0000-4000-8000-000000000000"];
    for (const id of bad) {
      const checks: [Client | null, string, RequestInit & { json?: unknown }][] = [
        [null, `/api/v1/businesses/${id}`, {}],
        [null, `/api/v1/businesses/${id}/reviews`, {}],
        [customer, `/api/v1/businesses/${id}/reviews/mine`, { method: "PUT", json: { rating: 4, content: GOOD } }],
        [admin, `/api/v1/businesses/${id}`, { method: "PATCH", json: { name: "Renamed" } }],
        [admin, `/api/v1/businesses/${id}`, { method: "DELETE" }],
        [admin, `/api/v1/businesses/${id}/moderation`, { method: "POST", json: { action: "approve" } }],
        [admin, `/api/v1/manage/businesses/${id}`, {}],
        [admin, `/api/v1/businesses/${id}/photos/order`, { method: "PUT", json: { ids: [] } }],
        [admin, `/api/v1/businesses/${id}/photos/${id}`, { method: "PATCH", json: { alt: "A photo" } }],
        [admin, `/api/v1/businesses/${id}/photos/${id}`, { method: "DELETE" }],
        [customer, `/api/v1/reviews/${id}`, { method: "DELETE" }],
        [owner, `/api/v1/reviews/${id}/reply`, { method: "PUT", json: { content: "Thanks a lot!" } }],
        [owner, `/api/v1/reviews/${id}/reply`, { method: "DELETE" }],
        [other, `/api/v1/reviews/${id}/helpful`, { method: "POST" }],
        [other, `/api/v1/reviews/${id}/reports`, { method: "POST", json: { reason: "Not a real visit." } }],
        [admin, `/api/v1/admin/reviews/${id}/hide`, { method: "POST" }],
      ];
      for (const [client, path, init] of checks) {
        const res = client ? await client.request(path, init) : await app.request(path);
        expect({ path, method: init.method ?? "GET", status: res.status }).toEqual({
          path,
          method: init.method ?? "GET",
          status: 404,
        });
      }
    }
  });
});

describe("the public change feed (finding 6)", () => {
  it("publicChange: published listings only, and `removed` once when one leaves", () => {
    const published = new Set<string>(["a"]);
    const change = (op: BusinessChange["op"], id: string, status: string) =>
      publicChange({ op, id, status }, published);
    expect(change("insert", "p", "pending")).toBeNull();
    expect(change("update", "p", "rejected")).toBeNull();
    expect(change("delete", "p", "rejected")).toBeNull();
    expect(change("update", "a", "published")).toEqual({ op: "update", id: "a", status: "published" });
    expect(change("update", "a", "suspended")).toEqual({ op: "removed", id: "a" });
    expect(change("update", "a", "suspended")).toBeNull();
    expect(change("update", "a", "published")).toEqual({ op: "update", id: "a", status: "published" });
    expect(change("delete", "a", "published")).toEqual({ op: "removed", id: "a" });
    expect(change("insert", "n", "published")).toEqual({ op: "insert", id: "n", status: "published" });
  });

  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.shutdown("test done");
  });

  async function serve() {
    const running = await listen({
      app,
      port: 0,
      host: "127.0.0.1",
      logger: services.logger,
      timeoutMs: 2000,
      quietMs: 0,
      beforeClose: () => services.changes.closeAll(),
      onClosed: async () => {},
    });
    servers.push(running);
    return `http://127.0.0.1:${running.port}`;
  }

  /** Opens the feed, runs `act` once it is ready, and collects `business` events until `until` matches one. */
  async function collect(
    url: string,
    headers: Record<string, string>,
    act: () => Promise<void>,
    until: (data: Record<string, unknown>) => boolean,
  ) {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), 10_000);
    const events: Record<string, unknown>[] = [];
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream", ...headers } });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += value;
        let split: number;
        while ((split = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "{}";
          if (event === "ready") await act();
          if (event !== "business") continue;
          const parsed = JSON.parse(data) as Record<string, unknown>;
          events.push(parsed);
          if (until(parsed)) return events;
        }
      }
    } finally {
      clearTimeout(timeout);
      controller.abort();
    }
  }

  it("anonymous clients never hear of pending, rejected or suspended listings; a listing that stops being public is `removed`", async () => {
    const base = await serve();
    let draft!: { id: string };
    let shop!: { id: string };
    const events = await collect(
      `${base}/api/v1/changes`,
      {},
      async () => {
        draft = await createBusiness(db(), { name: "Secret Draft", status: "pending" });
        await db().update(businesses).set({ status: "rejected" }).where(eq(businesses.id, draft.id));
        shop = await createBusiness(db(), { name: "Open Shop" });
        await db().update(businesses).set({ status: "suspended" }).where(eq(businesses.id, shop.id));
        await db().update(businesses).set({ name: "Open Shop (closed)" }).where(eq(businesses.id, shop.id));
        await db().delete(businesses).where(eq(businesses.id, draft.id));
        await db().update(businesses).set({ name: "Bean There!" }).where(eq(businesses.id, cafe.id));
      },
      (e) => e.id === cafe.id,
    );
    expect(JSON.stringify(events)).not.toContain(draft.id);
    // (Writing a listing's hours touches the listing too: an insert may be followed by updates.)
    const shops = events.filter((e) => e.id === shop.id);
    expect(shops[0]).toEqual({ op: "insert", id: shop.id, status: "published" });
    expect(shops.slice(1, -1).every((e) => e.op === "update" && e.status === "published")).toBe(true);
    expect(shops.at(-1)).toEqual({ op: "removed", id: shop.id });
    expect(events.at(-1)).toEqual({ op: "update", id: cafe.id, status: "published" });
  });

  it("a signed-in admin's feed has every change with its status", async () => {
    const base = await serve();
    let draft!: { id: string };
    const events = await collect(
      `${base}/api/v1/changes`,
      { cookie: cookieOf(admin) },
      async () => {
        draft = await createBusiness(db(), { name: "Admin Sees Draft", status: "pending" });
        await db().update(businesses).set({ name: "Bean There" }).where(eq(businesses.id, cafe.id));
      },
      (e) => e.id === cafe.id,
    );
    expect(events[0]).toEqual({ op: "insert", id: draft.id, status: "pending" });
    expect(events.at(-1)).toEqual({ op: "update", id: cafe.id, status: "published" });
  });
});

describe("reviews of a listing that isn't public (finding 7)", () => {
  for (const status of ["pending", "rejected", "suspended"] as const) {
    it(`${status}: not listed, written, marked helpful or reported — for anyone`, async () => {
      const hidden = await createBusiness(db(), { name: `Hidden ${status}`, ownerId: owner.id });
      const reviewId = await addReview(hidden.id, customer.id);
      await db().update(businesses).set({ status }).where(eq(businesses.id, hidden.id));
      for (const client of [null, customer, owner, admin]) {
        const res = client
          ? await client.request(`/api/v1/businesses/${hidden.id}/reviews`)
          : await app.request(`/api/v1/businesses/${hidden.id}/reviews`);
        expect(res.status).toBe(404);
      }
      expect((await app.request(`/api/v1/businesses/${hidden.slug}/reviews`)).status).toBe(404);
      expect(
        (
          await other.request(`/api/v1/businesses/${hidden.id}/reviews/mine`, {
            method: "PUT",
            json: { rating: 1, content: GOOD },
          })
        ).status,
      ).toBe(404);
      expect((await other.request(`/api/v1/reviews/${reviewId}/helpful`, { method: "POST" })).status).toBe(404);
      expect(
        (
          await other.request(`/api/v1/reviews/${reviewId}/reports`, {
            method: "POST",
            json: { reason: "Not a real visit." },
          })
        ).status,
      ).toBe(404);
      const [row] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
      expect(row!.helpfulCount).toBe(0);
    });
  }
});

describe("rate limits (finding 8)", () => {
  it(`page views: ${PAGE_VIEW_RATE.limit} per address per minute count; the rest are answered alike and not stored`, async () => {
    const before = (await db().select().from(pageViews)).length;
    for (let i = 0; i < PAGE_VIEW_RATE.limit + 10; i++) {
      const res = await app.request("/api/v1/page-views", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: "/", name: "Home" }),
      });
      expect(res.status).toBe(204);
    }
    expect((await db().select().from(pageViews)).length - before).toBe(PAGE_VIEW_RATE.limit);
  });

  it(`helpful marks: ${HELPFUL_RATE.limit} per user per window, then 429 with Retry-After`, async () => {
    const voter = await signedInUser(app, db(), { name: "Vera Voter" });
    for (let i = 0; i < HELPFUL_RATE.limit; i++) {
      expect((await voter.request(`/api/v1/reviews/${cafeReviewId}/helpful`, { method: "POST" })).status).toBe(200);
    }
    const limited = await voter.request(`/api/v1/reviews/${cafeReviewId}/helpful`, { method: "POST" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe("too_many_requests");
    // Another user is not affected.
    expect((await other.request(`/api/v1/reviews/${cafeReviewId}/helpful`, { method: "POST" })).status).toBe(200);
  });

  it(`reports: ${REPORT_RATE.limit} per user per window, then 429 with Retry-After`, async () => {
    const reporter = await signedInUser(app, db(), { name: "Rory Reporter" });
    // One report per reporter and review: each report is of another review (anonymous ones, on the same cafe).
    const reviewIds = await Promise.all(
      Array.from({ length: REPORT_RATE.limit + 1 }, (_, i) => addReview(cafe.id, null, `${GOOD} Visit ${i}.`)),
    );
    for (let i = 0; i < REPORT_RATE.limit; i++) {
      const res = await reporter.request(`/api/v1/reviews/${reviewIds[i]}/reports`, {
        method: "POST",
        json: { reason: `Looks fake, number ${i}.` },
      });
      expect(res.status).toBe(201);
    }
    const limited = await reporter.request(`/api/v1/reviews/${reviewIds[REPORT_RATE.limit]}/reports`, {
      method: "POST",
      json: { reason: "Looks fake again." },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("HEAD on server-rendered pages (finding 9)", () => {
  /** A one-route build around the real entry.server: enough for React Router's document request. */
  const build = oneRouteBuild({
    default: () => createElement("html", null, createElement("body", null, createElement("h1", null, "Near"))),
  });

  it("answers like GET — text/html, same status and headers — without a body", async () => {
    const pages = createApp({ services, build });
    const get = await pages.request("/");
    expect(get.status).toBe(200);
    expect(get.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await get.text()).toContain("<h1>Near</h1>");
    const head = await pages.request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
    expect(head.headers.get("content-security-policy")).toBeTruthy();
    expect(await head.text()).toBe("");
  });
});

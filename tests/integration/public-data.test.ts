import { createElement } from "react";
import { useLoaderData, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadHome, type HomeData } from "~/routes/home.server";
import { loadSearchPage, type SearchPageData } from "~/routes/search.server";
import { loadBusinessPage } from "~/routes/business.server";
import { getUser } from "~/features/auth/guards.server";
import { eq } from "drizzle-orm";
import { businesses } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * What a signed-in user's home page shares with everyone's (app/.server/public-data.ts): read once per change, not
 * once per page, and read again as soon as something changes, by this process (a write) or any (the change feed).
 */
function Home() {
  const { categoryCounts } = useLoaderData() as HomeData;
  return createElement("html", null, createElement("body", null, `restaurants:${categoryCounts.restaurants?.total}`));
}
const build = oneRouteBuild({
  loader: ({ context }: { context: AppLoadContext }) => loadHome(context),
  default: Home,
});

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "60" });
  app = createApp({ services: ctx.services, build });
  await createBusiness(ctx.database.db, { name: "First Diner", category: "restaurants" });
});
afterAll(() => ctx.cleanup());

const queries = (res: Response) => Number(/desc="(\d+) queries"/.exec(res.headers.get("server-timing") ?? "")?.[1]);
const count = async (res: Response) => /restaurants:(\d+)/.exec(await res.text())?.[1];

describe("public data on signed-in pages", () => {
  it("is read once per change, not once per page", async () => {
    const user = await signedInUser(app, ctx.database.db);
    // Whatever an earlier change left to drop has been dropped: the first page reads, the next ones don't.
    await vi.waitFor(
      async () => {
        const first = await user.get("/");
        await first.text();
        const again = await user.get("/");
        expect(await count(again)).toBeDefined();
        // The session and the user's own rows only (the home data was 6 searches and the trending list).
        expect(queries(again)).toBeLessThan(queries(first));
      },
      { timeout: 15_000, interval: 300 },
    );
    const before = Number(await count(await user.get("/")));
    // A new listing (the change feed announces it): the next pages count it, signed in or not.
    await createBusiness(ctx.database.db, { name: "Second Diner", category: "restaurants" });
    await vi.waitFor(async () => expect(Number(await count(await user.get("/")))).toBe(before + 1), {
      timeout: 15_000,
      interval: 200,
    });
  });

  it("is dropped by a write this process answers, before its answer leaves", async () => {
    const user = await signedInUser(app, ctx.database.db);
    await (await user.get("/")).text();
    const spy = vi.spyOn(ctx.services.search, "search");
    try {
      await (await user.get("/")).text();
      expect(spy).not.toHaveBeenCalled();
      await user.post("/api/auth/update-user", { name: "Renamed" });
      await (await user.get("/")).text();
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

/** A search page around the real loader: its results are the same for everyone, so they are shared too. */
function Search() {
  const { result } = useLoaderData() as SearchPageData;
  return createElement("html", null, createElement("body", null, `found:${result.total}`));
}
const searchBuild = oneRouteBuild({
  loader: ({ request, context }: { request: Request; context: AppLoadContext }) => loadSearchPage(request, context),
  default: Search,
});

describe("search results on signed-in pages", () => {
  let searchApp: ReturnType<typeof createApp>;
  beforeAll(() => {
    searchApp = createApp({ services: ctx.services, build: searchBuild });
  });
  const found = async (res: Response) => Number(/found:(\d+)/.exec(await res.text())?.[1]);

  it("are read once per change for everyone, and again after a change", async () => {
    const alice = await signedInUser(searchApp, ctx.database.db);
    const bob = await signedInUser(searchApp, ctx.database.db);
    const spy = vi.spyOn(ctx.services.search, "search");
    try {
      await vi.waitFor(
        async () => {
          spy.mockClear();
          await (await alice.get("/?q=diner")).text();
          // Another user's page with the same search reads nothing of the search again.
          const second = await bob.get("/?q=diner");
          expect(await found(second)).toBeGreaterThan(0);
          expect(spy).toHaveBeenCalledTimes(1);
        },
        { timeout: 15_000, interval: 300 },
      );
      // Another search is its own entry.
      await (await bob.get("/?q=diner&page=2")).text();
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    const before = await found(await alice.get("/?q=diner"));
    await createBusiness(ctx.database.db, { name: "Third Diner", category: "restaurants" });
    await vi.waitFor(async () => expect(await found(await alice.get("/?q=diner"))).toBe(before + 1), {
      timeout: 15_000,
      interval: 200,
    });
  });
});

/** A business page around the real loader: the listing as everyone sees it (its row, photos, hours, events). */
function Business() {
  const { business } = useLoaderData() as Awaited<ReturnType<typeof loadBusinessPage>>;
  return createElement("html", null, createElement("body", null, `name:${business.name}`));
}
const businessBuild = oneRouteBuild({
  loader: async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    const viewer = await getUser({ request, context });
    const { listing: _listing, ...page } = await loadBusinessPage(
      new URL(request.url).searchParams.get("id") ?? "",
      context,
      viewer,
    );
    return page;
  },
  default: Business,
});

describe("a listing on signed-in business pages", () => {
  let businessApp: ReturnType<typeof createApp>;
  let listing: { id: string };
  beforeAll(async () => {
    businessApp = createApp({ services: ctx.services, build: businessBuild });
    listing = await createBusiness(ctx.database.db, { name: "Shared Bakery", category: "shopping" });
  });
  const name = async (res: Response) => /name:([^<]*)/.exec(await res.text())?.[1];

  it("is read once per change for everyone, and again after a change", async () => {
    const alice = await signedInUser(businessApp, ctx.database.db);
    const bob = await signedInUser(businessApp, ctx.database.db);
    await vi.waitFor(
      async () => {
        const first = await alice.get(`/?id=${listing.id}`);
        expect(await name(first)).toBe("Shared Bakery");
        // Another user's page reads only their session: the listing's row, photos, hours and events are shared.
        const second = await bob.get(`/?id=${listing.id}`);
        expect(await name(second)).toBe("Shared Bakery");
        expect(queries(second)).toBeLessThanOrEqual(queries(first) - 5);
      },
      { timeout: 15_000, interval: 300 },
    );
    // A change from anywhere (the change feed announces it) reaches the next page.
    await ctx.database.db.update(businesses).set({ name: "Shared Bakery & Cafe" }).where(eq(businesses.id, listing.id));
    await vi.waitFor(
      async () => expect(await name(await bob.get(`/?id=${listing.id}`))).toBe("Shared Bakery &amp; Cafe"),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
  });
});

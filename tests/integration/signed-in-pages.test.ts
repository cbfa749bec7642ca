import { eq } from "drizzle-orm";
import { createElement } from "react";
import { Outlet, useLoaderData, useRouteLoaderData, type AppLoadContext, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as entryServer from "~/entry.server";
import { sessions } from "~/.server/db/schema";
import { rootAccountData } from "~/features/auth/root.server";
import { getUser } from "~/features/auth/guards.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Signed-in pages (issue 13): the session is read once per page however many loaders ask, and nothing about one
 * user's page reaches another user, a signed-out visitor or a shared cache; a revoked or signed-out session stops
 * working at once. A root route and a child page around the real entry.server, as the app's are: the root's loader
 * reads the account for the navigation, the page's loader reads the user again (as the business page's do).
 */
type Args = { request: Request; context: AppLoadContext };
function Root() {
  return createElement("html", null, createElement("body", null, createElement(Outlet)));
}
function Page() {
  const root = useRouteLoaderData("root") as { name: string | null };
  const { viewer } = useLoaderData() as { viewer: string | null };
  return createElement("p", null, `nav:${root.name ?? "signed-out"} page:${viewer ?? "signed-out"}`);
}
const route = (id: string, extra: Record<string, unknown>) => ({
  id,
  module: `/assets/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  imports: [],
  ...extra,
});
const build = {
  entry: { module: entryServer },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        loader: async ({ request, context }: Args) => {
          const { user, headers } = await rootAccountData(request, context);
          return Response.json({ name: user?.name ?? null }, { headers });
        },
        default: Root,
      },
    },
    page: {
      id: "page",
      parentId: "root",
      path: "search",
      module: {
        loader: async (args: Args) => ({ viewer: (await getUser(args))?.name ?? null }),
        default: Page,
      },
    },
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: { root: route("root", { path: "" }), page: route("page", { path: "search", parentId: "root" }) },
    url: "/assets/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let business: { id: string };
beforeAll(async () => {
  // The anonymous page cache on, as in production: signed-in pages must never enter it or come out of it.
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "60" });
  app = createApp({ services: ctx.services, build });
  business = await createBusiness(ctx.database.db, { name: "Signed Cafe" });
});
afterAll(() => ctx.cleanup());

const page = async (res: Response) => /nav:([^\s<]+) page:([^\s<]+)/.exec(await res.text())?.slice(1, 3);

describe("signed-in pages", () => {
  it("read the session once per page, not once per loader", async () => {
    const alice = await signedInUser(app, ctx.database.db, { name: "Alice" });
    const spy = vi.spyOn(ctx.services.auth.api, "getSession");
    try {
      const res = await alice.get("/search?q=a");
      expect(res.status).toBe(200);
      expect(await page(res)).toEqual(["Alice", "Alice"]);
      expect(spy).toHaveBeenCalledTimes(1);
      // The session with its user is one query (Better Auth's joins), then the admin grant: nothing else here.
      expect(res.headers.get("server-timing")).toMatch(/db;dur=[\d.]+;desc="2 queries"/);
      // A second page is a second request: read again (a revoked session must not live on).
      await (await alice.get("/search?q=a")).text();
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("are never served to another user, to a signed-out visitor, or kept by a shared cache", async () => {
    const alice = await signedInUser(app, ctx.database.db, { name: "Alice" });
    const bob = await signedInUser(app, ctx.database.db, { name: "Bob" });
    const path = "/search?q=same-page";
    const a = await alice.get(path);
    expect(a.headers.get("x-cache")).toBeNull();
    // Only for this browser, and checked again every time.
    expect(a.headers.get("cache-control")).toBe("private, no-cache");
    expect(a.headers.get("vary")).toMatch(/Cookie/);
    expect(await page(a)).toEqual(["Alice", "Alice"]);
    expect(await page(await bob.get(path))).toEqual(["Bob", "Bob"]);
    const anonymous = await app.request(path);
    expect(anonymous.headers.get("x-cache")).toBe("MISS");
    expect(await page(anonymous)).toEqual(["signed-out", "signed-out"]);
    // The anonymous copy, now kept, is not what a signed-in user gets.
    expect(await page(await alice.get(path))).toEqual(["Alice", "Alice"]);
    expect((await app.request(path)).headers.get("x-cache")).toBe("HIT");
  });

  it("stop at once when signed out: pages show signed out, the old cookie can change nothing", async () => {
    const carol = await signedInUser(app, ctx.database.db, { name: "Carol" });
    const stolen = carol.jar.size ? [...carol.jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
    expect(await page(await carol.get("/search?q=c"))).toEqual(["Carol", "Carol"]);
    expect((await carol.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(carol.hasSession()).toBe(false);
    expect(await page(await carol.get("/search?q=c"))).toEqual(["signed-out", "signed-out"]);
    // The cookie as it was before signing out (kept by someone else): dead for pages and for writes.
    expect(await page(await app.request("/search?q=c", { headers: { cookie: stolen } }))).toEqual([
      "signed-out",
      "signed-out",
    ]);
    const save = await app.request(`/api/v1/businesses/${business.id}/favorite`, {
      method: "PUT",
      headers: { cookie: stolen, origin: "http://near.test" },
    });
    expect(save.status).toBe(401);
  });

  it("stop at once when the session is revoked elsewhere (another device, a password change)", async () => {
    const dan = await signedInUser(app, ctx.database.db, { name: "Dan" });
    const save = () => dan.request(`/api/v1/businesses/${business.id}/favorite`, { method: "PUT" });
    expect((await save()).status).toBe(200);
    expect(await page(await dan.get("/search?q=d"))).toEqual(["Dan", "Dan"]);
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, dan.id));
    expect((await save()).status).toBe(401);
    expect(await page(await dan.get("/search?q=d"))).toEqual(["signed-out", "signed-out"]);
  });
});

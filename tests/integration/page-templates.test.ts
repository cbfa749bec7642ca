import { gunzipSync } from "node:zlib";
import { createElement } from "react";
import {
  Outlet,
  Scripts,
  useLoaderData,
  useRouteLoaderData,
  type AppLoadContext,
  type ServerBuild,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as entryServer from "~/entry.server";
import { rootAccountData } from "~/features/auth/root.server";
import type { NavUser } from "~/components/layout/user-menu-parts";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Signed-in page templates (issue 13, ADR 016, app/.server/page-templates.ts) through the real Hono app and
 * entry.server: readers in the same situation share one render, each answer carries its own reader's strings, and
 * every answer is byte for byte the page rendered for that reader alone (a crawler's request, which templates never
 * serve). The reader's strings land in HTML text, in attributes and in React Router's data script.
 */
type Args = { request: Request; context: AppLoadContext };
type RootData = { user: NavUser | null };
type PageData = { viewer: { name: string } | null; q: string; echo?: string };

function Root() {
  const { user } = useRouteLoaderData("root") as RootData;
  return createElement(
    "html",
    null,
    createElement(
      "body",
      null,
      createElement("nav", { "aria-label": user ? `Account menu for ${user.name}` : "Sign in" }, [
        createElement("span", { key: "i" }, user?.initials ?? ""),
        createElement("span", { key: "n" }, user?.name ?? "signed-out"),
        createElement("a", { key: "e", href: `mailto:${user?.email ?? ""}` }, user?.email ?? ""),
      ]),
      createElement(Outlet),
      createElement(Scripts),
    ),
  );
}
function Page() {
  const { viewer, q, echo } = useLoaderData() as PageData;
  return createElement(
    "main",
    null,
    createElement("p", null, viewer ? `Posting publicly as ${viewer.name}.` : "Sign in to post"),
    createElement("input", { name: "q", defaultValue: q }),
    echo ? createElement("p", null, echo) : null,
  );
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
let pageLoads = 0;
const pageModule = {
  loader: async ({ request, context }: Args): Promise<PageData> => {
    pageLoads += 1;
    const { user } = await rootAccountData(request, context);
    const url = new URL(request.url);
    const q = url.searchParams.get("q") ?? "";
    // ?echo puts the reader's name where no template may hold it (a field of the page's own, not a user's).
    return {
      viewer: user ? { name: user.name } : null,
      q,
      ...(url.searchParams.has("echo") ? { echo: user?.name } : {}),
    };
  },
  default: Page,
};
const build = {
  entry: { module: entryServer },
  routes: {
    root: {
      id: "root",
      path: "",
      module: {
        loader: async ({ request, context }: Args) => {
          const { user, headers } = await rootAccountData(request, context);
          return Response.json({ user } satisfies RootData, { headers });
        },
        default: Root,
      },
    },
    search: { id: "search", parentId: "root", path: "search", module: pageModule },
    portal: { id: "portal", parentId: "root", path: "portal", module: pageModule },
  },
  assets: {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: {
      root: route("root", { path: "" }),
      search: route("search", { path: "search", parentId: "root" }),
      portal: route("portal", { path: "portal", parentId: "root" }),
    },
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

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
/** isbot: a crawler gets the whole document at once, never from a template. */
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "60" });
  app = createApp({ services: ctx.services, build });
});
afterAll(() => ctx.cleanup());

type Reader = Awaited<ReturnType<typeof signedInUser>>;
const templateOf = (res: Response) => /template;desc="([^"]*)"/.exec(res.headers.get("server-timing") ?? "")?.[1];
/** The body with its nonce taken out (each answer has its own). */
async function body(res: Response, gzip = false) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const html = (gzip ? gunzipSync(bytes) : bytes).toString("utf8");
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return nonce ? html.replaceAll(nonce, "NONCE") : html;
}
const get = (reader: Reader, path: string, userAgent = BROWSER, encoding = "identity") =>
  reader.get(path, { headers: { "user-agent": userAgent, "accept-encoding": encoding } });
/** The page rendered for the reader alone. */
const alone = async (reader: Reader, path: string) => body(await get(reader, path, CRAWLER));

// Names that need every kind of escaping: HTML's, JSON's inside React Router's script, and the script's own.
const NAMES = [
  `Zoë "O'Brien" <script>alert(1)</script> & co`,
  "Back\\slash \u2028line\u2029 😀 </script><!--",
  "Ada Lovelace",
];

describe("signed-in page templates", () => {
  it("serve readers in the same situation one render, each page exactly the one rendered for its reader", async () => {
    const readers = await Promise.all(NAMES.map((name) => signedInUser(app, ctx.database.db, { name })));
    const path = "/search?q=tacos+%26+%3Cmore%3E";
    const outcomes: (string | undefined)[] = [];
    for (const reader of readers) {
      const res = await get(reader, path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      expect(res.headers.get("vary")).toMatch(/Cookie/);
      outcomes.push(templateOf(res));
      const html = await body(res);
      expect(html).toBe(await alone(reader, path));
      // Their own name and address, no one else's.
      for (const other of readers) {
        const mine = other === reader;
        expect(html.includes(other.email)).toBe(mine);
      }
    }
    expect(outcomes).toEqual(["miss", "hit", "hit"]);
    // In gzip, made from the template's compressed parts: the same page.
    const zipped = await get(readers[0]!, path, BROWSER, "gzip");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(templateOf(zipped)).toBe("hit");
    expect(await body(zipped, true)).toBe(await alone(readers[0]!, path));
  });

  it("put the reader's strings back where the browser reads them: text, attributes and the page's data", async () => {
    const reader = await signedInUser(app, ctx.database.db, { name: NAMES[0] });
    await get(reader, "/search?q=data");
    const html = await body(await get(reader, "/search?q=data"));
    expect(html).toContain(`aria-label="Account menu for Zoë &quot;O&#x27;Brien&quot; &lt;script&gt;`);
    expect(html).toContain(`<span>ZC</span>`);
    // React Router's script: the turbo-stream line, JSON-encoded again, then made safe for HTML.
    const script = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
    const line = JSON.parse(script!) as string;
    const entries = JSON.parse(line.split("\n")[0]!) as unknown[];
    expect(entries).toContain(NAMES[0]);
    expect(entries).toContain(reader.email);
    expect(entries).toContain(reader.id);
    expect(html).not.toContain("<script>alert(1)");
  });

  it("render a page for its reader alone when their strings are anywhere else in its data", async () => {
    const reader = await signedInUser(app, ctx.database.db, { name: "Echo Reader" });
    const res = await get(reader, "/search?q=echo&echo");
    expect(templateOf(res)).toBe("skip: personal value at loaderData.search.echo");
    const html = await body(res);
    expect(html).toBe(await alone(reader, "/search?q=echo&echo"));
    expect(html).toContain("<p>Echo Reader</p>");
  });

  it("read every reader's data for them: a template saves the render, not the loaders", async () => {
    const [a, b] = await Promise.all([
      signedInUser(app, ctx.database.db, { name: "Loader One" }),
      signedInUser(app, ctx.database.db, { name: "Loader Two" }),
    ]);
    await get(a, "/search?q=loaders");
    const before = pageLoads;
    const res = await get(b, "/search?q=loaders");
    expect(templateOf(res)).toBe("hit");
    expect(pageLoads).toBe(before + 1);
    expect(res.headers.get("server-timing")).toMatch(/db;dur=[\d.]+;desc="[1-9]\d* queries"/);
  });

  it("are dropped by any write, and never used for visitors, private pages or crawlers", async () => {
    const reader = await signedInUser(app, ctx.database.db, { name: "Writer" });
    expect(templateOf(await get(reader, "/search?q=write"))).toBe("miss");
    expect(templateOf(await get(reader, "/search?q=write"))).toBe("hit");
    // Any write this process answers (here: signing in again), as with the anonymous page cache.
    await reader.post("/api/auth/sign-out", {});
    const again = await signedInUser(app, ctx.database.db, { name: "Writer" });
    expect(templateOf(await get(again, "/search?q=write"))).toBe("miss");
    // A visitor without an account: the anonymous page cache, not a template.
    const visitor = await app.request("/search?q=write", { headers: { "user-agent": BROWSER } });
    expect(templateOf(visitor)).toBeUndefined();
    expect(visitor.headers.get("x-cache")).toBe("MISS");
    // A page that isn't the same for everyone: rendered for its reader.
    expect(templateOf(await get(again, "/portal?q=write"))).toBeUndefined();
    expect(templateOf(await get(again, "/search?q=write", CRAWLER))).toBeUndefined();
  });

  it("a reader whose strings can't be told apart (a name equal to the address) gets their own render", async () => {
    const reader = await signedInUser(app, ctx.database.db, { name: "Same" });
    const renamed = await reader.json("/api/auth/update-user", { name: reader.email });
    expect(renamed.status).toBe(200);
    const res = await get(reader, "/search?q=same");
    expect(templateOf(res)).toBe("skip: no reader");
    expect(await body(res)).toBe(await alone(reader, "/search?q=same"));
  });
});

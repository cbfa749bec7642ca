import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/.server/logger";
import { createApp } from "../../server/http/app";
import { routeTableBuild, type TableRoute } from "../support/route-table-build";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Issue 37 (info): `OPTIONS /account/export` answered with the export — React Router runs a resource route's loader
 * (and any page's, through its `.data` URL) for OPTIONS. Every page route now answers OPTIONS with 204 and `Allow`,
 * and a method it doesn't handle with 405 and `Allow`, before any loader runs (server/http/page-methods.ts). And a
 * client's mistake — a 405, or React Router's 404 for a path with a line break — is logged at info, not as an error.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let routes: TableRoute[];
let cookie = "";
let lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
  const table = await routeTableBuild();
  routes = table.routes;
  app = createApp({
    services: { ...ctx.services, logger: createLogger("debug", { pretty: false }) },
    build: table.build,
  });
  const user = await signedInUser(app, ctx.database.db, { admin: true });
  cookie = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
});
afterAll(async () => {
  await ctx?.cleanup();
});

/** The answer, with every log line written while it was made. */
async function send(path: string, method: string) {
  lines = [];
  const write = (chunk: unknown) => {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(write as never);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(write as never);
  try {
    const res = await app.request(`http://near.test${path}`, {
      method,
      headers: { cookie, origin: "http://near.test" },
    });
    return { res, body: await res.text() };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const entries = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string; status?: number });
const urlOf = (route: TableRoute) =>
  `/${route.pattern.replace(/:[a-z]+/gi, "00000000-0000-4000-8000-000000000000").replace("*", "no-such-page")}`;

describe("methods a page doesn't handle", () => {
  it("OPTIONS /account/export (and its .data URL) answers 204 with Allow, without the export", async () => {
    for (const path of ["/account/export", "/account/export.data"]) {
      const { res, body } = await send(path, "OPTIONS");
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(body).toBe("");
      expect(entries().map((e) => e.msg)).toEqual(["request"]);
    }
  });

  it("every page route answers OPTIONS with 204 and the methods it handles, running no loader", async () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const path = urlOf(route);
      for (const url of [path, path === "/" ? "/_root.data" : `${path}.data`]) {
        const { res, body } = await send(url, "OPTIONS");
        expect({ url, status: res.status, body }).toEqual({ url, status: 204, body: "" });
        const allow = route.hasAction ? "GET, HEAD, POST, OPTIONS" : "GET, HEAD, OPTIONS";
        expect({ url, allow: res.headers.get("allow") }).toEqual({ url, allow });
        // No loader ran: the request's only log line is the access log's, and it made no query.
        expect(entries()).toEqual([expect.objectContaining({ msg: "request", queries: 0 })]);
      }
    }
  });

  it("PUT, PATCH, DELETE, and POST where there is no action, are 405 with Allow, logged at info", async () => {
    const withAction = routes.find((r) => r.pattern === "account/settings")!;
    expect(withAction.hasAction).toBe(true);
    const cases: [string, string, string][] = [
      ["PUT", "/account/settings", "GET, HEAD, POST, OPTIONS"],
      ["PATCH", "/account/settings.data", "GET, HEAD, POST, OPTIONS"],
      ["DELETE", "/", "GET, HEAD, OPTIONS"],
      ["POST", "/account/export", "GET, HEAD, OPTIONS"],
      ["POST", "/about", "GET, HEAD, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const { res } = await send(path, method);
      expect({ method, path, status: res.status, allow: res.headers.get("allow") }).toEqual({
        method,
        path,
        status: 405,
        allow,
      });
      expect(entries().filter((e) => e.level >= 40)).toEqual([]);
    }
  });

  it("a path no route can match (a line break in it) is a 404 logged at info, not as an error", async () => {
    for (const path of ["/%0d%0a", "/blog%0d%0aSet-Cookie:x=1", "/%0a.data"]) {
      const { res } = await send(path, "GET");
      expect(res.status).toBe(404);
      expect(entries().filter((e) => e.level >= 40)).toEqual([]);
      expect(entries()).toContainEqual(expect.objectContaining({ msg: "Client error", level: 30, status: 404 }));
    }
  });
});

import { createElement } from "react";
import { Links, Scripts } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { oneRouteBuild } from "../support/one-route-build";
import { createTestServices } from "../support/services";

/**
 * The route's JavaScript starts after the first paint (app/.server/defer-modules.ts), through the real Hono app,
 * entry.server, React Router's <Scripts /> and the page cache: nothing but the stylesheet is requested from the head,
 * and every script and link keeps the answer's CSP nonce, on a render and on a cache hit alike.
 */
const build = oneRouteBuild({
  default: () =>
    createElement(
      "html",
      { lang: "en" },
      createElement("head", null, createElement("title", null, "Near"), createElement(Links)),
      createElement("body", null, createElement("h1", null, "Near"), createElement(Scripts)),
    ),
});

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", PAGE_CACHE_SECONDS: "60" });
  app = createApp({ services: ctx.services, build });
});
afterAll(() => ctx.cleanup());

async function page(path: string) {
  const res = await app.request(path);
  expect(res.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await res.text();
  const end = html.indexOf("</head>");
  return { res, nonce: nonce!, html, head: html.slice(0, end), body: html.slice(end) };
}

describe("the route's JavaScript after the first paint", () => {
  it("keeps the modulepreload links in an inert template, with the nonce, on a render and a cache hit", async () => {
    for (const [i, cache] of ["MISS", "HIT"].entries()) {
      const { res, nonce, html, head, body } = await page("/?deferred");
      expect(res.headers.get("x-cache"), `answer ${i + 1}`).toBe(cache);
      // No modulepreload link the browser would fetch before the paint: all inside the template, last in the head.
      const template = /<template id="near-modules">(.*?)<\/template>$/.exec(head);
      expect(template).not.toBeNull();
      expect(head.replace(template![0], "")).not.toContain("modulepreload");
      const links = [...template![1]!.matchAll(/<link [^>]*>/g)].map((m) => m[0]);
      expect(links.map((l) => /href="([^"]+)"/.exec(l)?.[1])).toEqual(["/assets/entry.js", "/assets/root.js"]);
      for (const link of links) {
        expect(link).toContain(`rel="modulepreload"`);
        expect(link).toContain(`nonce="${nonce}"`);
      }
      // React Router's module script is inert, and the script right after it starts it (with the same nonce).
      expect(body).not.toMatch(/<script[^>]*type="module"/);
      const inert =
        /<script nonce="([^"]+)" type="near\/module">([^<]*)<\/script><script nonce="([^"]+)">([^<]*)<\/script>/.exec(
          body,
        );
      expect(inert).not.toBeNull();
      expect(inert![1]).toBe(nonce);
      expect(inert![3]).toBe(nonce);
      expect(inert![2]).toContain('import("/assets/entry.js")');
      expect(inert![4]).toContain('getElementById("near-modules")');
      // Every nonce in the page is this answer's.
      expect([...html.matchAll(/nonce="([^"]+)"/g)].every((m) => m[1] === nonce)).toBe(true);
    }
  });
});

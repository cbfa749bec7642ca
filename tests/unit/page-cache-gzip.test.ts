import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { prefersGzip } from "../../app/.server/gzip-parts";
import { bodyWithNonce, createPageCache, gzipWithNonce } from "../../server/http/page-cache";

/** A kept page's gzip, assembled per answer around its nonce (server/http/page-cache.ts gzipWithNonce). */
function keep(body: string, nonce: string) {
  const cache = createPageCache({ ttlSeconds: 60 });
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  return cache.set("/", { status: 200, headers, body, nonce, appearances: [] }, cache.generation())!;
}

describe("gzipWithNonce", () => {
  const rendered = "N0NCE-rendered";
  it.each([
    [
      "a page with nonces in it",
      `<html><script nonce="${rendered}">1</script><p>Café ☕ ${"lorem ipsum ".repeat(2000)}</p><script nonce="${rendered}">2</script></html>`,
    ],
    ["a nonce at the start and at the end", `${rendered}middle${rendered}`],
    ["two nonces side by side", `a${rendered}${rendered}b`],
    ["no nonce at all", `{"items":[],"total":0}`],
    ["an empty body", ""],
  ])("decodes to the page with this answer's nonce: %s", (_name, body) => {
    const entry = keep(body, rendered);
    for (const nonce of ["fresh-nonce-1", "another+nonce/2=="]) {
      const expected = body.replaceAll(rendered, nonce);
      const gzip = Buffer.from(gzipWithNonce(entry, nonce));
      expect(zlib.gunzipSync(gzip).toString()).toBe(expected);
      expect(Buffer.from(bodyWithNonce(entry, nonce)).toString()).toBe(expected);
    }
  });

  it("compresses a real page about as well as compressing it whole", () => {
    const body = `<html>${Array.from({ length: 400 }, (_, i) => `<li class="card">Business ${i}</li>`).join("")}<script nonce="${rendered}"></script></html>`;
    const ours = gzipWithNonce(keep(body, rendered), "x".repeat(22)).length;
    const whole = zlib.gzipSync(body.replaceAll(rendered, "x".repeat(22))).length;
    expect(ours).toBeLessThan(whole * 1.1 + 64);
  });
});

describe("prefersGzip", () => {
  const accepts = (value?: string) =>
    prefersGzip(new Request("http://near.test/", { headers: value === undefined ? {} : { "accept-encoding": value } }));
  it("follows the compression middleware's choice", () => {
    expect(accepts("gzip, deflate, br, zstd")).toBe(true);
    expect(accepts("gzip")).toBe(true);
    expect(accepts("*")).toBe(true);
    expect(accepts(undefined)).toBe(false);
    expect(accepts("br")).toBe(false);
    expect(accepts("identity")).toBe(false);
    expect(accepts("gzip;q=0, deflate")).toBe(false);
    expect(accepts("gzip;q=0.5, deflate;q=0.9")).toBe(false);
    expect(accepts("deflate;q=0.5, gzip;q=0.8")).toBe(true);
  });
});

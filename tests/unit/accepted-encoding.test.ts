import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { acceptedEncoding } from "~/.server/gzip-parts";

const HEADERS = [
  "gzip, deflate, br",
  "deflate",
  "gzip;q=0",
  "gzip;q=0, deflate",
  "gzip;q=0.5, deflate",
  "deflate;q=0.5, gzip;q=0.5",
  "*",
  "*;q=0",
  "*;q=0.3, deflate;q=0.2",
  "br",
  "identity",
  "",
  "GZIP",
  " gzip ; q=0.8 , deflate;q=0.9",
];

describe("acceptedEncoding", () => {
  it("reads q-values and the wildcard, gzip on a tie", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("gzip");
    expect(acceptedEncoding("deflate")).toBe("deflate");
    expect(acceptedEncoding("gzip;q=0")).toBeUndefined();
    expect(acceptedEncoding("gzip;q=0.5, deflate")).toBe("deflate");
    expect(acceptedEncoding("*")).toBe("gzip");
    expect(acceptedEncoding("br")).toBeUndefined();
    expect(acceptedEncoding(null)).toBeUndefined();
  });

  // The compression middleware is told this choice (server/http/app.ts); left to itself it would choose the same.
  it("chooses what hono/compress would choose on its own", async () => {
    const app = new Hono();
    app.use(compress());
    app.get("/", (c) => c.text("x".repeat(4096)));
    for (const header of HEADERS) {
      const res = await app.request("/", { headers: { "accept-encoding": header } });
      expect(res.headers.get("content-encoding") ?? undefined, header).toBe(acceptedEncoding(header));
    }
  });
});

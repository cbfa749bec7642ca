import { describe, expect, it } from "vitest";
import { createPageCache } from "../../server/http/page-cache";

const page = (body: string) => ({
  status: 200,
  headers: new Headers({ "content-type": "text/html" }),
  body,
  nonce: "",
  appearances: [],
});

describe("createPageCache", () => {
  it("keeps a page for its time to live, then drops it", () => {
    let clock = 1_000;
    const cache = createPageCache({ ttlSeconds: 30, now: () => clock });
    cache.set("/a", page("a"), cache.generation());
    clock += 29_000;
    expect(cache.get("/a")).toBeDefined();
    expect(cache.age(cache.get("/a")!)).toBe(29);
    clock += 2_000;
    expect(cache.get("/a")).toBeUndefined();
  });

  it("bounds the entries and the bytes, the least recently used going first", () => {
    const cache = createPageCache({ ttlSeconds: 60, maxEntries: 2 });
    cache.set("/a", page("a"), cache.generation());
    cache.set("/b", page("b"), cache.generation());
    cache.get("/a");
    cache.set("/c", page("c"), cache.generation());
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c")].map(Boolean)).toEqual([true, false, true]);

    const small = createPageCache({ ttlSeconds: 60, maxBytes: 80_000 });
    const big = "x".repeat(9_000);
    expect(small.set("/huge", page("y".repeat(20_000)), small.generation())).toBeUndefined();
    for (const key of ["/1", "/2", "/3", "/4", "/5", "/6", "/7", "/8", "/9", "/10"])
      small.set(key, page(big), small.generation());
    expect(small.size()).toBeLessThan(10);
    expect(small.get("/10")).toBeDefined();
    expect(small.get("/1")).toBeUndefined();
  });

  it("keeps nothing rendered before a clear, or with the time to live at 0", () => {
    const cache = createPageCache({ ttlSeconds: 60 });
    const before = cache.generation();
    cache.clear();
    expect(cache.set("/a", page("a"), before)).toBeUndefined();
    const off = createPageCache({ ttlSeconds: 0 });
    expect(off.set("/a", page("a"), off.generation())).toBeUndefined();
  });
});

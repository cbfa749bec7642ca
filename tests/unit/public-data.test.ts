import { describe, expect, it } from "vitest";
import { createPublicData } from "~/.server/public-data";

describe("createPublicData", () => {
  it("shares a value until its time is up, and bounds the entries (oldest first)", async () => {
    let clock = 1_000; // lru-cache reads a start of 0 as "no time to live"
    const data = createPublicData({ ttlSeconds: 10, now: () => clock, maxEntries: 2 });
    let loads = 0;
    const load = (v: string) => () => Promise.resolve(`${v}${++loads}`);
    expect(await data.get("a", load("a"))).toBe("a1");
    expect(await data.get("a", load("a"))).toBe("a1");
    clock += 10_001;
    expect(await data.get("a", load("a"))).toBe("a2");
    await data.get("b", load("b"));
    await data.get("c", load("c"));
    // "a" was the least recently used of three: gone.
    expect(await data.get("a", load("a"))).toBe("a5");
    data.clear();
    expect(await data.get("c", load("c"))).toBe("c6");
  });

  it("shares one load between concurrent callers and keeps no failure", async () => {
    const data = createPublicData({ ttlSeconds: 60 });
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error("down"));
    };
    const [first, second] = [data.get("k", failing), data.get("k", failing)];
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(calls).toBe(1);
    expect(await data.get("k", () => Promise.resolve("up"))).toBe("up");
  });

  it("computes every time when turned off", async () => {
    const data = createPublicData({ ttlSeconds: 0 });
    let n = 0;
    await data.get("k", () => Promise.resolve(++n));
    expect(await data.get("k", () => Promise.resolve(++n))).toBe(2);
  });
});

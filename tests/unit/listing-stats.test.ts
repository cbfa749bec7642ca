import { describe, expect, it } from "vitest";
import { dayTicks, niceMax } from "~/features/stats/components/stats-chart";
import { changeLabel, shortDay } from "~/features/stats/format";
import { isBotRequest } from "~/lib/bots";
import { addDays, dayIn, statPeriod } from "~/lib/listing-stats";

/** Listing stats' small pieces (issue #16): periods, site days, the change in words, the chart's scale, bots. */
describe("listing stats helpers", () => {
  it("a period from the URL: 7, 30 or 90, anything else 30", () => {
    expect([statPeriod("7"), statPeriod("90"), statPeriod("30")]).toEqual([7, 90, 30]);
    for (const bad of [null, undefined, "", "12", "abc", "7.0x", "-7"]) expect(statPeriod(bad)).toBe(30);
  });

  it("days are the site's calendar days", () => {
    // 03:30 UTC on June 15 is still June 14 in Chicago; 12:00 UTC is June 15.
    expect(dayIn("America/Chicago", new Date("2026-06-15T03:30:00Z"))).toBe("2026-06-14");
    expect(dayIn("America/Chicago", new Date("2026-06-15T12:00:00Z"))).toBe("2026-06-15");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(shortDay("2026-11-23")).toBe("Nov 23");
  });

  it("says the change in words", () => {
    expect(changeLabel({ current: 12, previous: 10, change: 20 })).toEqual({ text: "+20%", tone: "up" });
    expect(changeLabel({ current: 5, previous: 10, change: -50 })).toEqual({ text: "−50%", tone: "down" });
    expect(changeLabel({ current: 10, previous: 10, change: 0 })).toEqual({ text: "No change", tone: "flat" });
    expect(changeLabel({ current: 3, previous: 0, change: null })).toEqual({ text: "New", tone: "new" });
    expect(changeLabel({ current: 0, previous: 0, change: null })).toEqual({ text: "No change", tone: "flat" });
  });

  it("the chart's top is round and even, at least 4", () => {
    expect([0, 3, 5, 7, 9, 11, 22, 35, 99, 101, 1234].map(niceMax)).toEqual([
      4, 4, 6, 8, 10, 20, 30, 40, 100, 200, 2000,
    ]);
  });

  it("the chart's day labels: today and every step-th day before it, evenly spaced, within the limit", () => {
    // Issue 40, defect 20: 30 days were labelled at days 0, 5, 10, 14, 20, 25, 29 (gaps of 4 to 6).
    expect(dayTicks(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(dayTicks(7, 4)).toEqual([0, 2, 4, 6]);
    expect(dayTicks(30, 7)).toEqual([1, 8, 15, 22, 29]);
    expect(dayTicks(30, 4)).toEqual([1, 15, 29]);
    expect(dayTicks(90, 7)).toEqual([5, 19, 33, 47, 61, 75, 89]);
    expect(dayTicks(90, 4)).toEqual([5, 33, 61, 89]);
    expect(dayTicks(1, 4)).toEqual([0]);
    expect(dayTicks(0, 4)).toEqual([]);
    for (const n of [1, 2, 5, 7, 14, 30, 31, 60, 90, 180, 365])
      for (const max of [1, 2, 3, 4, 7, 10]) {
        const ticks = dayTicks(n, max);
        expect(ticks.length).toBeLessThanOrEqual(max);
        expect(ticks.at(-1)).toBe(n - 1);
        expect(ticks[0]).toBeGreaterThanOrEqual(0);
        const gaps = new Set(ticks.slice(1).map((t, k) => t - ticks[k]!));
        expect(gaps.size).toBeLessThanOrEqual(1);
      }
  });

  it("bots by User-Agent", () => {
    const req = (ua: string) => new Request("http://x/", { headers: { "user-agent": ua } });
    expect(isBotRequest(req("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"))).toBe(true);
    expect(isBotRequest(req("curl/8.5.0"))).toBe(true);
    expect(
      isBotRequest(
        req(
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
        ),
      ),
    ).toBe(false);
  });
});

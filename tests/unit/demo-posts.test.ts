import { describe, expect, it } from "vitest";
import { buildDemoPosts } from "../../server/seed/demo-content";
import { buildDemoCity } from "../../server/seed/demo-city";

/** Issue 40: the demo's copy must be true of the site it runs on ("Ten breakfast spots" listed five). */

const NUMBERS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

describe("demo blog posts", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  for (const [city, state] of [
    ["Springfield", "IL"],
    ["Portland", "OR"],
  ] as const) {
    it(`a title that counts places links that many (${city})`, () => {
      const demo = buildDemoCity({ city, state, timezone: "America/Chicago", now });
      const posts = buildDemoPosts(demo, { city, now });
      // "Five breakfast spots…" counts places; "Five honest ways…" doesn't.
      const counted = posts.filter(
        (p) => NUMBERS.includes(p.title.split(" ")[0]!.toLowerCase()) && /\b(spots|places|shops)\b/.test(p.title),
      );
      expect(counted.length).toBeGreaterThan(0);
      for (const post of counted) {
        const linked = new Set(post.body.match(/\]\(\/business\/[^)]+\)/g));
        expect(linked.size, post.title).toBe(NUMBERS.indexOf(post.title.split(" ")[0]!.toLowerCase()) + 1);
      }
    });
  }
});

import { describe, expect, it } from "vitest";
import { countLabel, formatCount, pluralize } from "~/lib/plural";

describe("countLabel", () => {
  it("uses the singular for one and the plural otherwise, with grouped digits", () => {
    expect(countLabel(1, "photo")).toBe("1 photo");
    expect(countLabel(0, "photo")).toBe("0 photos");
    expect(countLabel(2, "review")).toBe("2 reviews");
    expect(countLabel(1200, "review")).toBe("1,200 reviews");
    expect(countLabel(1, "business", "businesses")).toBe("1 business");
    expect(countLabel(3, "business", "businesses")).toBe("3 businesses");
    expect(pluralize(1, "result")).toBe("result");
  });
});

describe("without Intl, the same answers as Intl", () => {
  const rules = new Intl.PluralRules("en-US");
  const numbers = new Intl.NumberFormat("en-US");
  const values = [
    0, 1, 2, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -2, -1234,
  ];
  for (let n = 0; n < 3000; n += 7) values.push(n);
  it("plural category and grouped digits, whole numbers", () => {
    for (const n of values) {
      expect(pluralize(n, "one", "other"), String(n)).toBe(rules.select(n));
      expect(formatCount(n), String(n)).toBe(numbers.format(n));
    }
  });
  it("fractions", () => {
    for (const n of [0.5, 1.5, 1234.5678]) {
      expect(pluralize(n, "one", "other"), String(n)).toBe(rules.select(n));
      expect(formatCount(n), String(n)).toBe(numbers.format(n));
    }
  });
});

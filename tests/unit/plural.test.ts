import { describe, expect, it } from "vitest";
import { countLabel, pluralize } from "~/lib/plural";

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

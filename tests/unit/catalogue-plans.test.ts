import { describe, expect, it } from "vitest";
import { planAllowing, upgradeFor } from "~/lib/catalogue";

describe("the plan to name when a listing's plan is full", () => {
  it("is the cheapest plan that takes one more", () => {
    expect(upgradeFor("basic", "images")).toBe("featured");
    expect(upgradeFor("featured", "images")).toBe("premium");
    expect(upgradeFor("basic", "categories")).toBe("featured");
  });

  it("is the one that takes everything asked for, skipping a plan too small", () => {
    expect(upgradeFor("basic", "images", 15)).toBe("premium");
    expect(upgradeFor("basic", "categories", 5)).toBe("premium");
  });

  it("is the largest plan when none takes that many, and none on the top plan", () => {
    expect(upgradeFor("basic", "images", 99)).toBe("premium");
    expect(upgradeFor("premium", "images")).toBeNull();
    expect(upgradeFor("premium", "categories", 9)).toBeNull();
  });

  it("agrees with the allowances", () => {
    expect(planAllowing("images", 1)).toBe("basic");
    expect(planAllowing("images", 21)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { applyUnderstanding, understandQuery } from "~/features/directory/query-understanding";
import { searchParamsSchema } from "~/features/directory/search-params";

const site = { city: "Springfield", state: "IL" };
const read = (q: string, extra: Record<string, string> = {}) =>
  understandQuery({ ...searchParamsSchema.parse({ q, ...extra }), site });

describe("understandQuery", () => {
  it.each([
    ["restaurants", { category: "restaurants", text: "" }],
    ["Chinese food", { category: "restaurants", kind: "chinese", text: "" }],
    ["coffee shop", { category: "restaurants", kind: "cafe", text: "" }],
    ["a mechanic", { category: "services", kind: "auto", text: "" }],
    ["plumbr", { category: "services", kind: "plumbing", text: "" }],
    ["resturants", { category: "restaurants", text: "" }],
    ["cheap eats", { category: "restaurants", price: ["$", "$$"], text: "" }],
    ["best pizza", { quality: true, text: "pizza" }],
    ["pizza near me", { nearMe: true, text: "pizza" }],
    ["pizza springfield", { text: "pizza" }],
    ["tacos near 19103", { near: "19103", text: "tacos" }],
    ["sushi in Tampa", { near: "Tampa", text: "sushi" }],
    ["open now coffee shop", { open: true, category: "restaurants", kind: "cafe", text: "" }],
    ["things to do", { category: "entertainment", text: "" }],
  ])("%s", (q, expected) => {
    expect(read(q)).toMatchObject(expected);
  });

  it("leaves plain words alone", () => {
    expect(read("pizza")).toBeNull();
    expect(read("bar")).toBeNull();
    expect(read("Great Wall")).toBeNull();
  });

  it("keeps a name's words: 'coffee' is text, 'espresso bar' a kind", () => {
    expect(read("coffee")).toBeNull();
    expect(read("espresso bar")).toMatchObject({ kind: "cafe" });
  });

  it("two categories filter on neither", () => {
    expect(read("restaurants and shops")).toBeNull();
    expect(read("cheap restaurants and shops")).toMatchObject({ price: ["$", "$$"], text: "restaurants shops" });
    expect(read("cheap restaurants and shops")?.category).toBeUndefined();
  });

  it("an explicit filter wins; an explicit place keeps 'in …' as words", () => {
    expect(read("plumbing", { category: "services", kind: "electrical" })).toBeNull();
    expect(read("chinese food", { category: "shopping" })).toBeNull();
    expect(read("tacos in Tampa", { near: "19103" })?.near).toBeUndefined();
  });

  it("applyUnderstanding merges the filters and leaves the explicit ones", () => {
    const params = { ...searchParamsSchema.parse({ q: "cheap chinese food", open: "1" }), site };
    const u = understandQuery(params)!;
    expect(applyUnderstanding(params, u)).toMatchObject({
      q: undefined,
      category: "restaurants",
      kind: "chinese",
      price: ["$", "$$"],
      open: true,
    });
  });
});

import { describe, expect, it } from "vitest";
import { applyUnderstanding, understandQuery } from "~/features/directory/query-understanding";
import { searchParamsSchema } from "~/features/directory/search-params";

const site = { city: "Springfield", state: "IL" };
const read = (q: string, extra: Record<string, string> = {}) =>
  understandQuery({ ...searchParamsSchema.parse({ q, ...extra }), site });

describe("understandQuery", () => {
  it.each([
    ["restaurants", { category: "restaurants", text: "" }],
    ["Chinese food", { category: "chinese", categoryName: "Chinese", text: "" }],
    ["coffee shop", { category: "cafes", text: "" }],
    ["a mechanic", { category: "auto-repair", text: "" }],
    ["plumbr", { category: "plumbing", text: "" }],
    ["resturants", { category: "restaurants", text: "" }],
    ["cheap eats", { category: "restaurants", price: ["$", "$$"], text: "" }],
    ["best pizza", { quality: true, category: "pizza", text: "" }],
    ["pizza near me", { nearMe: true, category: "pizza", text: "" }],
    ["pizza springfield", { category: "pizza", text: "" }],
    ["tacos near 19103", { near: "19103", category: "tacos", text: "" }],
    ["sushi in Tampa", { near: "Tampa", category: "sushi", text: "" }],
    ["open now coffee shop", { open: true, category: "cafes", text: "" }],
    ["things to do", { category: "entertainment", text: "" }],
    // Issue 34's tree: its names and synonyms.
    ["vet", { category: "veterinarians", text: "" }],
    ["dentist", { category: "dentists", text: "" }],
    ["haircut", { category: "hair-salons", text: "" }],
    ["banks near me", { nearMe: true, category: "banks", text: "" }],
    ["italian restaurant", { category: "italian", text: "" }],
  ])("%s", (q, expected) => {
    expect(read(q)).toMatchObject(expected);
  });

  it("leaves plain words alone", () => {
    expect(read("Lupo")).toBeNull();
    expect(read("Great Wall")).toBeNull();
  });

  it("reads 'bar' as bars, and 'bar-b-q' as barbeque: words, not strings", () => {
    expect(read("bar")).toMatchObject({ category: "bars" });
    expect(read("bar-b-q")).toMatchObject({ category: "barbeque" });
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
      category: "chinese",
      price: ["$", "$$"],
      open: true,
    });
  });
});

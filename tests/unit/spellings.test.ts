import { describe, expect, it } from "vitest";
import { canonicalFeature, compactKey, featureKey, searchTerms } from "~/lib/spellings";

const alternatives = (q: string) => searchTerms(q).map((t) => t.alternatives.map((p) => p.join(" ")).sort());

describe("compactKey", () => {
  it("ignores case, accents, hyphens and spaces", () => {
    expect(compactKey("Wi-Fi")).toBe("wifi");
    expect(compactKey(" wi  fi ")).toBe("wifi");
    expect(compactKey("Café Crème")).toBe("cafecreme");
  });
});

describe("searchTerms", () => {
  it("expands every spelling of a listed group, however it is typed", () => {
    const wifi = ["wi fi", "wifi", "wireless internet", "wirelessinternet"];
    for (const q of ["wifi", "WiFi", "wi-fi", "Wi Fi", "wireless internet"]) expect(alternatives(q)).toEqual([wifi]);
    expect(alternatives("bbq")).toEqual([["barbecue", "barbeque", "bbq"]]);
    expect(alternatives("donut")).toEqual([["donut", "donuts", "doughnut", "doughnuts"]]);
  });

  it("matches a hyphenated word joined and apart, and keeps other words as they are", () => {
    expect(alternatives("pet-store cafe")).toEqual([["pet store", "petstore"], ["cafe"]]);
    expect(searchTerms("cafe")[0]).toMatchObject({ text: "cafe", expanded: false });
    expect(searchTerms("wi-fi")[0]).toMatchObject({ expanded: true });
  });

  it("finds a group inside a longer query", () => {
    expect(searchTerms("quiet cafe with wi fi").map((t) => t.text)).toEqual(["quiet", "cafe", "with", "wi fi"]);
    expect(searchTerms("carry out pizza").map((t) => t.text)).toEqual(["carry out", "pizza"]);
  });

  it("keeps only letters and digits, and at most eight terms", () => {
    expect(searchTerms("a:* | b & !c")).toHaveLength(3);
    expect(searchTerms("one two three four five six seven eight nine ten")).toHaveLength(8);
    expect(searchTerms("  -- ")).toEqual([]);
    for (const term of searchTerms("x'); drop table businesses; -- wi-fi"))
      for (const phrase of term.alternatives) for (const word of phrase) expect(word).toMatch(/^[a-z0-9]+$/);
  });
});

describe("features", () => {
  it("stores a listed spelling under its label and leaves others as typed", () => {
    expect(canonicalFeature("wifi")).toBe("Wi-Fi");
    expect(canonicalFeature("WIFI")).toBe("Wi-Fi");
    expect(canonicalFeature(" take out ")).toBe("Takeout");
    expect(canonicalFeature("Rooftop  Bar")).toBe("Rooftop Bar");
  });

  it("counts spellings of one thing once", () => {
    expect(featureKey("WiFi")).toBe(featureKey("Wi-Fi"));
    expect(featureKey("Outdoor seating")).toBe(featureKey("outdoor-seating"));
    expect(featureKey("Parking")).not.toBe(featureKey("Wi-Fi"));
  });
});

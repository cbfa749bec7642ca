import { describe, expect, it } from "vitest";
import { hintCategory } from "~/features/import/category-mapping";
import { mapOsmCategories, OSM_CATEGORY_ROWS } from "~/features/import/osm-categories";
import { mapYelpCategories, YELP_CATEGORY_ROWS, YELP_TOP_LEVEL } from "~/features/import/yelp-categories";
import { isCategorySlug } from "~/lib/category-tree";

/**
 * The importers' mapping tables (issue 34): every slug they name is a category of the tree, no source category is
 * listed twice, and a category with no mapping is filed (with the row's others, by its words, else under Services)
 * and noted — never a reason to reject a row.
 */

describe("the mapping tables", () => {
  it.each([
    ["Yelp", YELP_CATEGORY_ROWS],
    ["OSM", OSM_CATEGORY_ROWS],
  ] as const)("%s: every slug exists in the tree, and no source category is listed twice", (_, rows) => {
    expect(rows.filter(([, slug]) => !isCategorySlug(slug))).toEqual([]);
    const names = rows.map(([name]) => name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("covers several hundred Yelp titles, Yelp's top-level ones included", () => {
    expect(YELP_CATEGORY_ROWS.length).toBeGreaterThanOrEqual(1000);
    const titles = new Set(YELP_CATEGORY_ROWS.map(([title]) => title));
    for (const top of YELP_TOP_LEVEL) expect(titles, top).toContain(top);
    expect(OSM_CATEGORY_ROWS.length).toBeGreaterThanOrEqual(500);
  });
});

describe("Yelp categories", () => {
  it("maps titles onto the tree", () => {
    expect(mapYelpCategories(["Dentists"])).toEqual({ primary: "dentists", additional: [], notes: [] });
    expect(mapYelpCategories(["Veterinarians", "Pets"]).primary).toBe("veterinarians");
    expect(mapYelpCategories(["Food Trucks", "Food"]).primary).toBe("food-trucks");
    expect(mapYelpCategories(["Banks & Credit Unions", "Financial Services"]).primary).toBe("banks");
    expect(mapYelpCategories(["Churches", "Religious Organizations"]).primary).toBe("churches");
    expect(mapYelpCategories(["Public Services & Government", "Libraries"]).primary).toBe("libraries");
  });

  it("files the most specific first, the rest as additional, without their ancestors", () => {
    expect(mapYelpCategories(["Restaurants", "Italian", "Pizza"])).toEqual({
      primary: "italian",
      additional: ["pizza"],
      notes: [],
    });
    // Deeper wins: Sushi Bars is under Japanese.
    expect(mapYelpCategories(["Japanese", "Restaurants", "Sushi Bars"])).toMatchObject({
      primary: "sushi",
      additional: [],
    });
    // A Yelp top-level category is never an additional one.
    expect(mapYelpCategories(["Food", "Grocery", "Shopping"])).toEqual({
      primary: "grocery",
      additional: [],
      notes: [],
    });
    expect(mapYelpCategories(["Nightlife", "Bars", "Restaurants", "Italian", "Pubs"])).toEqual({
      primary: "pubs",
      additional: ["italian"],
      notes: [],
    });
    // Duplicates collapse; at most five additional.
    const many = mapYelpCategories([
      "Mexican",
      "Tacos",
      "Tex-Mex",
      "Pizza",
      "Burgers",
      "Seafood",
      "Thai",
      "Korean",
      "Vegan",
      "Tacos",
    ]);
    expect(many.primary).toBe("tacos");
    expect(many.additional).toEqual(["tex-mex", "pizza", "burgers", "seafood", "thai"]);
  });

  it("files an unmapped title with the row's others, by its words, else under Services, and notes it", () => {
    expect(mapYelpCategories(["Zorbing", "Active Life"])).toEqual({
      primary: "fitness",
      additional: [],
      notes: ['no category for Yelp "Zorbing": filed under Fitness & Recreation'],
    });
    expect(mapYelpCategories(["Restaurants", "Italian", "Truffle Foraging"])).toMatchObject({
      primary: "italian",
      notes: ['no category for Yelp "Truffle Foraging": filed under Italian'],
    });
    expect(mapYelpCategories(["Sleep Medicine Doctors"])).toEqual({
      primary: "health",
      additional: [],
      notes: ['no category for Yelp "Sleep Medicine Doctors": filed under Health & Medical'],
    });
    expect(mapYelpCategories(["Quantum Stuff"])).toEqual({
      primary: "services",
      additional: [],
      notes: ['no category for Yelp "Quantum Stuff": filed under Services'],
    });
    expect(mapYelpCategories([])).toEqual({
      primary: "services",
      additional: [],
      notes: ["no category given: filed under Services"],
    });
  });

  it("guesses a group from the words of a category nobody mapped", () => {
    expect(hintCategory("Hookah Lounges")).toBe("nightlife");
    expect(hintCategory("Pet Food Delivery")).toBe("pets");
    expect(hintCategory("Medical Weed Clinic")).toBe("health");
    expect(hintCategory("Barbershop Quartets")).not.toBe("nightlife");
    expect(hintCategory("Frobnication")).toBeNull();
  });
});

describe("OpenStreetMap tags", () => {
  it("maps key=value onto the tree", () => {
    expect(mapOsmCategories({ amenity: "dentist" })).toEqual({ primary: "dentists", additional: [], notes: [] });
    expect(mapOsmCategories({ shop: "hairdresser" }).primary).toBe("hair-salons");
    expect(mapOsmCategories({ amenity: "bank", atm: "yes" }).primary).toBe("banks");
    expect(mapOsmCategories({ amenity: "veterinary" }).primary).toBe("veterinarians");
    expect(mapOsmCategories({ craft: "plumber" }).primary).toBe("plumbing");
    expect(mapOsmCategories({ office: "lawyer" }).primary).toBe("lawyers");
    expect(mapOsmCategories({ tourism: "hotel" }).primary).toBe("hotels");
    expect(mapOsmCategories({ leisure: "fitness_centre" }).primary).toBe("gyms");
  });

  it("refines by cuisine, religion, speciality, sport and beauty", () => {
    expect(mapOsmCategories({ amenity: "restaurant", cuisine: "italian;pizza" })).toEqual({
      primary: "italian",
      additional: ["pizza"],
      notes: [],
    });
    expect(mapOsmCategories({ amenity: "fast_food", cuisine: "burger" })).toMatchObject({
      primary: "burgers",
      additional: ["fast-food"],
    });
    expect(mapOsmCategories({ amenity: "cafe", cuisine: "coffee_shop" })).toMatchObject({
      primary: "cafes",
      additional: [],
    });
    // An unknown cuisine leaves the restaurant a restaurant, unnoted: the cuisine only refines.
    expect(mapOsmCategories({ amenity: "restaurant", cuisine: "regional" })).toEqual({
      primary: "restaurants",
      additional: [],
      notes: [],
    });
    expect(mapOsmCategories({ amenity: "place_of_worship", religion: "christian" }).primary).toBe("churches");
    expect(mapOsmCategories({ amenity: "place_of_worship", religion: "muslim" }).primary).toBe("mosques");
    expect(mapOsmCategories({ amenity: "place_of_worship" }).primary).toBe("religious");
    expect(
      mapOsmCategories({ amenity: "doctors", healthcare: "doctor", "healthcare:speciality": "dermatology" }),
    ).toEqual({ primary: "dermatologists", additional: [], notes: [] });
    expect(mapOsmCategories({ leisure: "sports_centre", sport: "climbing" }).primary).toBe("climbing");
    expect(mapOsmCategories({ shop: "beauty", beauty: "nails" }).primary).toBe("nail-salons");
  });

  it("files an unmapped value by its key, with the others, or under Services, and notes it", () => {
    expect(mapOsmCategories({ shop: "foo" })).toEqual({
      primary: "shopping",
      additional: [],
      notes: ['no category for OSM "shop=foo": filed under Shopping'],
    });
    expect(mapOsmCategories({ office: "quantum" }).primary).toBe("professional");
    expect(mapOsmCategories({ amenity: "cafe", shop: "foo" })).toEqual({
      primary: "cafes",
      additional: [],
      notes: ['no category for OSM "shop=foo": filed under Cafe & Coffee'],
    });
    expect(mapOsmCategories({ amenity: "bench" })).toEqual({
      primary: "services",
      additional: [],
      notes: ['no category for OSM "amenity=bench": filed under Services'],
    });
    expect(mapOsmCategories({ name: "Somewhere" }).notes).toEqual(["no category given: filed under Services"]);
  });
});

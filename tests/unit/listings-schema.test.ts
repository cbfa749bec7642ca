import { describe, expect, it } from "vitest";
import {
  AGE_GROUPS,
  BUSINESS_STATUSES,
  CATEGORIES,
  CUISINES,
  PLANS as DB_PLANS,
  PRICE_RANGES as DB_PRICES,
  SUBCATEGORIES,
} from "~/.server/db/schema";
import { MAX_IMAGE_BYTES } from "~/.server/media/process";
import {
  AGE_GROUP_OPTIONS,
  LISTING_CATEGORIES,
  LISTING_STATUSES,
  MAX_PHOTO_BYTES,
  PHOTO_LIMITS,
  PLANS,
  PRICE_RANGES,
  SUBCATEGORY_OPTIONS,
} from "~/lib/catalogue";
import { CUISINE_OPTIONS } from "~/lib/category-kinds";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  businessFormSchema,
  businessInputSchema,
  dayHoursSchema,
  hoursSchema,
  MESSAGES,
  photoFileProblem,
} from "~/features/listings/schema";
import { normalizeWebUrl as normalizeUrl } from "~/lib/urls";

describe("listing options", () => {
  it("match the database's values", () => {
    expect(LISTING_CATEGORIES).toEqual(CATEGORIES);
    expect(CUISINE_OPTIONS.map((o) => o.value)).toEqual(expect.arrayContaining([...CUISINES]));
    for (const [category, kinds] of Object.entries(SUBCATEGORIES)) {
      expect(SUBCATEGORY_OPTIONS[category as keyof typeof SUBCATEGORIES].map((o) => o.value)).toEqual(kinds);
    }
    expect(AGE_GROUP_OPTIONS.map((o) => o.value)).toEqual(AGE_GROUPS);
    expect(PRICE_RANGES).toEqual(DB_PRICES);
    expect(LISTING_STATUSES).toEqual(BUSINESS_STATUSES);
    expect(PLANS).toEqual(DB_PLANS);
    expect(MAX_PHOTO_BYTES).toBe(MAX_IMAGE_BYTES);
  });

  it("photo limits follow the pricing page (Basic 1, Featured 10, Premium 20)", () => {
    expect(PHOTO_LIMITS).toEqual({ basic: 1, featured: 10, premium: 20 });
  });
});

describe("hours", () => {
  const day = (h: Record<string, unknown>) => dayHoursSchema.safeParse({ day: 1, ...h });

  it("accepts a closing time after the opening time", () => {
    expect(day({ open: "09:00", close: "17:00" }).data).toEqual({
      day: 1,
      isClosed: false,
      open: "09:00",
      close: "17:00",
    });
  });

  it("refuses closing at or before opening unless the day runs past midnight", () => {
    for (const close of ["02:00", "18:00"]) {
      const r = day({ open: "18:00", close });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({
        path: ["close"],
        message: "Closing time must be after opening time.",
      });
    }
    expect(day({ open: "18:00", close: "02:00", overnight: true }).data).toMatchObject({
      open: "18:00",
      close: "02:00",
    });
    // Same time with overnight: open around the clock.
    expect(day({ open: "06:00", close: "06:00", overnight: true }).success).toBe(true);
  });

  it("reads closed, empty and 24-hour days", () => {
    expect(day({ isClosed: true, open: "09:00", close: "17:00" }).data).toEqual({
      day: 1,
      isClosed: true,
      open: null,
      close: null,
    });
    expect(day({ open: "", close: "" }).data).toEqual({ day: 1, isClosed: true, open: null, close: null });
    expect(day({ allDay: true }).data).toEqual({ day: 1, isClosed: false, open: "00:00", close: "24:00" });
    expect(day({ open: "18:00", close: "24:00" }).success).toBe(true);
    expect(day({ open: "24:00", close: "10:00" }).error!.issues[0]!.message).toBe(MESSAGES.timeInvalid);
  });

  it("asks for the missing time, rejects bad times and repeated days", () => {
    expect(day({ open: "09:00" }).error!.issues).toMatchObject([{ path: ["close"], message: MESSAGES.closeRequired }]);
    expect(day({ open: "9am", close: "17:00" }).error!.issues).toMatchObject([
      { path: ["open"], message: MESSAGES.timeInvalid },
    ]);
    expect(dayHoursSchema.safeParse({ day: 7 }).success).toBe(false);
    const repeated = hoursSchema.safeParse([
      { day: 2, isClosed: true },
      { day: 2, isClosed: true },
    ]);
    expect(repeated.error!.issues[0]).toMatchObject({ path: [1, "day"], message: MESSAGES.dayRepeated });
  });
});

describe("fields", () => {
  const base = { name: "A", category: "shopping", address: "1 St", city: "X", state: "IL", zip: "62701" };

  it("normalizes web addresses and refuses other schemes", () => {
    expect(normalizeUrl("example.com")).toBe("https://example.com");
    expect(normalizeUrl("http://example.com/menu?x=1")).toBe("http://example.com/menu?x=1");
    for (const bad of [
      "javascript:alert(1)",
      "ftp://example.com",
      "not a url",
      "https://user:pw@example.com",
      "localhost:3000x",
      "example",
    ]) {
      expect(normalizeUrl(bad), bad).toBeNull();
    }
  });

  it("trims, turns blanks into null and de-duplicates tags", () => {
    const r = businessInputSchema.parse({
      ...base,
      name: "  Spaced  ",
      phone: " ",
      features: ["Wi-Fi", " wi-fi ", "Parking"],
    });
    expect(r).toMatchObject({ name: "Spaced", phone: null, features: ["Wi-Fi", "Parking"] });
  });

  it("stores a feature's listed spelling under its label, once", () => {
    const r = businessInputSchema.parse({ ...base, features: ["wifi", "WiFi", "Wi Fi", "take out", "Rooftop"] });
    expect(r.features).toEqual(["Wi-Fi", "Takeout", "Rooftop"]);
  });

  it("limits every text field", () => {
    const r = businessInputSchema.safeParse({
      ...base,
      description: "x".repeat(5001),
      features: ["y".repeat(41)],
      city: "c".repeat(101),
    });
    expect(r.error!.issues.map((i) => i.message).sort()).toEqual(
      [MESSAGES.cityTooLong, MESSAGES.descriptionTooLong, MESSAGES.tagTooLong].sort(),
    );
  });

  it("checks photo files by type and size before upload", () => {
    expect(photoFileProblem({ name: "a.png", size: 10, type: "image/png" })).toBeNull();
    expect(photoFileProblem({ name: "a.gif", size: 10, type: "image/gif" })).toBe(
      '"a.gif" is not a supported image type. Upload a JPEG, PNG, WebP or AVIF image.',
    );
    expect(photoFileProblem({ name: "big.jpg", size: MAX_PHOTO_BYTES + 1, type: "image/jpeg" })).toBe(
      '"big.jpg" is larger than 10 MB.',
    );
  });
});

describe("the form's data", () => {
  function formData(extra: [string, string | File][] = []) {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      name: "Late Bar",
      category: "restaurants",
      cuisine: "italian",
      subcategory: "gifts",
      description: "",
      address: "1 St",
      city: "X",
      state: "IL",
      zip: "62701",
      phone: "",
      latitude: "",
      longitude: "",
    }))
      fd.append(k, v);
    for (const [k, v] of extra) fd.append(k, v);
    return fd;
  }

  it("parses with Conform into the listing's input: hours by day, photos in order, stale kind and age groups dropped", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "new.png", { type: "image/png" });
    const submission = parseWithZod(
      formData([
        ["features", "Patio"],
        ["ageGroups", "kids"],
        ["hours.5.mode", "open"],
        ["hours.5.open", "22:00"],
        ["hours.5.close", "03:00"],
        ["hours.5.overnight", "on"],
        ["hours.0.mode", "closed"],
        ["photos.0.alt", "Front"],
        ["photos.0.id", "00000000-0000-4000-8000-000000000001"],
        ["photos.1.alt", ""],
        ["photos.1.file", file],
      ]),
      { schema: businessFormSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      cuisine: "italian",
      primaryCategory: "italian",
      subcategory: null,
      description: null,
      phone: null,
      features: ["Patio"],
      categories: [],
      ageGroups: [],
      latitude: null,
      longitude: null,
      hours: [
        { day: 0, isClosed: true, open: null, close: null },
        { day: 5, isClosed: false, open: "22:00", close: "03:00" },
      ],
      photos: [{ id: "00000000-0000-4000-8000-000000000001", alt: "Front" }, { alt: "" }],
    });
    expect(submission.value.photos[1]!.file).toBeInstanceOf(File);
  });

  it("names each message after the form's input", () => {
    const submission = parseWithZod(
      formData([
        ["hours.5.mode", "open"],
        ["hours.5.open", "22:00"],
        ["hours.5.close", "03:00"],
        ["photos.0.alt", "x".repeat(1000)],
      ]),
      { schema: businessFormSchema },
    );
    expect(submission.status === "error" ? submission.error : null).toMatchObject({
      "hours.5.close": ["Closing time must be after opening time."],
      "photos.0": ["Each photo is either a stored photo or a new file."],
      "photos.0.alt": [MESSAGES.altTooLong],
    });
    // The form always sends its country (the Country select): its address rules name the empty fields at once.
    const blank = new FormData();
    blank.set("country", "US");
    const empty = parseWithZod(blank, { schema: businessFormSchema });
    expect(empty.status === "error" ? empty.error : null).toMatchObject({
      name: [MESSAGES.nameRequired],
      category: [MESSAGES.categoryRequired],
      zip: [MESSAGES.zipRequired],
    });
  });
});

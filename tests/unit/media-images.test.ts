import { describe, expect, it } from "vitest";
import { imageSources, mediaUrl } from "~/lib/images";

describe("imageSources", () => {
  it("builds src (the width nearest 800), srcSet and the intrinsic size", () => {
    const sources = imageSources({
      storageKey: "abc123def456abc123def456",
      widths: [400, 800, 1600],
      width: 1600,
      height: 1067,
    });
    expect(sources).toEqual({
      src: "/media/abc123def456abc123def456-800.webp",
      srcSet:
        "/media/abc123def456abc123def456-400.webp 400w, /media/abc123def456abc123def456-800.webp 800w, /media/abc123def456abc123def456-1600.webp 1600w",
      width: 1600,
      height: 1067,
    });
  });

  it("works with a single small width and unsorted widths", () => {
    expect(imageSources({ storageKey: "k".repeat(24), widths: [320], width: 320, height: 200 }).src).toBe(
      `/media/${"k".repeat(24)}-320.webp`,
    );
    const s = imageSources({ storageKey: "key0key0key0key0", widths: [1200, 400, 800], width: 1200, height: 800 });
    expect(s.srcSet).toBe(
      "/media/key0key0key0key0-400.webp 400w, /media/key0key0key0key0-800.webp 800w, /media/key0key0key0key0-1200.webp 1200w",
    );
    expect(s.src).toBe("/media/key0key0key0key0-800.webp");
  });

  it("picks the nearest width to 800 when 800 is missing", () => {
    expect(imageSources({ storageKey: "key0key0key0key0", widths: [400, 1000], width: 1000, height: 500 }).src).toBe(
      "/media/key0key0key0key0-1000.webp",
    );
  });

  it("accepts another base URL (a CDN or bucket)", () => {
    expect(mediaUrl("key0key0key0key0", 400, "https://cdn.example/near/")).toBe(
      "https://cdn.example/near/key0key0key0key0-400.webp",
    );
    expect(
      imageSources(
        { storageKey: "key0key0key0key0", widths: [400], width: 400, height: 300 },
        { baseUrl: "https://cdn.example" },
      ).src,
    ).toBe("https://cdn.example/key0key0key0key0-400.webp");
  });
});

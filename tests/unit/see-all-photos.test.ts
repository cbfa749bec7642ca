import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SeeAllPhotosButton } from "~/features/directory/components/photo-gallery";

/** The business hero's photo button: "See all 3 photos", but not "See all 1 photo". */
const label = (count: number) =>
  renderToStaticMarkup(createElement(SeeAllPhotosButton, { count, onClick: () => {} }))
    .replace(/<[^>]+>/g, "")
    .trim();

describe("SeeAllPhotosButton", () => {
  it("names the count, and a single photo as the photo", () => {
    expect(label(3)).toBe("See all 3 photos");
    expect(label(12)).toBe("See all 12 photos");
    expect(label(1)).toBe("See the photo");
  });
});

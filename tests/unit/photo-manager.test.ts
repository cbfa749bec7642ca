import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PhotoManager, type PhotoItem } from "~/features/listings/components/photo-manager";
import type { ListingPlan } from "~/lib/catalogue";

/** The listing form's photos against the plan (issue 10): the count, the full plan's note, hidden photos. */

const stored = (n: number): PhotoItem[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: "stored" as const,
    key: `p${i}`,
    id: `00000000-0000-4000-8000-00000000000${i}`,
    src: `/media/p${i}.webp`,
    srcSet: "",
    width: 800,
    height: 600,
    alt: `Photo ${i + 1}`,
  }));

function render(photos: PhotoItem[], plan: ListingPlan, limit: number | null) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => createElement(PhotoManager, { value: photos, onChange: () => {}, limit, plan, errors: {} }),
    },
  ]);
  // React puts <!-- --> between adjacent text nodes; compare the text.
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

describe("PhotoManager and the plan", () => {
  it("counts the photos against the plan while there is room", () => {
    const html = render(stored(3), "featured", 10);
    expect(html).toContain("3 of 10 photos on the Featured plan.");
    expect(html).not.toContain('data-testid="photo-allowance"');
    expect(html).not.toContain("Hidden on the");
  });

  it("when full, names the plan that allows more", () => {
    const html = render(stored(1), "basic", 1);
    expect(html).toContain("The Basic plan includes 1 photo.");
    expect(html).toContain('href="/pricing"');
    expect(html).toContain("Upgrade to Featured");
    expect(html).toContain("for up to 10.");
    expect(render(stored(20), "premium", 20)).toContain(
      "The Premium plan includes 20 photos. Remove a photo to add another.",
    );
  });

  it("after a downgrade, marks the kept photos the public page no longer shows", () => {
    const html = render(stored(3), "basic", 1);
    expect(html.match(/data-testid="photo-hidden"/g)).toHaveLength(2);
    expect(html).toContain("Hidden on the Basic plan");
  });

  it("admins are not limited: no count, no hidden photos", () => {
    const html = render(stored(3), "basic", null);
    expect(html).not.toContain(" of ");
    expect(html).not.toContain("Hidden on the");
  });
});

import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as circleCheck from "lucide-react/icons/circle-check";
import * as mapPin from "lucide-react/icons/map-pin";
import * as star from "lucide-react/icons/star";
import createStaticIcon from "~/lib/static-icon";

/**
 * The build puts app/lib/static-icon.ts in place of lucide's own icon factory (vite.config.ts). Tests run lucide as
 * published, so each icon is rendered both ways here: the markup must be the same, shapes and all, whatever props a
 * page passes — only lucide's shapes become the svg's inner HTML instead of elements.
 */
// Each icon module also exports its data (`__iconData`), which lucide's type declarations leave out.
type IconModule = { default: unknown; __iconData: never };
const icons = { circleCheck, mapPin, star } as unknown as Record<string, IconModule>;
const cases: [string, Record<string, unknown>][] = [
  ["no props", {}],
  ["classes (repeated ones once)", { className: "size-4 text-amber-500 size-4" }],
  ["size and stroke width", { size: 16, strokeWidth: 1.5 }],
  ["absolute stroke width", { size: 32, absoluteStrokeWidth: true }],
  ["width and height apart", { width: 20, height: 10 }],
  ["a colour", { color: "red" }],
  ["a name (no aria-hidden)", { "aria-label": "Verified", role: "img" }],
  ["non-scaling stroke", { nonScalingStroke: true }],
  ["other attributes", { id: "pin", "data-x": "1", style: { color: "blue" } }],
];
const markup = (component: unknown, props: Record<string, unknown>, children?: ReactNode) =>
  renderToStaticMarkup(createElement(component as never, props, children));

describe("static lucide icons", () => {
  for (const [iconName, module] of Object.entries(icons)) {
    const Static = createStaticIcon(module.__iconData);
    for (const [label, props] of cases) {
      it(`${iconName}, ${label}: the same markup as lucide's`, () => {
        expect(markup(Static, props)).toBe(markup(module.default, props));
      });
    }
    it(`${iconName} with children: built lucide's way, with them`, () => {
      const title = createElement("title", null, "Open");
      expect(markup(Static, {}, title)).toBe(markup(module.default, {}, title));
    });
  }

  it("builds an icon's shapes once, then shares them", () => {
    const Static = createStaticIcon(icons.star!.__iconData);
    const render = () =>
      (Static as unknown as { render: (p: object, r: null) => { props: { dangerouslySetInnerHTML: object } } }).render(
        {},
        null,
      );
    expect(render().props.dangerouslySetInnerHTML).toBe(render().props.dangerouslySetInnerHTML);
    expect(render().props.dangerouslySetInnerHTML).toEqual({ __html: expect.stringMatching(/^<path d="M11\.525/) });
  });
});

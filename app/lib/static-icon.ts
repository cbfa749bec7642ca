import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";
import { escapeHtml } from "./html";

/**
 * lucide-react's icon factory, put in place of its own for every lucide icon by the build (`lucideStaticIcons` in
 * vite.config.ts; issue 13). lucide's `Icon` builds each icon's shapes as React elements on every render: a page
 * shows 40–75 icons, so their shapes were about a fifth of the elements React rendered on the server for each
 * signed-in page and hydrated in the browser. Here an icon's shapes are one markup string, built once per icon, set
 * as the `<svg>`'s inner HTML. The `<svg>` and its attributes are lucide's (tests/unit/static-icon.test.ts renders
 * both and compares): size, color, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className and aria props
 * behave the same. An icon given children (a `<title>`, say) is built lucide's way, with them. lucide's
 * `LucideProvider` defaults are not read: Near doesn't use it.
 *
 * Written here rather than taken from a library: no maintained package renders lucide's data this way, and lucide's
 * own factory is the one thing replaced.
 */

type Shape = [tag: string, attrs: Record<string, string | number>, children?: Shape[]];

interface IconData {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  node: Shape[];
  aliases?: unknown[];
}

export interface StaticIconProps extends SVGProps<SVGSVGElement> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
}

function shapesMarkup(shapes: Shape[], nonScalingStroke: boolean): string {
  return shapes
    .map(([tag, attrs, children]) => {
      let markup = `<${tag}`;
      if (nonScalingStroke && !("vector-effect" in attrs)) markup += ` vector-effect="non-scaling-stroke"`;
      for (const [name, value] of Object.entries(attrs)) {
        if (name !== "key") markup += ` ${name}="${escapeHtml(String(value))}"`;
      }
      return `${markup}>${children ? shapesMarkup(children, nonScalingStroke) : ""}</${tag}>`;
    })
    .join("");
}

function shapeElements(shapes: Shape[], nonScalingStroke: boolean): ReactNode[] {
  return shapes.map(([tag, attrs, children], i) =>
    createElement(
      tag,
      { key: i, ...(nonScalingStroke ? { vectorEffect: "non-scaling-stroke" } : {}), ...attrs },
      ...(children ? shapeElements(children, nonScalingStroke) : []),
    ),
  );
}

/** lucide's `mergeClasses`: each class once, in order. */
function mergeClasses(...classes: (string | undefined)[]) {
  const tokens = new Set<string>();
  for (const cls of classes) {
    if (typeof cls !== "string") continue;
    for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  }
  return [...tokens].join(" ");
}

function hasA11yProp(props: Record<string, unknown>) {
  for (const prop in props) {
    if ((prop.startsWith("aria-") || prop === "role" || prop === "title") && props[prop] != null) return true;
  }
  return false;
}

function toKebabCase(name: string) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

export default function createLucideIcon(iconDataOrName: IconData | string, iconNode: Shape[] = [], aliases = []) {
  const icon: IconData =
    typeof iconDataOrName === "string"
      ? { name: toKebabCase(iconDataOrName), size: 24, node: iconNode, aliases }
      : iconDataOrName;
  const viewBox = `0 0 ${icon.size ?? icon.width ?? 24} ${icon.size ?? icon.height ?? 24}`;
  const iconClasses = [
    "lucide",
    ...(icon.name ? [`lucide-${icon.name}`] : []),
    ...(icon.aliases ?? [])
      .filter((alias): alias is string => typeof alias === "string" && alias.trim() !== "")
      .map((alias) => `lucide-${alias}`),
  ].join(" ");
  // Built on first use, then shared by every render of this icon (React only reads `__html`).
  const inner: { plain?: { __html: string }; nonScaling?: { __html: string } } = {};

  const Component = forwardRef<SVGSVGElement, StaticIconProps>(function LucideIcon(
    { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, children, ...rest },
    ref,
  ) {
    const w = width ?? size ?? 24;
    const h = height ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    const attributes = {
      xmlns: "http://www.w3.org/2000/svg",
      width: w,
      height: h,
      viewBox,
      fill: "none",
      stroke: color || "currentColor",
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(icon.size ?? icon.width ?? 24)) / Number(w) : stroke,
      strokeLinecap: "round" as const,
      strokeLinejoin: "round" as const,
      className: mergeClasses(iconClasses, className),
      ...(children || hasA11yProp(rest) ? {} : { "aria-hidden": "true" as const }),
      ...rest,
      ref,
    };
    const scaling = Boolean(nonScalingStroke);
    if (children) {
      return createElement("svg", attributes, ...shapeElements(icon.node, scaling), children);
    }
    const key = scaling ? "nonScaling" : "plain";
    const markup = (inner[key] ??= { __html: shapesMarkup(icon.node, scaling) });
    return createElement("svg", { ...attributes, dangerouslySetInnerHTML: markup });
  });
  if (icon.name) {
    Component.displayName = icon.name.replace(/(^|-)([a-z0-9])/g, (_, _dash, c: string) => c.toUpperCase());
  }
  return Component;
}

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CategoriesDropdown } from "~/components/layout/categories-dropdown";
import { DeferredMenu } from "~/components/layout/deferred-menu";
import { CategoriesTrigger } from "~/components/layout/site-header";
import { UserMenu } from "~/components/layout/user-menu";
import { UserDropdown } from "~/components/layout/user-menu-dropdown";
import { DeferredToaster } from "~/components/ui/deferred-toaster";
import { Toaster } from "~/components/ui/toaster";

// The stand-ins that keep Radix off the first load (docs/performance.md) must render what Radix renders, so the
// server's HTML, and what a visitor sees before the code arrives, stay the same. React's ids differ by position.
const withoutIds = (html: string) => html.replace(/radix-[^"]+/g, "radix-ID");

function inRouter(component: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: component }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe("deferred Radix components", () => {
  it("the notifications region's stand-in is Radix's empty region", () => {
    expect(renderToString(createElement(DeferredToaster))).toBe(renderToString(createElement(Toaster)));
  });

  it("the Categories menu's stand-in trigger is Radix's closed trigger", () => {
    const props = { pathname: "/", triggerClassName: "nav-link" };
    const load = () => Promise.resolve(CategoriesDropdown);
    const standIn = inRouter(() =>
      createElement(DeferredMenu<typeof props>, { load, props, trigger: CategoriesTrigger }),
    );
    const radix = inRouter(() => createElement(CategoriesDropdown, { ...props, handoff: null }));
    expect(standIn).toContain('aria-haspopup="menu"');
    expect(withoutIds(standIn)).toBe(withoutIds(radix));
  });

  it("the account menu's stand-in trigger is Radix's closed trigger", () => {
    const user = { id: "u", name: "Olivia Owner", email: "o@example.com", initials: "OO", isAdmin: false };
    const standIn = inRouter(() => createElement(UserMenu, { user }));
    const radix = inRouter(() => createElement(UserDropdown, { user, handoff: null }));
    expect(standIn).toContain('aria-haspopup="menu"');
    expect(withoutIds(standIn)).toBe(withoutIds(radix));
  });
});

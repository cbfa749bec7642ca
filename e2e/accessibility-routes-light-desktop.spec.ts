import { signIn } from "./admin-support";
import { LIGHT_DESKTOP, PUBLIC_ROUTES, businessPath, scan, useTheme } from "./accessibility-support";
import { test } from "./fixtures";

/** axe on every route in the light theme at desktop width, signed out and as each role (see accessibility-support.ts). */

for (const combo of [LIGHT_DESKTOP]) {
  const label = `${combo.theme}, ${combo.viewport.width} px`;
  test.describe(`axe, ${label}`, () => {
    test.use({ viewport: combo.viewport });

    const half = Math.ceil(PUBLIC_ROUTES.length / 2);
    for (const [part, routes] of [PUBLIC_ROUTES.slice(0, half), PUBLIC_ROUTES.slice(half)].entries()) {
      test(`public routes, signed out, part ${part + 1} (${label})`, async ({ page, context }) => {
        test.setTimeout(240_000);
        await useTheme(context, combo.theme);
        const extra = part === 0 ? [await businessPath(page)] : [];
        for (const path of [...routes, ...extra]) await scan(page, path, combo.theme);
      });
    }

    test(`a customer's, an owner's and an admin's screens (${label})`, async ({ page, context }) => {
      test.setTimeout(240_000);
      await useTheme(context, combo.theme);
      const business = await businessPath(page);
      await signIn(context, "customer");
      for (const path of ["/", "/account/settings", business]) await scan(page, path, combo.theme);
      await context.clearCookies();
      await signIn(context, "owner");
      // The demo owner's pending claim (server/seed/demo-accounts.ts) shows on its claim page.
      for (const path of ["/portal", "/business/new", "/business/nest-home-goods/claim"])
        await scan(page, path, combo.theme);
      await context.clearCookies();
      await signIn(context, "admin");
      for (const path of ["/admin", "/admin/reviews", "/admin/claims"]) await scan(page, path, combo.theme);
    });
  });
}

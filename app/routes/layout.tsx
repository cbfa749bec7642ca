import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorScreen, NotFoundScreen } from "~/components/layout/lazy-error-screens";
import { useRootData } from "~/components/layout/root-data";
import { SiteShell } from "~/components/layout/site-shell";
import { deferredComponent } from "~/lib/deferred-component";
import { pageTitle } from "~/lib/title";

/** The shared layout: skip link, sticky navigation, the page, footer. */
export default function SiteLayout() {
  return (
    <SiteShell notice={<VerifyReminder />}>
      <Outlet />
    </SiteShell>
  );
}

/**
 * A signed-in reader whose address isn't verified: the banner under the header (issue 40, defect 6). Its code is in
 * its own chunk (server-rendered as usual, live after the first load): every page's layout has it, few readers need it.
 */
const VerifyEmailBanner = deferredComponent(() =>
  import("~/features/auth/components/verify-email-banner").then((m) => m.VerifyEmailBanner),
);

function VerifyReminder() {
  const { user } = useRootData();
  return user?.verifyReminder ? <VerifyEmailBanner.Component email={user.email} /> : null;
}

/** Errors below the layout keep the header and footer: a real 404 page, or the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { site } = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <SiteShell notice={<VerifyReminder />}>
      <title>{pageTitle(site, notFound ? "Page Not Found" : "Error")}</title>
      <meta name="robots" content="noindex" />
      {notFound ? <NotFoundScreen /> : <ErrorScreen status={status} />}
    </SiteShell>
  );
}

import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorScreen, NotFoundScreen } from "~/components/layout/lazy-error-screens";
import { useRootData } from "~/components/layout/root-data";
import { SiteShell } from "~/components/layout/site-shell";
import { pageTitle } from "~/lib/title";

/** The shared layout: skip link, sticky navigation, the page, footer. */
export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors below the layout keep the header and footer: a real 404 page, or the error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { site } = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <SiteShell>
      <title>{pageTitle(site, notFound ? "Page Not Found" : "Error")}</title>
      <meta name="robots" content="noindex" />
      {notFound ? <NotFoundScreen /> : <ErrorScreen status={status} />}
    </SiteShell>
  );
}

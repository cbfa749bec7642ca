import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Records a page view in our own analytics (POST /api/v1/page-views) once
 * per page load — the spec's "records a page view named Home on load".
 */
export function usePageView(name: string, businessId?: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    const body = JSON.stringify({
      path: pathname,
      name,
      ...(businessId ? { businessId } : {}),
      ...(document.referrer ? { referrer: document.referrer.slice(0, 500) } : {}),
    });
    void fetch("/api/v1/page-views", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {
      // Analytics must never disturb the page.
    });
  }, [pathname, name, businessId]);
}

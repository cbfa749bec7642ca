import { List, Map as MapIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/utils";
import { isMapView, withParams } from "../view-params";

/** The list / map toggle: two plain links (server-rendered, so it works without JavaScript). */
export function ViewToggle({ className }: { className?: string }) {
  const location = useLocation();
  const map = isMapView(location.search);
  const item = (active: boolean) =>
    cn(
      "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors",
      active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <nav aria-label="Results view" className={cn("inline-flex rounded-lg bg-muted p-1", className)}>
      <Link
        to={`${location.pathname}${withParams(location.search, { view: null })}`}
        className={item(!map)}
        aria-current={!map ? "page" : undefined}
        preventScrollReset
        data-testid="view-list"
      >
        <List aria-hidden="true" className="size-4" />
        List
      </Link>
      <Link
        to={`${location.pathname}${withParams(location.search, { view: "map" })}`}
        className={item(map)}
        aria-current={map ? "page" : undefined}
        preventScrollReset
        data-testid="view-map"
      >
        <MapIcon aria-hidden="true" className="size-4" />
        Map
      </Link>
    </nav>
  );
}

/** A link that drops the map's area filter, shown while one is applied. */
export function ClearAreaLink() {
  const location = useLocation();
  if (!new URLSearchParams(location.search).get("bbox")) return null;
  return (
    <Link
      to={`${location.pathname}${withParams(location.search, { bbox: null, page: null })}`}
      className="text-sm font-medium text-primary underline underline-offset-2"
      preventScrollReset
      data-testid="clear-area"
    >
      Clear map area
    </Link>
  );
}

/** Both, for the results' toolbar (search.tsx defers them as one part). */
export function ViewControls() {
  return (
    <>
      <ClearAreaLink />
      <ViewToggle />
    </>
  );
}

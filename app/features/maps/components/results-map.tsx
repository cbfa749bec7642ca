import { List, Map as MapIcon, Search } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { BBox, MapMarker } from "../types";
import { LazyMap } from "./lazy-map";

interface ResultLike {
  id: string;
  name: string;
  rating: number;
  reviewCount: number;
  latitude: number | null;
  longitude: number | null;
}

/** ?view=map: the search and category pages show a map of the results above the list. */
export function isMapView(search: string) {
  return new URLSearchParams(search).get("view") === "map";
}

function withParams(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

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

/**
 * The map of the current results: a marker each (clustered when close), a
 * popup with the name, rating and a link, and "Search this area" once the
 * visitor moves the map (navigates with ?bbox=west,south,east,north, applied
 * by the search query on the server).
 */
export function ResultsMap({ items, className }: { items: ResultLike[]; className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [moved, setMoved] = useState<BBox | null>(null);
  const markers: MapMarker[] = items.flatMap((b) =>
    b.latitude !== null && b.longitude !== null
      ? [
          {
            id: b.id,
            lat: b.latitude,
            lng: b.longitude,
            name: b.name,
            rating: b.rating,
            reviewCount: b.reviewCount,
            href: `/business/${b.id}`,
          },
        ]
      : [],
  );
  const searchArea = () => {
    if (!moved) return;
    const bbox = moved.map((n) => String(Math.round(n * 1e6) / 1e6)).join(",");
    setMoved(null);
    navigate(`${location.pathname}${withParams(location.search, { bbox, page: null, view: "map" })}`, {
      preventScrollReset: true,
    });
  };
  return (
    <div className={cn("relative", className)}>
      <LazyMap
        label="Map of the results"
        className="h-[420px] max-md:h-[340px]"
        markers={markers}
        cluster
        onMove={setMoved}
        testId="results-map"
      />
      {moved ? (
        <Button
          type="button"
          size="sm"
          onClick={searchArea}
          className="absolute top-3 left-1/2 z-[1000] -translate-x-1/2 rounded-full shadow-md"
          data-testid="search-this-area"
        >
          <Search aria-hidden="true" />
          Search this area
        </Button>
      ) : null}
    </div>
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

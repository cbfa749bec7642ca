import { Search } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { approximateNote } from "~/lib/location-precision";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { withParams, type MappableResult } from "../view-params";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { BBox, MapMarker } from "../types";
import { LazyMap } from "./lazy-map";

/** A marker for each result with a position; a postal code's or a city's centre says it is approximate. */
export function resultMarkers(items: MappableResult[]): MapMarker[] {
  return items.flatMap((b) =>
    b.latitude !== null && b.longitude !== null
      ? [
          {
            id: b.id,
            lat: b.latitude,
            lng: b.longitude,
            name: b.name,
            rating: b.rating,
            reviewCount: b.reviewCount,
            href: businessPath(b),
            approximate: approximateNote(b.locationPrecision, b.country ?? "US"),
          },
        ]
      : [],
  );
}

/**
 * The map of the current results: a marker each (clustered when close), a
 * popup with the name, rating and a link, and "Search this area" once the
 * visitor moves the map (navigates with ?bbox=west,south,east,north, applied
 * by the search query on the server).
 */
export function ResultsMap({
  items,
  className,
  searchArea: offerSearchArea = true,
}: {
  items: MappableResult[];
  className?: string;
  /** Offer "Search this area" (pages whose loader applies ?bbox=). */
  searchArea?: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [moved, setMoved] = useState<BBox | null>(null);
  const markers = resultMarkers(items);
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
        onMove={offerSearchArea ? setMoved : undefined}
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

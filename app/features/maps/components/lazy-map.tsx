import { MapPinOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/components/layout/root-data";
import { cn } from "~/lib/utils";
import type { MapHandle, MapOptions } from "../types";

export type LazyMapProps = Omit<MapOptions, "tiles" | "onUnavailable"> & {
  /** What the map shows, for screen readers (the region's name). */
  label: string;
  className?: string;
  /** Called once the map is mounted (the listing form keeps the handle to move the pin). */
  onReady?: (handle: MapHandle) => void;
  testId?: string;
};

/**
 * An interactive map that costs nothing until it is seen: Leaflet's
 * JavaScript and CSS are fetched by a dynamic import() only when the map's
 * box scrolls into view (IntersectionObserver). Without JavaScript, or when
 * no tile can be loaded, the box says so and the page around it (address,
 * directions, the result list) carries on.
 */
export function LazyMap({ label, className, onReady, testId = "map", ...options }: LazyMapProps) {
  const { maps } = useRootData();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "ready" | "unavailable">("idle");
  // The latest callbacks and markers, without re-creating the map on every render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const markersKey = JSON.stringify([options.markers.map((m) => [m.id, m.lat, m.lng]), options.area ?? null]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !maps) return;
    const tiles = { url: maps.url, attribution: maps.attribution };
    let handle: MapHandle | null = null;
    let cancelled = false;
    const start = () => {
      setState("loading");
      import("../leaflet-map.client")
        .then(({ mountMap }) =>
          mountMap(element, {
            ...latest.current,
            tiles,
            onMove: latest.current.onMove && ((bbox) => latest.current.onMove?.(bbox)),
            onDrag: latest.current.onDrag && ((pos) => latest.current.onDrag?.(pos)),
            onUnavailable: () => setState("unavailable"),
          }),
        )
        .then((h) => {
          if (cancelled) return h.destroy();
          handle = h;
          setState((s) => (s === "unavailable" ? s : "ready"));
          onReady?.(h);
        })
        .catch(() => {
          // The script itself could not be fetched (offline): same message as blocked tiles.
          if (!cancelled) setState("unavailable");
        });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      handle?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is rebuilt only when its markers change
  }, [markersKey, maps]);

  return (
    <div
      role="region"
      aria-label={label}
      className={cn("relative isolate overflow-hidden rounded-xl border bg-muted", className)}
      data-testid={testId}
      data-state={state}
    >
      <div ref={ref} className="absolute inset-0 z-0" />
      {state === "idle" || state === "loading" ? (
        <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
          {state === "loading" ? "Loading map…" : <noscript>The map needs JavaScript.</noscript>}
        </p>
      ) : null}
      {state === "unavailable" ? (
        <div
          role="status"
          className="absolute inset-0 z-[1000] flex flex-col items-center justify-center gap-2 bg-muted px-4 text-center"
          data-testid="map-unavailable"
        >
          <MapPinOff aria-hidden="true" className="size-7 text-muted-foreground" />
          <p className="font-semibold">Map unavailable</p>
          <p className="text-sm text-muted-foreground">The map tiles could not be loaded.</p>
        </div>
      ) : null}
    </div>
  );
}

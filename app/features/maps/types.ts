/** The map tiles as configured (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; docs/maps.md), sent to the browser in the root loader's data. */
export interface MapTilesInfo {
  url: string;
  attribution: string;
}

/** A point on a map: a listing (with a popup when it has an href) or the listing form's draggable pin. */
export interface MapMarker {
  id: string;
  lat: number;
  lng: number;
  name: string;
  rating?: number;
  reviewCount?: number;
  /** The popup's link (the business page). */
  href?: string;
  /** "Approximate location: ZIP code centre": a hollow pin, the note in its popup and its title. */
  approximate?: string | null;
}

export type BBox = [west: number, south: number, east: number, north: number];

export interface MapOptions {
  tiles: MapTilesInfo;
  markers: MapMarker[];
  /** Zoom when there is one marker (or none and a center is given). */
  zoom?: number;
  center?: { lat: number; lng: number };
  /**
   * An approximate position (a postal code's or a city's centre): drawn as a shaded circle of this radius, not a
   * pin, and the map fits it (docs/maps.md, "Positions and precision").
   */
  area?: { lat: number; lng: number; radiusMetres: number };
  /** Group nearby markers (search and category pages). */
  cluster?: boolean;
  /** The visitor moved the map (not the first fit): the box now shown. */
  onMove?: (bbox: BBox) => void;
  /** The listing form: the only marker is draggable; called with its new position. */
  onDrag?: (pos: { lat: number; lng: number }) => void;
  /** No tile could be loaded (offline, blocked host). */
  onUnavailable?: () => void;
}

export interface MapHandle {
  destroy(): void;
  /** The listing form: move the pin (after "Find on map" or typed coordinates). */
  setPosition?(pos: { lat: number; lng: number }): void;
}

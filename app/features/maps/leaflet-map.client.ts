import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import "./leaflet-theme.css";
import type { MapHandle, MapMarker, MapOptions } from "./types";
import { escapeHtml } from "~/lib/html";

/**
 * The Leaflet side of <LazyMap>: only ever loaded by a dynamic import() once a
 * map scrolls into view, so Leaflet's JavaScript and CSS never weigh on first
 * load. Markers are CSS pins (a divIcon), not Leaflet's default PNGs, so no
 * image paths need rewriting and they follow the theme.
 */
const pinIcon = L.divIcon({
  className: "near-pin",
  html: '<span class="near-pin__dot"></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
  popupAnchor: [0, -30],
});

/** A postal code's or a city's centre among the results: a hollow pin (its popup and title say so). */
const approximatePinIcon = L.divIcon({
  className: "near-pin near-pin--approximate",
  html: '<span class="near-pin__dot"></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
  popupAnchor: [0, -30],
});

/** The popup, built as DOM text: names are user content and never go through innerHTML. */
function popupContent(marker: MapMarker) {
  const root = document.createElement("div");
  root.className = "near-popup";
  const link = document.createElement("a");
  link.href = marker.href ?? "#";
  link.className = "near-popup__name";
  link.textContent = marker.name;
  root.append(link);
  if (marker.rating !== undefined) {
    const rating = document.createElement("p");
    rating.className = "near-popup__rating";
    const reviews = marker.reviewCount ?? 0;
    rating.textContent =
      reviews > 0
        ? `★ ${marker.rating.toFixed(1)} · ${reviews} ${reviews === 1 ? "review" : "reviews"}`
        : "No reviews yet";
    root.append(rating);
  }
  if (marker.approximate) {
    const note = document.createElement("p");
    note.className = "near-popup__note";
    note.textContent = marker.approximate;
    root.append(note);
  }
  return root;
}

export async function mountMap(element: HTMLElement, options: MapOptions): Promise<MapHandle> {
  const map = L.map(element, { scrollWheelZoom: false, zoomControl: true });
  let loaded = 0;
  let unavailable = false;
  const tiles = L.tileLayer(options.tiles.url, {
    attribution: escapeHtml(options.tiles.attribution),
    maxZoom: 19,
  });
  tiles.on("tileload", () => {
    loaded++;
  });
  tiles.on("tileerror", () => {
    // Offline or a blocked tile host: with not a single tile shown the map is useless, so it says so.
    if (loaded === 0 && !unavailable) {
      unavailable = true;
      options.onUnavailable?.();
    }
  });
  tiles.addTo(map);
  map.attributionControl.setPrefix(false);

  const markers = options.markers.map((m) => {
    const marker = L.marker([m.lat, m.lng], {
      icon: m.approximate ? approximatePinIcon : pinIcon,
      title: m.approximate ? `${m.name} (${m.approximate.toLowerCase()})` : m.name,
      alt: m.approximate ? `${m.name} (${m.approximate.toLowerCase()})` : m.name,
      draggable: !!options.onDrag,
      keyboard: true,
    });
    if (m.href) marker.bindPopup(() => popupContent(m));
    if (options.onDrag) {
      marker.on("dragend", () => {
        const pos = marker.getLatLng();
        options.onDrag?.({ lat: pos.lat, lng: pos.lng });
      });
    }
    return marker;
  });

  if (options.cluster && markers.length > 1) {
    await import("leaflet.markercluster");
    const group = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 50,
      iconCreateFunction(cluster) {
        const count = cluster.getChildCount();
        return L.divIcon({
          className: "near-cluster",
          html: `<span aria-hidden="true">${count}</span><span class="sr-only">${count} businesses, zoom in</span>`,
          iconSize: [40, 40],
        });
      },
    });
    group.addLayers(markers);
    group.addTo(map);
  } else {
    for (const marker of markers) marker.addTo(map);
  }

  // An approximate position (a postal code's or a city's centre, issue 40): a shaded circle, never a pin.
  const area = options.area
    ? L.circle([options.area.lat, options.area.lng], {
        radius: options.area.radiusMetres,
        className: "near-area",
        interactive: false,
      }).addTo(map)
    : null;

  const first = options.markers[0];
  if (area) {
    // From the centre and radius (the circle's own bounds need a map view first).
    map.fitBounds(area.getLatLng().toBounds(options.area!.radiusMetres * 2), { padding: [16, 16], animate: false });
  } else if (options.markers.length > 1) {
    map.fitBounds(L.latLngBounds(options.markers.map((m) => [m.lat, m.lng] as [number, number])), {
      padding: [32, 32],
      maxZoom: 16,
      animate: false,
    });
  } else if (first) {
    map.setView([first.lat, first.lng], options.zoom ?? 16, { animate: false });
  } else if (options.center) {
    map.setView([options.center.lat, options.center.lng], options.zoom ?? 12, { animate: false });
  } else {
    map.setView([39.8283, -98.5795], 3, { animate: false });
  }

  // Registered after the first fit, so only the visitor's own moves count.
  if (options.onMove) {
    map.on("moveend", () => {
      const b = map.getBounds();
      options.onMove?.([
        Math.max(-180, b.getWest()),
        Math.max(-90, b.getSouth()),
        Math.min(180, b.getEast()),
        Math.min(90, b.getNorth()),
      ]);
    });
  }

  return {
    destroy: () => map.remove(),
    setPosition(pos) {
      const marker = markers[0];
      if (marker) marker.setLatLng([pos.lat, pos.lng]);
      map.setView([pos.lat, pos.lng], Math.max(map.getZoom(), 15));
    },
  };
}

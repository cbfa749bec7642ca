import { Loader2, LocateFixed } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useRootData } from "~/components/layout/root-data";
import { approximateNote, isApproximate, type LocationPrecision } from "~/lib/location-precision";
import type { MapHandle } from "../types";
import { LazyMap } from "./lazy-map";

/** Where the pin starts when a listing has no coordinates yet: the middle of the demo city (Springfield, IL). */
const FALLBACK_CENTER = { lat: 39.7817, lng: -89.6501 };

/**
 * The listing form's map: drag the pin to set the position. The form's
 * latitude / longitude inputs stay the source of truth (they work without
 * JavaScript); the pin writes into them. "Find on map" asks the server to
 * geocode the typed address when a geocoder is configured (GEOCODER_URL).
 */
export function LocationPicker({
  formId,
  initial,
}: {
  formId?: string;
  initial: {
    latitude: number | null;
    longitude: number | null;
    /** How exact the stored position is (app/lib/location-precision.ts); null for a new listing or none. */
    precision?: LocationPrecision | null;
    country?: string | null;
  };
}) {
  const { maps } = useRootData();
  const root = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [status, setStatus] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const [pinned, setPinned] = useState(false);
  const start =
    initial.latitude !== null && initial.longitude !== null
      ? { lat: initial.latitude, lng: initial.longitude }
      : FALLBACK_CENTER;

  const form = () =>
    (formId ? document.getElementById(formId) : root.current?.closest("form")) as HTMLFormElement | null;
  const setInputs = (pos: { lat: number; lng: number }) => {
    const f = form();
    for (const [name, value] of [
      ["latitude", pos.lat.toFixed(6)],
      ["longitude", pos.lng.toFixed(6)],
    ] as const) {
      const input = f?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) {
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  };

  async function findOnMap() {
    const f = form();
    const field = (name: string) => {
      const el = f?.elements.namedItem(name);
      return el instanceof HTMLInputElement ? el.value.trim() : "";
    };
    const q = [field("address"), field("city"), [field("state"), field("zip")].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", ");
    setStatus({ busy: true, message: null });
    try {
      const response = await fetch("/api/v1/geocode", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ q }),
      });
      const body = (await response.json()) as { result?: { lat: number; lng: number } | null; message?: string };
      if (!response.ok) return setStatus({ busy: false, message: body.message ?? "The address lookup failed." });
      if (!body.result)
        return setStatus({ busy: false, message: "That address wasn't found. Drag the pin to the right place." });
      setInputs(body.result);
      setPinned(true);
      handle.current?.setPosition?.(body.result);
      setStatus({ busy: false, message: "Pin placed at the address. Drag it to fine-tune." });
    } catch {
      setStatus({ busy: false, message: "The address lookup failed. Drag the pin instead." });
    }
  }

  return (
    <div ref={root} className="col-span-full grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" id="location-picker-hint" data-testid="location-precision">
          {pinned ? "Pin set: this is the exact position. The coordinates above follow it." : precisionHint(initial)}
        </p>
        {maps?.geocoder ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={findOnMap}
            disabled={status.busy}
            data-testid="find-on-map"
          >
            {status.busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <LocateFixed aria-hidden="true" />}
            Find on map
          </Button>
        ) : null}
      </div>
      <LazyMap
        label="Map: drag the pin to set the business's position"
        className="h-64"
        markers={[{ id: "pin", name: "Business position (drag to move)", ...start }]}
        zoom={initial.latitude !== null ? 16 : 13}
        onDrag={(pos) => {
          setInputs(pos);
          setPinned(true);
        }}
        onReady={(h) => (handle.current = h)}
        testId="location-picker"
      />
      <p role="status" className="min-h-5 text-sm text-muted-foreground" data-testid="location-status">
        {status.message}
      </p>
    </div>
  );
}

/**
 * What the form says of the stored position (issue 40): an approximate one is said to be one, with an invitation to
 * drag the pin to the door; without a position, that saving places it from the address.
 */
function precisionHint(initial: {
  latitude: number | null;
  precision?: LocationPrecision | null;
  country?: string | null;
}): string {
  if (initial.latitude === null)
    return "No position yet: saving places the listing from its address (its ZIP or postal code's centre, else its city's). Drag the pin to the door to make it exact.";
  if (isApproximate(initial.precision))
    return `${approximateNote(initial.precision, initial.country ?? "US")}. Drag the pin to the door so visitors find it.`;
  if (initial.precision === "address")
    return "Placed from the address. Drag the pin to refine it; the coordinates above follow it.";
  return "Drag the pin to set the position; the coordinates above follow it.";
}

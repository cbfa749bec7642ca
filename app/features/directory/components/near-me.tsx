import { LocateFixed, Loader2, MapPin, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { SearchOrigin } from "../types";
import { RADII, roundCoordinate, withSearch } from "../distance";
import { useDistanceUnit } from "~/components/layout/root-data";

type Trouble = "denied" | "unavailable" | null;

const TROUBLE_TEXT: Record<Exclude<Trouble, null>, string> = {
  denied: "Location access was refused, so we can't use where you are. Type a ZIP code, city or neighborhood instead.",
  unavailable: "We couldn't get your location. Type a ZIP code, city or neighborhood instead.",
};

/**
 * "Near me" (issue 14, docs/maps.md): the browser's position — asked only when
 * the visitor clicks **Use my location** — or a typed ZIP code, city or neighbourhood, and
 * the radius. Everything lands in the URL (?lat=&lng= or ?near=, &radius=,
 * &sort=distance), so the server renders the distances; the typed place and
 * the radius are a GET form that works without JavaScript.
 */
export function NearMe({
  origin,
  unknownPlace,
  near,
  radius,
  className,
  layout = "column",
}: {
  origin: SearchOrigin | null | undefined;
  unknownPlace?: string;
  /** The typed place from the URL (shown in the field). */
  near?: string;
  radius?: number;
  className?: string;
  /** "row" lays the button and fields side by side on wide screens (the category pages). */
  layout?: "column" | "row";
}) {
  const row = layout === "row";
  const unit = useDistanceUnit();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [locating, setLocating] = useState(false);
  const [trouble, setTrouble] = useState<Trouble>(null);
  const current = new URLSearchParams(location.search);
  // The form carries every other filter of the page along (hidden), and drops a browser position for the typed place.
  const kept = [...current.entries()].filter(
    ([key]) => !["near", "lat", "lng", "radius", "page", "sort"].includes(key),
  );
  const go = (changes: Record<string, string | null>) =>
    navigate(`${location.pathname}${withSearch(location.search, changes)}`, { preventScrollReset: true });

  function locate() {
    setTrouble(null);
    if (!("geolocation" in navigator)) {
      setTrouble("unavailable");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        go({
          lat: String(roundCoordinate(position.coords.latitude)),
          lng: String(roundCoordinate(position.coords.longitude)),
          near: null,
          sort: "distance",
        });
      },
      (error) => {
        setLocating(false);
        setTrouble(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable");
      },
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 300000 },
    );
  }

  const clearHref = `${location.pathname}${withSearch(location.search, {
    lat: null,
    lng: null,
    near: null,
    radius: null,
    ...(current.get("sort") === "distance" ? { sort: null } : {}),
  })}`;

  return (
    <section
      aria-labelledby="near-me-heading"
      className={cn("rounded-2xl border bg-card p-5 shadow-card", className)}
      data-testid="near-me"
    >
      <h2 id="near-me-heading" className="flex items-center gap-2 text-base font-bold">
        <MapPin aria-hidden="true" className="size-4 text-primary" />
        Near me
      </h2>
      <div className={cn(row && "md:mt-3 md:flex md:items-end md:gap-4")}>
        {/* Server-rendered too (shown from the first frame when JavaScript will run, app.css's .js-only), so nothing
            moves when the page hydrates after its first paint. */}
        <Button
          type="button"
          variant="outline"
          className={cn("js-only mt-3 w-full", row && "md:mt-0 md:w-auto")}
          onClick={locate}
          disabled={locating}
          aria-busy={locating}
        >
          {locating ? <Loader2 aria-hidden="true" className="animate-spin" /> : <LocateFixed aria-hidden="true" />}
          {locating ? "Finding you…" : "Use my location"}
        </Button>
        <Form
          method="get"
          action={location.pathname}
          preventScrollReset
          className={cn("mt-3 grid gap-2", row && "md:mt-0 md:flex md:flex-1 md:items-end md:gap-4")}
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const place = String(data.get("near") ?? "").trim();
            const r = String(data.get("radius") ?? "");
            if (place) go({ near: place, lat: null, lng: null, radius: r || null, sort: "distance" });
            else if (origin) go({ radius: r || null });
          }}
        >
          {kept.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <input type="hidden" name="sort" value="distance" />
          <div className={cn("grid gap-2", row && "md:max-w-sm md:flex-1")}>
            <label htmlFor="near-place" className="text-xs font-semibold text-muted-foreground">
              {hydrated ? "Or a ZIP code, city or neighborhood" : "ZIP code, city or neighborhood"}
            </label>
            <div className="flex gap-2">
              <Input
                id="near-place"
                name="near"
                key={near ?? ""}
                defaultValue={near ?? ""}
                placeholder="e.g. 62701 or Downtown"
                maxLength={100}
                // A ZIP code, a city or a neighbourhood: no single autofill field fits, and a postcode hint would
                // offer only postcodes.
                autoComplete="off"
                className="h-10 min-w-0 flex-1"
              />
              <Button type="submit" variant="secondary" className="h-10">
                Go
              </Button>
            </div>
          </div>
          <div className={cn("grid gap-2", row && "md:w-40")}>
            <label htmlFor="near-radius" className="mt-1 text-xs font-semibold text-muted-foreground">
              Within
            </label>
            <NativeSelect
              id="near-radius"
              name="radius"
              key={radius ?? ""}
              defaultValue={radius ? String(radius) : ""}
              onChange={(e) => {
                // With a position, the radius applies at once; otherwise it waits for Go.
                if (origin) go({ radius: e.target.value || null });
              }}
            >
              <option value="">Any distance</option>
              {RADII.map((r) => (
                <option key={r} value={String(r)}>
                  {`${r} ${unit}`}
                </option>
              ))}
            </NativeSelect>
          </div>
        </Form>
      </div>
      <p role="status" className="empty:hidden mt-2 text-sm text-destructive" data-testid="near-me-message">
        {trouble ? TROUBLE_TEXT[trouble] : ""}
      </p>
      {unknownPlace ? (
        <p role="alert" className="mt-2 text-sm text-destructive" data-testid="near-me-unknown">
          {`We couldn't find “${unknownPlace}”: no listing here has that ZIP code, city or neighborhood. Showing all results instead.`}
        </p>
      ) : null}

      {origin ? (
        <p className="mt-3 flex items-start justify-between gap-2 text-sm" data-testid="near-me-origin">
          <span>
            {origin.label ? `Distances from ${origin.label}` : "Distances from your location"}
            {origin.radius ? `, within ${origin.radius} ${unit}` : ""}
          </span>
          <Link
            to={clearHref}
            preventScrollReset
            className="inline-flex shrink-0 items-center gap-1 font-semibold text-primary hover:underline"
          >
            <X aria-hidden="true" className="size-3.5" />
            Clear
          </Link>
        </p>
      ) : null}
    </section>
  );
}

import { MapPin } from "lucide-react";
import { cn } from "~/lib/utils";

/**
 * A drawn stand-in for a map (no external tiles or scripts): streets on a
 * soft grid with a pin in the middle. The address and "Get Directions" sit
 * next to it.
 */
export function MapPlaceholder({ label, className }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={cn(
        "relative isolate overflow-hidden rounded-xl border bg-[oklch(0.95_0.02_150)] dark:bg-[oklch(0.27_0.02_200)]",
        className,
      )}
      data-testid="map-placeholder"
    >
      {/* Blocks */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-70 [background-image:linear-gradient(to_right,oklch(1_0_0/0.9)_6px,transparent_6px),linear-gradient(to_bottom,oklch(1_0_0/0.9)_6px,transparent_6px)] [background-size:72px_56px] dark:opacity-20"
      />
      {/* Avenues */}
      <div
        aria-hidden="true"
        className="absolute top-[38%] -left-4 h-3.5 w-[120%] -rotate-6 bg-[oklch(0.93_0.06_85)] shadow-sm dark:bg-[oklch(0.45_0.05_85)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-4 left-[58%] h-[120%] w-3 rotate-12 bg-white shadow-sm dark:bg-[oklch(0.4_0.02_265)]"
      />
      {/* A park and water */}
      <div
        aria-hidden="true"
        className="absolute right-[8%] bottom-[10%] h-16 w-24 rounded-2xl bg-[oklch(0.86_0.08_150)] dark:bg-[oklch(0.38_0.06_150)]"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-6 -left-6 size-28 rounded-full bg-[oklch(0.86_0.06_230)] dark:bg-[oklch(0.35_0.06_240)]"
      />
      {/* The pin */}
      <div aria-hidden="true" className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-full">
        <MapPin className="size-10 fill-primary text-white drop-shadow-md" strokeWidth={1.75} />
      </div>
      <div
        aria-hidden="true"
        className="absolute top-1/2 left-1/2 h-2 w-5 -translate-x-1/2 rounded-[50%] bg-black/20 blur-[1px]"
      />
    </div>
  );
}

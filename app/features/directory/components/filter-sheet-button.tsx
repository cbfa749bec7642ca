import { SlidersHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { deferredComponent } from "~/lib/deferred-component";
import { cn } from "~/lib/utils";

/** The sheet's code (and Radix's dialog) loads when the button is first pointed at or pressed, not with the page. */
const LazyFilterSheet = deferredComponent(() => import("./filter-sheet").then((m) => m.FilterSheet));

/**
 * "Filters" with the number of filters in use, opening the filter sheet (phones: issue 40, defect 19). Shown only
 * where JavaScript runs (without it the filters stay on the page). `children` gets a function that closes the sheet.
 */
export function FilterSheetButton({
  activeCount,
  description,
  className,
  children,
}: {
  activeCount: number;
  description: string;
  className?: string;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The button the sheet closes back to: this one, or, if the page's form was drawn anew meanwhile, its successor.
  const returnFocusTo = () =>
    button.current?.isConnected
      ? button.current
      : ([...document.querySelectorAll<HTMLElement>("[data-testid=filters-button]")].find((b) => b.offsetParent) ??
        null);
  const preload = () => void LazyFilterSheet.preload().catch(() => {});
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="outline"
        className={cn("js-only", className)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="filters-button"
        onPointerOver={preload}
        onFocus={preload}
        onClick={() =>
          LazyFilterSheet.whenLoaded(() => {
            setMounted(true);
            setOpen(true);
          }, "The filters couldn't be loaded.")
        }
      >
        <SlidersHorizontal aria-hidden="true" />
        Filters
        {activeCount > 0 ? (
          <span className="grid min-w-5 place-items-center rounded-full bg-primary px-1 text-xs text-primary-foreground">
            <span className="sr-only">(</span>
            {activeCount}
            <span className="sr-only"> in use)</span>
          </span>
        ) : null}
      </Button>
      {mounted ? (
        <LazyFilterSheet.Component
          open={open}
          onOpenChange={setOpen}
          description={description}
          returnFocusTo={returnFocusTo}
        >
          {children(() => setOpen(false))}
        </LazyFilterSheet.Component>
      ) : null}
    </>
  );
}

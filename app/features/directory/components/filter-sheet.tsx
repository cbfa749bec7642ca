import type * as React from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/**
 * The filters of a search or category page on a phone (issue 40, defect 19): a sheet from the bottom of the screen,
 * opened by the page's "Filters" button, so the results come first. A Radix dialog: focus stays inside, Escape or
 * Close shuts it and focus returns to the button (`returnFocusTo`).
 */
export function FilterSheet({
  open,
  onOpenChange,
  description,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  /** Where focus goes when the sheet closes (its "Filters" button): there is no Radix trigger to return to. */
  returnFocusTo: () => HTMLElement | null;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="filter-sheet"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a Dialog.Trigger; the sheet is opened by a plain button (the sheet's code loads
          // on its first press), so without this focus fell to <body> on close (issue 40, defect 20).
          const target = returnFocusTo();
          if (!target) return;
          event.preventDefault();
          target.focus({ preventScroll: true });
        }}
        className="top-auto bottom-0 left-0 max-h-[88dvh] w-full max-w-none translate-x-0 translate-y-0 gap-5 rounded-b-none p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:p-6"
      >
        <DialogHeader>
          <DialogTitle>Filters</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

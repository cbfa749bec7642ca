import { Flag } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { deferredComponent } from "~/lib/deferred-component";

/** The report dialog (Radix Dialog, the form, zod and Conform) in its own chunk. */
const ReportDialog = deferredComponent(() => import("./report-dialog").then((m) => m.ReportDialog));
const preload = () => void ReportDialog.preload().catch(() => {});

/**
 * "Report" on a review. Until it is first pressed this is a stand-in with the markup of the closed dialog's trigger;
 * hovering or focusing it fetches the dialog's code, and a press opens the real dialog (whose trigger takes the
 * stand-in's place, so closing it returns focus there as before).
 */
export function ReportButton(props: { businessId: string; reviewId: string; author: string }) {
  const [opened, setOpened] = useState(false);
  if (opened) return <ReportDialog.Component {...props} initialOpen className="contents" />;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-muted-foreground"
      aria-haspopup="dialog"
      aria-expanded="false"
      data-state="closed"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => ReportDialog.whenLoaded(() => setOpened(true), "The report form couldn't be loaded.")}
    >
      <Flag aria-hidden="true" />
      Report
    </Button>
  );
}

import { useState, type ComponentProps } from "react";
import { deferredComponent } from "~/lib/deferred-component";
import type { ConfirmDialog as ConfirmDialogType } from "./confirm-dialog";

/** The confirmation dialog (Radix Dialog) in its own chunk. */
const ConfirmDialog = deferredComponent(() => import("./confirm-dialog").then((m) => m.ConfirmDialog));

/**
 * ConfirmDialog whose code loads the first time it opens (the business page's first load doesn't carry Radix
 * Dialog); it stays mounted after, so it closes and returns focus as before.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialogType>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <ConfirmDialog.Component {...props} className="contents" /> : null;
}

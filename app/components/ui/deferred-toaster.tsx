import { useEffect, useRef, useState, type ComponentType } from "react";
import { useToasts } from "~/lib/toast";
import { TOAST_VIEWPORT_CLASS } from "./toast-viewport-class";

const loadToaster = () => import("./toaster").then((m) => m.Toaster);

/**
 * The notifications region, with Radix's toast (and its icons) loaded on the first notification rather than with
 * every page (docs/performance.md). Until then it renders the markup Radix renders for an empty region, so the
 * server's HTML and the page don't change, and F8 focuses the list as Radix's hotkey does.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pending = toasts.length > 0 && !Toaster;

  useEffect(() => {
    if (!pending) return;
    let current = true;
    void loadToaster().then((component) => {
      if (current) setToaster(() => component);
    });
    return () => {
      current = false;
    };
  }, [pending]);

  useEffect(() => {
    if (Toaster) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === "F8") listRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [Toaster]);

  if (Toaster) return <Toaster />;
  return (
    <div role="region" aria-label="Notifications (F8)" tabIndex={-1} style={{ pointerEvents: "none" }}>
      <ol ref={listRef} tabIndex={-1} data-slot="toast-viewport" className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}

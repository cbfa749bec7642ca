import { useSyncExternalStore, type ReactNode } from "react";

/**
 * A tiny notification store behind the <Toaster/> (Radix Toast). Callable from
 * any component or event handler: `toast({ title: "Saved" })`.
 *
 * Spec: at most one notification is shown, a new one replaces the previous,
 * each closes after its duration (5000 ms by default; `Infinity` keeps it) and
 * can be dismissed or updated.
 */
export type ToastVariant = "default" | "destructive";

export interface ToastAction {
  label: string;
  /** Read by screen readers, which can't reach the button in time (Radix requirement). */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes; `Infinity` keeps it open. Default 5000. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (patch: ToastOptions) => void;
}

export const TOAST_DEFAULT_DURATION = 5000;
const TOAST_LIMIT = 1;
// A closed toast stays mounted this long so its exit animation can play.
const REMOVE_DELAY = 1000;

let toasts: readonly ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const EMPTY: readonly ToastRecord[] = [];

function setToasts(next: readonly ToastRecord[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, REMOVE_DELAY),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  for (const t of closing) scheduleRemoval(t.id);
}

export function updateToast(id: string, patch: ToastOptions) {
  if (!toasts.some((t) => t.id === id)) return;
  setToasts(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

/** Shows a notification, replacing the one on screen. */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  // Newest first; the limit drops the previous one at once (it is replaced, not queued).
  const kept = [{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  for (const t of toasts) {
    if (!kept.includes(t)) {
      const timer = removalTimers.get(t.id);
      if (timer) clearTimeout(timer);
      removalTimers.delete(t.id);
    }
  }
  setToasts(kept);
  return { id, dismiss: () => dismissToast(id), update: (patch) => updateToast(id, patch) };
}

/** The toasts right now (newest first); for tests and non-React callers. */
export function getToasts(): readonly ToastRecord[] {
  return toasts;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts (empty while server rendering). */
export function useToasts(): readonly ToastRecord[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}

import { useEffect, useId, useRef, useState, type ComponentType, type RefObject } from "react";

/** How the visitor reached for a menu before its code was there, for the real menu to carry on from. */
export interface MenuHandoff {
  /** The stand-in had focus: the real trigger takes it. */
  focus: boolean;
  /** Pressed with a pointer (or clicked by assistive technology): the menu opens at once. */
  open: boolean;
  /** The key that opened it (Enter, Space, ArrowDown): replayed on the real trigger, so Radix focuses the first item. */
  key?: string;
}

export type DeferredMenuComponent<P> = ComponentType<P & { handoff: MenuHandoff | null }>;

/** The props of the stand-in trigger: what Radix's DropdownMenu.Trigger renders while closed, and the listeners. */
export interface StandInTriggerProps {
  ref: RefObject<HTMLButtonElement | null>;
  type: "button";
  id: string;
  "aria-haspopup": "menu";
  "aria-expanded": false;
  "data-state": "closed";
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => void;
  onClick: () => void;
}

const OPEN_KEYS = ["Enter", " ", "ArrowDown"];
const loads = new Map<unknown, Promise<unknown>>();
const loaded = new Map<unknown, unknown>();

function loadOnce<P>(load: () => Promise<DeferredMenuComponent<P>>): Promise<DeferredMenuComponent<P>> {
  let promise = loads.get(load) as Promise<DeferredMenuComponent<P>> | undefined;
  if (!promise) {
    promise = load().then(
      (component) => {
        loaded.set(load, component);
        return component;
      },
      (error: unknown) => {
        // A failed download is tried again on the next hover, focus or press.
        loads.delete(load);
        throw error;
      },
    );
    loads.set(load, promise);
  }
  return promise;
}

/**
 * A header menu whose Radix code (popper, focus management: ~25 KB) loads on first use rather than with every page
 * (docs/performance.md). Until then the trigger is a real button with the markup Radix renders for a closed menu, on
 * the server and at hydration alike; hovering or focusing it starts the download, and a press that came before the
 * code is handed to the real menu (it opens, and a key press is replayed so keyboard users land on the first item).
 */
export function DeferredMenu<P extends object>({
  load,
  props,
  trigger: Trigger,
  eager = false,
}: {
  /** A module-level function (it keys the cache). */
  load: () => Promise<DeferredMenuComponent<P>>;
  /**
   * Fetch the code as soon as the stand-in is on screen (after hydration, off the first load) rather than on first
   * use: for a menu that appears after a navigation (the account menu once signed in), where a press handed over
   * while the page also moves focus to its heading could leave the menu closed.
   */
  eager?: boolean;
  props: P;
  /** The stand-in trigger (a module-level component): Radix's closed-trigger props, and the menu's props. */
  trigger: ComponentType<StandInTriggerProps & P>;
}) {
  const [Menu, setMenu] = useState(() => (loaded.get(load) as DeferredMenuComponent<P> | undefined) ?? null);
  const [handoff, setHandoff] = useState<MenuHandoff | null>(null);
  const ref = useRef<HTMLButtonElement>(null);
  const intent = useRef<{ open: boolean; key?: string }>({ open: false });
  const id = `radix-${useId()}`;
  const mounted = useRef(true);
  const swapped = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function start() {
    loadOnce(load).then(
      (component) => {
        // Hover, focus and press each ask for the code: the first answer swaps the menu in, once.
        if (!mounted.current || swapped.current) return;
        swapped.current = true;
        setHandoff({ focus: document.activeElement === ref.current, ...intent.current });
        setMenu(() => component);
      },
      () => {},
    );
  }

  /**
   * A press or an opening key on the stand-in. When the code is already in and the real menu is about to take the
   * stand-in's place (the swap is rendered in a task of its own), the press updates what it is handed, or it would be
   * lost: the real trigger opens on its own pointerdown, which has already happened (seen in CI, owner-portal.spec).
   */
  function ask(next: { open: boolean; key?: string }) {
    intent.current = next;
    if (swapped.current) setHandoff({ focus: document.activeElement === ref.current, ...next });
    else start();
  }

  useEffect(() => {
    if (eager) start();
    // start() only reads refs and the module-level cache: once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (Menu) return <Menu {...props} handoff={handoff} />;
  return (
    <Trigger
      {...props}
      ref={ref}
      type="button"
      id={id}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={start}
      onFocus={start}
      onPointerDown={(event) => {
        // As Radix's trigger: the main button without Ctrl opens, and the press doesn't move focus to the trigger.
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        ask({ open: true });
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        ask({ open: false, key: event.key });
      }}
      onClick={() => {
        // A click with no press before it (a screen reader's): open, unless a press already asked to.
        if (intent.current.open || intent.current.key) return;
        ask({ open: true });
      }}
    />
  );
}

/** In the real menu: take focus and replay the opening key, once the menu's own listeners are in place. */
export function useMenuHandoff(trigger: RefObject<HTMLButtonElement | null>, handoff: MenuHandoff | null) {
  useEffect(() => {
    if (!handoff) return;
    if (handoff.focus || handoff.key) trigger.current?.focus();
    const key = handoff.key;
    if (!key) return;
    // A task later: the Menu root's keyboard-use listener (set in its own effect, after ours) must see the key.
    const timer = setTimeout(() =>
      trigger.current?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })),
    );
    return () => clearTimeout(timer);
  }, [trigger, handoff]);
}

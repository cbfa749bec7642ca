import {
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from "react";
import { toast } from "./toast";
import { useHydrated } from "./use-hydrated";

/** On the server every deferred component is loaded before the first render (entry.server awaits this). */
const serverLoads: Promise<unknown>[] = [];

export function deferredComponentsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

interface BoundaryOptions {
  /** Shown while the code downloads when the component first appears in the browser (not at hydration). */
  fallback?: ReactNode;
  /** Of the wrapping `<div>` (the triggers watch it). */
  className?: string;
}

export interface DeferredComponent<P extends object> {
  /** Start the download (once; a failure can be tried again); resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
  /** The code has arrived: rendering it now shows no fallback. */
  isLoaded: () => boolean;
  /**
   * Runs `then` once the code is in (at once when it is), for a press that shows the component. When it can't be
   * downloaded, an "Error" toast says "`failure` Check your connection and try again." (e.g. "The review form
   * couldn't be loaded."), and the next press tries again.
   */
  whenLoaded: (then: () => void, failure: string) => void;
  /**
   * The component in its own chunk, behind a Suspense boundary in a `<div>`. The server renders it as usual (its
   * code is loaded before the first request). At hydration the server's HTML stays as it is — inputs take typing;
   * a send, a press on a button or an in-app link and a choice in a select are held and replayed once the part is
   * live — until the code arrives, and then hydrates in place: no mismatch, nothing moves. The download starts on a pointer over it, a press or focus inside it, when it comes
   * within 200 px of the viewport, or when the browser is next idle after hydration (or `preload()`), whichever
   * comes first: after the page's first load, not with it. Rendered later in the browser, it loads its code at once.
   */
  Component: ComponentType<P & BoundaryOptions>;
}

const TRIGGER_EVENTS = ["pointerover", "pointerdown", "focusin"] as const;

type Held =
  | { kind: "submit"; form: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: "click"; element: HTMLElement }
  | { kind: "change"; element: HTMLSelectElement; value: string };

/**
 * The button or in-app link a plain press landed on, to hold until its code is in. Not a link the browser follows
 * as well without us: to another site, a new tab, a download, a modified click, a place on this page.
 */
function heldControl(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const control = (event.target as Element).closest<HTMLElement>("a[href], button");
  if (!control) return null;
  if (control instanceof HTMLButtonElement) return control.disabled ? null : control;
  const link = control as HTMLAnchorElement;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  if (link.origin !== window.location.origin) return null;
  // A jump within this page (#reviews) needs no code.
  const here = window.location;
  return link.hash && link.pathname === here.pathname && link.search === here.search ? null : link;
}

/** Hydration keeps the server's nodes, so the held control is still the one on screen (unless it was replaced). */
function replayHeld(action: Held) {
  if (!(action.kind === "submit" ? action.form : action.element).isConnected) return;
  if (action.kind === "submit") action.form.requestSubmit(action.submitter);
  else if (action.kind === "click") action.element.click();
  else {
    action.element.value = action.value;
    action.element.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
const IDLE_TIMEOUT_MS = 3000;

/**
 * Starts the download of several deferred parts and settles when each is in or has failed (a failed one is tried
 * again when it shows). A route's clientLoader awaits it with its data, so a client-side navigation shows the page
 * whole rather than without those parts for a moment.
 */
export function preloadParts(...parts: { preload: () => Promise<unknown> }[]): Promise<void> {
  return Promise.all(parts.map((part) => part.preload().catch(() => undefined))).then(() => undefined);
}

/**
 * A component whose code (a form with its zod schema and Conform, say) leaves the page's first load
 * (docs/performance.md). `load` is a dynamic import; call this at module level.
 */
export function deferredComponent<P extends object>(load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let component: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  let markReady: (component: ComponentType<P>) => void = () => {};
  // Settles once, when the code is in: what a boundary waiting at hydration suspends on.
  const ready = new Promise<ComponentType<P>>((resolve) => {
    markReady = resolve;
  });

  function preload(): Promise<ComponentType<P>> {
    loading ??= load().then(
      (loaded) => {
        component = loaded;
        markReady(loaded);
        return loaded;
      },
      (error: unknown) => {
        // A failed download is tried again by the next trigger.
        loading = null;
        throw error;
      },
    );
    return loading;
  }
  if (import.meta.env.SSR) serverLoads.push(preload());

  function Code({ props, onCommit }: { props: P; onCommit: () => void }) {
    // Runs once the component is on the page with its event handlers (after its own effects). Before use(): a
    // render that suspended there is replayed with the same hooks.
    useEffect(onCommit, [onCommit]);
    const Loaded = component ?? use(ready);
    return <Loaded {...props} />;
  }

  // Memoized, with the hydration flag fixed at mount: a Suspense boundary still showing the server's HTML must not
  // re-render before its code is in (React would drop that HTML for the fallback).
  const Boundary = memo(function Boundary({
    atHydration,
    fallback = null,
    className,
    ...props
  }: BoundaryOptions & { atHydration: boolean }) {
    const ref = useRef<HTMLDivElement>(null);
    const committed = useRef(false);
    // What was done to the server's HTML before its code was in, done again once the part is live.
    const held = useRef<Held[]>([]);
    const onCommit = useCallback(() => {
      committed.current = true;
      const replay = held.current;
      held.current = [];
      for (const action of replay) replayHeld(action);
    }, []);
    useEffect(() => {
      if (component) return;
      const start = () => void preload().catch(() => {});
      if (!atHydration) {
        start();
        return;
      }
      const element = ref.current;
      if (!element) return;
      // On window, in the capture phase: React stops events aimed at HTML it hasn't hydrated yet at the document.
      const onEvent = (event: Event) => {
        if (event.target instanceof Node && element.contains(event.target)) start();
      };
      // Without its code the form would post the whole page (as it does without JavaScript): held until the form
      // is hydrated, so it is checked in the browser and sent in place, as it would have been.
      const onSubmit = (event: SubmitEvent) => {
        if (committed.current || !(event.target instanceof HTMLFormElement) || !element.contains(event.target)) return;
        event.preventDefault();
        held.current.push({ kind: "submit", form: event.target, submitter: event.submitter });
        start();
      };
      // React drops a press aimed at HTML it hasn't hydrated (it has no handler to run yet), and an in-app link
      // would load a whole new page: both are held and pressed again once the part is live.
      const onClick = (event: MouseEvent) => {
        if (committed.current || !(event.target instanceof Element) || !element.contains(event.target)) return;
        const control = heldControl(event);
        if (!control) return;
        // Nor does React see it (it might hydrate the part just then and run it too): the replay is the one press.
        event.preventDefault();
        event.stopPropagation();
        held.current.push({ kind: "click", element: control });
        start();
      };
      // A choice in a select changes it at once, but its handler (a new sort, say) isn't there yet.
      const onChange = (event: Event) => {
        const target = event.target;
        if (committed.current || !(target instanceof HTMLSelectElement) || !element.contains(target)) return;
        event.stopPropagation();
        held.current.push({ kind: "change", element: target, value: target.value });
        start();
      };
      for (const type of TRIGGER_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
      window.addEventListener("submit", onSubmit, { capture: true });
      window.addEventListener("click", onClick, { capture: true });
      window.addEventListener("change", onChange, { capture: true });
      let observer: IntersectionObserver | undefined;
      if (typeof IntersectionObserver === "function") {
        observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) start();
          },
          { rootMargin: "200px 0px" },
        );
        observer.observe(element);
      }
      // And at the latest once the browser is idle: while it shows the server's HTML, this boundary holds back any
      // update that renders it again (the page's loaders re-run after a fetcher, say) until its code is in.
      const idle =
        typeof requestIdleCallback === "function"
          ? requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(start, IDLE_TIMEOUT_MS);
      void ready.then(() => observer?.disconnect());
      return () => {
        if (typeof cancelIdleCallback === "function") cancelIdleCallback(idle);
        else window.clearTimeout(idle);
        for (const type of TRIGGER_EVENTS) window.removeEventListener(type, onEvent, { capture: true });
        window.removeEventListener("submit", onSubmit, { capture: true });
        window.removeEventListener("click", onClick, { capture: true });
        window.removeEventListener("change", onChange, { capture: true });
        observer?.disconnect();
      };
    }, [atHydration]);
    return (
      <div ref={ref} className={className} data-deferred-part="">
        <Suspense fallback={fallback}>
          <Code props={props as P} onCommit={onCommit} />
        </Suspense>
      </div>
    );
  });

  function Deferred(props: P & BoundaryOptions) {
    // False only in the hydration pass: the one render where the server's HTML is there to keep.
    const hydrated = useHydrated();
    const [atHydration] = useState(!hydrated);
    return <Boundary {...props} atHydration={atHydration} />;
  }

  function whenLoaded(then: () => void, failure: string) {
    preload().then(then, () =>
      toast({ title: "Error", description: `${failure} Check your connection and try again.`, variant: "destructive" }),
    );
  }

  return { preload, isLoaded: () => component !== null, whenLoaded, Component: Deferred };
}

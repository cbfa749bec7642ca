import { LayoutGrid, Store, Tag, UtensilsCrossed, type LucideIcon } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type KeyboardEvent, type Ref } from "react";
import { createPortal } from "react-dom";
import { useNavigate } from "react-router";
import { Input } from "~/components/ui/input";
import { LIMITS } from "~/lib/catalogue-basics";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { normalizeSuggestQuery, type Suggestion, type SuggestionType, type SuggestResponse } from "../suggest";

/** Typing pauses this long before a request: one request per burst of keys. */
const DEBOUNCE_MS = 150;

const ICONS: Record<SuggestionType, LucideIcon> = {
  business: Store,
  category: LayoutGrid,
  cuisine: UtensilsCrossed,
  kind: Tag,
};

type Props = Omit<ComponentProps<"input">, "ref" | "id"> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  /** Called before a chosen suggestion's page opens (e.g. to cancel a pending search of the typed text). */
  onPick?: (suggestion: Suggestion) => void;
};

function setRefs(el: HTMLInputElement | null, refs: (Ref<HTMLInputElement> | undefined)[]) {
  for (const ref of refs) {
    if (typeof ref === "function") ref(el);
    else if (ref) ref.current = el;
  }
}

/** The typed text in bold where the label has it, the rest as is (all text: labels are user content). */
function Highlighted({ label, query }: { label: string; query: string }) {
  const at = query ? label.toLowerCase().indexOf(query) : -1;
  if (at < 0) return <>{label}</>;
  return (
    <>
      {label.slice(0, at)}
      <mark className="bg-transparent font-semibold text-inherit">{label.slice(at, at + query.length)}</mark>
      {label.slice(at + query.length)}
    </>
  );
}

/**
 * A search box that suggests businesses, categories, cuisines and kinds as the visitor types
 * (docs/search.md): the ARIA 1.2 combobox pattern — the input keeps focus and points at the active
 * option with aria-activedescendant; ArrowDown/ArrowUp move, Enter opens the active suggestion
 * (with none active the form submits its text as before), Escape closes, a click works too.
 * Requests wait for a 150 ms pause and an outdated one is aborted. Server-rendered and before
 * hydration it is the plain search input of its GET form, so the form works without JavaScript.
 * The list is portalled to <body>: the search boxes sit in headers that clip their overflow.
 */
export function SearchSuggestInput({ id, ref, onPick, onChange, onKeyDown, onBlur, onFocus, ...props }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement | null>(null);
  const [shown, setShown] = useState<{ query: string; items: Suggestion[] }>({ query: "", items: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [box, setBox] = useState<{ top: number; left: number; width: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController | null>(null);
  const cache = useRef(new Map<string, Suggestion[]>());

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  // Placed under the input, in page coordinates; again when the window's size changes.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = input.current?.getBoundingClientRect();
      if (rect) setBox({ top: rect.bottom + window.scrollY + 6, left: rect.left + window.scrollX, width: rect.width });
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [open]);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  function show(query: string, items: Suggestion[]) {
    setShown({ query, items });
    setActive(-1);
    setOpen(items.length > 0 && document.activeElement === input.current);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function request(text: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
    const query = normalizeSuggestQuery(text);
    if (!query || query.length > LIMITS.search) return show(query, []);
    const cached = cache.current.get(query);
    if (cached) return show(query, cached);
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      try {
        const res = await fetch(`/api/v1/suggest?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        // No suggestions is no loss: the box still searches.
        if (!res.ok) return;
        const body = (await res.json()) as SuggestResponse;
        cache.current.set(query, body.suggestions);
        if (pending.current === controller) show(query, body.suggestions);
      } catch {
        // Aborted by newer text, or offline.
      }
    }, DEBOUNCE_MS);
  }

  function pick(suggestion: Suggestion) {
    clearTimeout(timer.current);
    pending.current?.abort();
    close();
    onPick?.(suggestion);
    void navigate(suggestion.url);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const count = shown.items.length;
    switch (event.key) {
      case "ArrowDown":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (!open || i >= count - 1 ? 0 : i + 1));
        return;
      case "ArrowUp":
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (!open || i <= 0 ? count - 1 : i - 1));
        return;
      case "Enter":
        // With an active suggestion, Enter opens it; otherwise the form submits the text (and the list goes).
        if (open && active >= 0 && shown.items[active]) {
          event.preventDefault();
          pick(shown.items[active]);
        } else {
          clearTimeout(timer.current);
          pending.current?.abort();
          close();
        }
        return;
      case "Escape":
        // Open: only close (the text stays). Closed: the browser's own Escape clears a search box.
        if (open) {
          event.preventDefault();
          close();
        }
        return;
    }
  }

  const expanded = open && shown.items.length > 0;
  const list = (
    <ul
      id={listId}
      role="listbox"
      aria-label="Suggestions"
      hidden={!expanded}
      style={box ? { top: box.top, left: box.left, width: Math.max(box.width, 256) } : undefined}
      className="absolute z-50 max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border bg-popover p-1.5 text-left text-popover-foreground shadow-lift"
      data-testid="suggestions"
    >
      {shown.items.map((suggestion, i) => {
        const Icon = ICONS[suggestion.type];
        return (
          // The keyboard drives the options through the combobox input (aria-activedescendant), as ARIA 1.2 has it.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={`${suggestion.type}:${suggestion.url}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the input, so the click lands and the list stays a combobox's.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            onMouseMove={() => i !== active && setActive(i)}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 aria-selected:bg-accent aria-selected:text-accent-foreground"
          >
            <span
              aria-hidden="true"
              className={cn(
                "grid size-8 shrink-0 place-items-center rounded-lg",
                suggestion.type === "business" ? "bg-muted text-muted-foreground" : "bg-primary-soft text-primary",
              )}
            >
              <Icon className="size-4" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm">
                <Highlighted label={suggestion.label} query={shown.query} />
              </span>
              <span className="block truncate text-xs text-muted-foreground">{suggestion.detail}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );

  return (
    <>
      <Input
        {...props}
        id={id}
        ref={(el) => setRefs(el, [input, ref])}
        autoComplete="off"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
            }
          : {})}
        onChange={(event) => {
          onChange?.(event);
          request(event.currentTarget.value);
        }}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          onFocus?.(event);
          // Back in the box with the same text: its suggestions again.
          if (shown.items.length && normalizeSuggestQuery(event.currentTarget.value) === shown.query) setOpen(true);
        }}
        onBlur={(event) => {
          onBlur?.(event);
          close();
        }}
      />
      {hydrated ? (
        <>
          <span role="status" className="sr-only">
            {expanded ? `${shown.items.length} suggestion${shown.items.length === 1 ? "" : "s"}` : ""}
          </span>
          {createPortal(list, document.body)}
        </>
      ) : null}
    </>
  );
}

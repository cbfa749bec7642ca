import { Check, ChevronDown, Search, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { inputClasses } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { PLAN_ALLOWANCES, PLAN_LABELS, upgradeFor, type ListingPlan } from "~/lib/catalogue";
import { categoryContext, categoryName, categoryNode, resolveCategory, type CategoryNode } from "~/lib/category-tree";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import {
  additionalExclusions,
  additionalHint,
  additionalLimit,
  categoryTreeGroups,
  groupChoiceLabel,
  nextActive,
  pickerOptions,
  selectOptionLabel,
} from "../category-picker-options";
import type { ControlProps } from "./field";
import { FieldError } from "./field";

/** The typed letters in bold where the name has them. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  const at = q ? text.toLowerCase().indexOf(q) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-semibold text-inherit">{text.slice(at, at + q.length)}</mark>
      {text.slice(at + q.length)}
    </>
  );
}

type Pick = (node: CategoryNode) => void;

/**
 * The searchable list both pickers share: the ARIA 1.2 combobox pattern. The input keeps focus and points at the
 * active option (aria-activedescendant); ArrowDown / ArrowUp move (and open), Enter chooses, Escape closes, a click
 * chooses too. Typed letters list the categories they may mean (category-tree.ts matchCategories), each with where it
 * sits in the tree; with nothing typed the list is the whole tree by group, to browse.
 */
function CategoryCombobox({
  control,
  text,
  onTextChange,
  exclude,
  current,
  onPick,
  onCommit,
  onRevert,
  placeholder,
  listLabel,
  disabled,
}: {
  control: ControlProps;
  text: string;
  onTextChange: (text: string) => void;
  exclude?: ReadonlySet<string>;
  /** The chosen category (single picker): checked in the list and active when it opens. */
  current?: string;
  onPick: Pick;
  /** Focus left with text that was not chosen from the list. */
  onCommit?: (text: string) => void;
  /** Escape in a closed list. */
  onRevert?: () => void;
  placeholder: string;
  listLabel: string;
  disabled?: boolean;
}) {
  const listId = `${control.id}-listbox`;
  const optionId = (slug: string) => `${listId}-${slug}`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const options = useMemo(() => pickerOptions(query, exclude), [query, exclude]);
  const browsing = !query.trim();
  const expanded = open && options.length > 0;
  const activeNode = expanded && active >= 0 ? options[active] : undefined;

  useEffect(() => {
    if (!activeNode) return;
    const el = document.getElementById(optionId(activeNode.slug));
    // The sticky group heading must not cover the active option: scroll it into view below the heading.
    el?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeNode]);

  function show(from = -1) {
    setOpen(true);
    setActive(from);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(node: CategoryNode) {
    setQuery("");
    close();
    onPick(node);
  }

  /** Opening on the chosen category (browsing) or on nothing. */
  function openingIndex(list: CategoryNode[]) {
    return current ? list.findIndex((n) => n.slug === current) : -1;
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) {
          const at = openingIndex(options);
          // Alt+ArrowDown only opens the list; ArrowDown also moves to the first (or the chosen) option.
          show(event.altKey ? -1 : at >= 0 ? at : nextActive(-1, count, event.key));
          return;
        }
        setActive((i) => nextActive(i, count, event.key as "ArrowDown" | "ArrowUp"));
        return;
      }
      case "PageDown":
      case "PageUp":
        if (!expanded) return;
        event.preventDefault();
        setActive((i) =>
          event.key === "PageDown" ? Math.min(count - 1, Math.max(i, 0) + 10) : Math.max(0, Math.max(i, 0) - 10),
        );
        return;
      case "Enter": {
        // Enter never submits the whole form from here: it chooses, or opens the list.
        if (activeNode) {
          event.preventDefault();
          choose(activeNode);
          return;
        }
        const named = text.trim() ? resolveCategory(text) : null;
        const node = named ? categoryNode(named) : undefined;
        if (node && !exclude?.has(node.slug) && node.slug !== current) {
          event.preventDefault();
          choose(node);
        } else if (text.trim() || open) {
          event.preventDefault();
          show(count ? 0 : -1);
        }
        return;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        } else if (onRevert) {
          onRevert();
        }
        setQuery("");
        return;
      case "Tab":
        close();
        return;
    }
  }

  const groups = useMemo(() => (browsing ? categoryTreeGroups() : []), [browsing]);
  const visible = useMemo(() => new Set(options.map((o) => o.slug)), [options]);
  const indexOf = useMemo(() => new Map(options.map((o, i) => [o.slug, i])), [options]);

  function option(node: CategoryNode, browse: boolean) {
    const i = indexOf.get(node.slug) ?? -1;
    const context = categoryContext(node.slug);
    const chosen = node.slug === current;
    return (
      // The keyboard drives the options through the combobox input (aria-activedescendant), as ARIA 1.2 has it.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
      <div
        key={node.slug}
        id={optionId(node.slug)}
        role="option"
        // Heard as "Dentists, in Health & Medical" (seen as "Dentists · Health & Medical").
        aria-label={browse ? undefined : context ? `${node.name}, in ${context}` : `${node.name}, a group`}
        aria-selected={i === active}
        // Keeps the focus in the input, so the click lands and the list stays a combobox's.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(node)}
        onMouseMove={() => i !== active && setActive(i)}
        data-depth={node.depth}
        className={cn(
          "flex cursor-pointer items-center gap-2 rounded-lg py-2 pr-2.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground",
          browse ? ["pl-2.5", "pl-2.5", "pl-6", "pl-10"][Math.min(node.depth, 3)] : "pl-2.5",
        )}
      >
        <span className="min-w-0 flex-1">
          {browse ? (
            <span className={cn("block truncate", node.depth === 0 && "font-medium")}>
              {node.depth === 0 ? groupChoiceLabel(node) : node.name}
            </span>
          ) : (
            <span className="block leading-snug">
              <Highlighted text={node.name} query={query} />
              <span className="text-muted-foreground"> · {context || "Group"}</span>
            </span>
          )}
        </span>
        {chosen ? <Check aria-hidden="true" className="size-4 shrink-0 text-primary" /> : null}
      </div>
    );
  }

  let listContent: ReactNode;
  if (browsing)
    listContent = groups.map(({ group, nodes }) => {
      const shown = nodes.filter((n) => visible.has(n.slug));
      if (!shown.length) return null;
      const headingId = `${listId}-group-${group.slug}`;
      return (
        <div key={group.slug} role="group" aria-labelledby={headingId} className="pb-1">
          <div
            id={headingId}
            role="presentation"
            className="sticky top-0 z-10 bg-popover px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {group.name}
          </div>
          {shown.map((n) => option(n, true))}
        </div>
      );
    });
  else listContent = options.map((n) => option(n, false));

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        ref={input}
        id={control.id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeNode ? optionId(activeNode.slug) : undefined}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          const next = event.target.value;
          onTextChange(next);
          setQuery(next);
          // Typing lists its matches; clearing the box goes back to the whole tree.
          show(-1);
        }}
        onKeyDown={handleKeyDown}
        onClick={() => (open ? close() : show(query ? -1 : openingIndex(options)))}
        onBlur={() => {
          close();
          setQuery("");
          onCommit?.(text);
        }}
        className={cn(inputClasses, "h-11 pr-10 pl-9")}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={`Show ${listLabel.toLowerCase()}`}
        aria-controls={listId}
        aria-expanded={expanded}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          input.current?.focus();
          if (open) close();
          else show(openingIndex(options));
        }}
        className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground disabled:cursor-not-allowed"
      >
        <ChevronDown aria-hidden="true" className={cn("size-4 transition-transform", expanded && "rotate-180")} />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-80 overflow-y-auto overscroll-contain rounded-xl border bg-popover p-1.5 text-popover-foreground shadow-lift sm:max-h-96"
        data-testid="category-options"
      >
        {expanded ? listContent : null}
      </div>
      <span role="status" className="sr-only">
        {open && !browsing
          ? options.length
            ? `${options.length} ${options.length === 1 ? "category" : "categories"} found`
            : "No category matches"
          : ""}
      </span>
      {open && !browsing && !options.length ? (
        <p className="absolute inset-x-0 top-full z-30 mt-1.5 rounded-xl border bg-popover px-4 py-3 text-sm text-muted-foreground shadow-lift">
          No category matches “{query.trim()}”. Try a broader word, like “doctor” or “shop”.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The listing's primary category, required: the searchable combobox once the page is hydrated, posting the slug as
 * `primaryCategory`; before that (and without JavaScript) a plain select of the whole tree, one <optgroup> a group.
 */
export function CategoryPicker({
  control,
  value,
  onChange,
}: {
  control: ControlProps;
  value: string;
  onChange: (slug: string) => void;
}) {
  const hydrated = useHydrated();
  const select = useRef<HTMLSelectElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const name = value ? categoryName(value) : "";
  const [text, setText] = useState(name);
  const changed = useRef(false);

  // A choice made in the select before the page hydrated carries over to the combobox.
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && chosen !== value) {
      onChange(chosen);
      setText(chosen ? categoryName(chosen) : "");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Conform re-checks a field on its input event: the hidden input's, so a fixed "Choose a category." goes away.
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value]);

  function set(slug: string) {
    changed.current = slug !== value;
    onChange(slug);
    setText(slug ? categoryName(slug) : "");
  }

  if (!hydrated)
    return (
      <NativeSelect
        ref={select}
        id={control.id}
        aria-invalid={control["aria-invalid"]}
        aria-describedby={control["aria-describedby"]}
        name="primaryCategory"
        defaultValue={value}
        className="[&>select]:h-11"
      >
        <option value="">Choose a category</option>
        {categoryTreeGroups().map(({ group, nodes }) => (
          <optgroup key={group.slug} label={group.name}>
            {nodes.map((n) => (
              <option key={n.slug} value={n.slug}>
                {selectOptionLabel(n)}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    );

  return (
    <>
      <input ref={hidden} type="hidden" name="primaryCategory" value={value} />
      <CategoryCombobox
        control={control}
        text={text}
        onTextChange={setText}
        current={value}
        onPick={(node) => set(node.slug)}
        onCommit={(typed) => {
          // Typed and left: a name or synonym of a category chooses it; an empty box clears; anything else reverts.
          if (!typed.trim()) return set("");
          const named = resolveCategory(typed);
          if (named && named !== value) set(named);
          else setText(name);
        }}
        onRevert={() => setText(name)}
        placeholder="Search, e.g. dentist or pizza"
        listLabel="Categories"
      />
    </>
  );
}

/**
 * The additional categories, as many as the plan allows (the server enforces it too): the chosen ones as chips, each
 * posted as a hidden `categories` input (a slug), and the same searchable list to add another.
 */
export function AdditionalCategoriesPicker({
  value,
  onChange,
  primary,
  plan,
  isAdmin,
  error,
}: {
  value: string[];
  onChange: (slugs: string[]) => void;
  primary: string;
  plan: ListingPlan;
  isAdmin: boolean;
  error?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const limit = additionalLimit(plan, isAdmin);
  const chosen = value.filter((slug) => slug !== primary);
  const full = chosen.length >= limit;
  const exclude = useMemo(() => additionalExclusions(primary, value), [primary, value]);
  const better = isAdmin ? null : upgradeFor(plan, "categories");
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(" ");

  return (
    <div className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>Additional categories</Label>
        <span className="text-xs text-muted-foreground tabular-nums">
          {chosen.length}/{limit}
        </span>
      </div>
      {chosen.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Additional categories chosen">
          {chosen.map((slug) => {
            const context = categoryContext(slug);
            return (
              <li
                key={slug}
                className="inline-flex max-w-full items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm font-medium text-secondary-foreground"
              >
                <span className="truncate">
                  {categoryName(slug)}
                  {context ? <span className="font-normal text-muted-foreground"> · {context}</span> : null}
                </span>
                <input type="hidden" name="categories" value={slug} />
                <button
                  type="button"
                  onClick={() => onChange(value.filter((s) => s !== slug))}
                  aria-label={`Remove category ${categoryName(slug)}`}
                  className="grid size-6 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-foreground/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {hydrated ? (
        <CategoryCombobox
          control={{ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy }}
          text={text}
          onTextChange={setText}
          exclude={exclude}
          onPick={(node) => {
            setText("");
            onChange([...chosen, node.slug]);
          }}
          onCommit={() => setText("")}
          placeholder={full ? "Remove one to add another" : "Add a category, e.g. wine bar"}
          listLabel="Additional categories"
          disabled={full}
        />
      ) : (
        // Before hydration: the tag box it always was (the chips above are already posted).
        <input
          id={id}
          type="text"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          placeholder="Add a category, e.g. wine bar"
          className={cn(inputClasses, "h-11")}
        />
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {additionalHint(plan, isAdmin)}{" "}
        {full && better ? (
          <>
            <Link to="/pricing" className="font-semibold text-primary underline-offset-4 hover:underline">
              Upgrade to {PLAN_LABELS[better]}
            </Link>{" "}
            for up to {PLAN_ALLOWANCES[better].categories}.
          </>
        ) : (
          "Shown on your page; people find you under each of them."
        )}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

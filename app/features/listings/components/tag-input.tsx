import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { LIMITS } from "../../../lib/catalogue";
import { FieldError } from "./field";

/**
 * Free-text tags (features, categories). Enter or comma adds, Backspace in
 * the empty box removes the last one; each tag is posted as a hidden input
 * named `name`. Suggestions not yet added are one click away.
 */
export function TagInput({
  name,
  label,
  noun,
  value,
  onChange,
  max,
  placeholder,
  hint,
  error,
  suggestions = [],
}: {
  name: string;
  label: string;
  /** "feature" → "Remove feature Wi-Fi". */
  noun: string;
  value: string[];
  onChange: (tags: string[]) => void;
  max: number;
  placeholder: string;
  hint?: string;
  error?: string;
  suggestions?: readonly string[];
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const has = (tag: string) => value.some((t) => t.toLowerCase() === tag.toLowerCase());

  function add(raw: string) {
    const tags = raw
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    if (!tags.length) return;
    const next = [...value];
    for (const tag of tags) {
      if (tag.length > LIMITS.tag) {
        setProblem(`Each ${noun} must be at most ${LIMITS.tag} characters.`);
        return;
      }
      if (next.length >= max) {
        setProblem(`Add at most ${max} ${noun === "category" ? "categories" : `${noun}s`}.`);
        break;
      }
      if (!next.some((t) => t.toLowerCase() === tag.toLowerCase())) next.push(tag);
    }
    setProblem(null);
    onChange(next);
    setDraft("");
  }

  const open = suggestions.filter((s) => !has(s));
  const shownError = problem ?? error;
  const describedBy =
    [shownError ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-xs text-muted-foreground tabular-nums">
          {value.length}/{max}
        </span>
      </div>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label} added`}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm font-medium text-secondary-foreground"
            >
              {tag}
              <input type="hidden" name={name} value={tag} />
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                aria-label={`Remove ${noun} ${tag}`}
                className="grid size-6 cursor-pointer place-items-center rounded-full text-muted-foreground transition-colors hover:bg-foreground/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={LIMITS.tag * 4}
          placeholder={placeholder}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const v = e.target.value;
            if (v.includes(",")) add(v);
            else setDraft(v);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              // Enter adds the tag instead of submitting the whole form.
              e.preventDefault();
              add(draft);
            } else if (e.key === "Backspace" && draft === "" && value.length) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => draft.trim() && add(draft)}
        />
        <Button type="button" variant="outline" onClick={() => add(draft)} disabled={!draft.trim()}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={shownError ?? undefined} />
      {open.length && value.length < max ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-muted-foreground">Suggestions:</span>
          {open.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => add(s)}
              aria-label={`Add ${noun} ${s}`}
              className={cn(
                "inline-flex cursor-pointer items-center gap-1 rounded-full border border-dashed px-2.5 py-0.5 text-xs font-medium text-muted-foreground transition-colors",
                "hover:border-primary/50 hover:bg-primary-soft hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring",
              )}
            >
              <Plus aria-hidden="true" className="size-3" />
              {s}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

import { Info, SearchX, Search } from "lucide-react";
import type * as React from "react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled dropdown for a filter bar (a native select, so the GET form works without JavaScript). */
export function FilterSelect({
  id,
  name,
  label,
  options,
  defaultValue,
  className,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-1.5 md:min-w-0 md:flex-1", className)}>
      <Label htmlFor={id} className="text-xs font-semibold text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} name={name} defaultValue={defaultValue ?? "all"} className="[&_select]:h-11">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The filter bar of a category page: a search box, the page's dropdowns and
 * a submit button. It is a GET form, so filters live in the URL.
 */
export function FilterBar({
  searchId,
  searchLabel,
  searchPlaceholder,
  defaultQuery,
  submitLabel = "Apply Filters",
  children,
  extra,
  formKey,
}: {
  searchId: string;
  searchLabel: string;
  searchPlaceholder: string;
  defaultQuery?: string;
  submitLabel?: string;
  children?: React.ReactNode;
  /** Controls shown after the submit button (e.g. "More Filters"). */
  extra?: React.ReactNode;
  /** Changes when the URL's filters change, so back/forward resets the fields. */
  formKey?: string;
}) {
  return (
    <Form
      key={formKey}
      method="get"
      preventScrollReset
      role="search"
      className="grid gap-3 rounded-2xl border bg-card p-4 shadow-card sm:p-5 md:flex md:items-end"
    >
      <div className="grid gap-1.5 md:min-w-0 md:flex-[1.6]">
        <Label htmlFor={searchId} className="text-xs font-semibold text-muted-foreground">
          {searchLabel}
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            name="q"
            type="search"
            placeholder={searchPlaceholder}
            defaultValue={defaultQuery}
            className="h-11 pl-9"
          />
        </div>
      </div>
      {children}
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" className="h-11 flex-1 px-5 md:flex-none">
          {submitLabel}
        </Button>
        {extra}
      </div>
    </Form>
  );
}

/** The top band of a category page with its filters. */
export function CategoryHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  return (
    <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
      {children}
    </PageHeader>
  );
}

export function ResultsHeader({ children, id }: { children: React.ReactNode; id: string }) {
  return (
    <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-bold tracking-tight">
        {children}
      </h2>
    </div>
  );
}

/** Says plainly that the cards are examples, until real listings are wired in. */
export function SampleNotice({ children }: { children: React.ReactNode }) {
  return (
    <p className="mb-6 flex items-start gap-2 rounded-xl border border-dashed bg-muted/60 px-4 py-3 text-sm text-muted-foreground">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>{children}</span>
    </p>
  );
}

export function NoResults({ title, hint, clearHref }: { title: string; hint: string; clearHref: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" />
      </span>
      <p className="mt-4 text-lg font-semibold">{title}</p>
      <p className="mt-1 text-muted-foreground">{hint}</p>
      <Button asChild variant="outline" className="mt-5">
        <Link to={clearHref} preventScrollReset>
          Clear filters
        </Link>
      </Button>
    </div>
  );
}

/** "Load More …": there is nothing more to load yet, and it says so instead of doing nothing. */
export function LoadMoreButton({ label, noun }: { label: string; noun: string }) {
  return (
    <div className="mt-10 flex justify-center">
      <Button
        variant="outline"
        size="lg"
        className="min-w-56"
        onClick={() =>
          toast({
            title: "You're all caught up",
            description: `That's every ${noun} we have for now. More are added as local businesses join.`,
          })
        }
      >
        {label}
      </Button>
    </div>
  );
}

export function CardGrid({ children, labelledBy }: { children: React.ReactNode; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

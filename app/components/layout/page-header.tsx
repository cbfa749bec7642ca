import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The hero band at the top of a content page: optional eyebrow, the page's
 * <h1>, a lead paragraph and optional actions/controls underneath.
 */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
  className,
  align = "left",
}: {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  align?: "left" | "center";
}) {
  return (
    <section
      className={cn(
        "relative overflow-hidden border-b bg-linear-to-b from-primary-soft/70 to-background dark:from-primary-soft/40",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/10 blur-3xl dark:bg-primary/10"
      />
      <div
        className={cn(
          "relative mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16",
          align === "center" && "flex flex-col items-center text-center",
        )}
      >
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-wide text-accent-foreground uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{lead}</p> : null}
        {children ? <div className={cn("mt-8 w-full", align === "center" && "max-w-3xl")}>{children}</div> : null}
      </div>
    </section>
  );
}

/** A section heading with an optional description, used down the page. */
export function SectionHeading({
  title,
  description,
  id,
  className,
  action,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  id?: string;
  className?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className={cn("mb-6 flex flex-wrap items-end justify-between gap-4", className)}>
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-foreground">
          {title}
        </h2>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

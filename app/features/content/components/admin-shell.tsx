import { Link } from "react-router";
import { AdminSectionNav, type AdminSection } from "~/features/reviews/components/admin-nav";

/** The frame of the admin's content sections: heading, lead, the admin tabs. */
export function AdminShell({
  section,
  title,
  lead,
  children,
}: {
  section: AdminSection;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <header className="grid gap-1.5">
          <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">Admin</p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-muted-foreground">{lead}</p>
        </header>
        <AdminSectionNav current={section} />
        {children}
      </div>
    </div>
  );
}

/** A notice after an admin action (role=status, or role=alert for an error). */
export function ActionNotice({ answer }: { answer?: { ok: boolean; message: string } | null }) {
  if (!answer) return null;
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      className={
        answer.ok
          ? "rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm"
          : "rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
      }
    >
      {answer.message}
    </p>
  );
}

/** The pill tabs inside a section (Pending / Approved / …), each with its count. */
export function StatusTabs<T extends string>({
  tabs,
  current,
  hrefFor,
  label,
}: {
  tabs: readonly { id: T; label: string; count: number }[];
  current: T;
  hrefFor: (id: T) => string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={hrefFor(t.id)}
          aria-current={current === t.id ? "page" : undefined}
          className="inline-flex h-9 items-center gap-2 rounded-full border bg-card px-4 text-sm font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
        >
          {t.label}
          <span
            className="rounded-full bg-foreground/10 px-2 py-0.5 text-xs tabular-nums"
            data-testid={`count-${t.id}`}
          >
            {t.count}
          </span>
        </Link>
      ))}
    </nav>
  );
}

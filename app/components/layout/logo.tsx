import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** The map-pin mark; decorative, the wordmark carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "grid size-8 place-items-center rounded-[10px] bg-linear-to-br from-[oklch(0.66_0.19_28)] to-[oklch(0.52_0.2_8)] text-white shadow-sm ring-1 ring-black/5",
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-[18px]" fill="currentColor">
        <path d="M12 2.25c-4.14 0-7.5 3.2-7.5 7.25 0 5.3 6.23 11.3 6.96 11.98a.8.8 0 0 0 1.08 0c.73-.68 6.96-6.68 6.96-11.98 0-4.05-3.36-7.25-7.5-7.25Zm0 10.1a2.85 2.85 0 1 1 0-5.7 2.85 2.85 0 0 1 0 5.7Z" />
      </svg>
    </span>
  );
}

export function Logo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className={cn("group inline-flex items-center gap-2 rounded-lg", className)}
      aria-label="Near home"
    >
      <LogoMark className="transition-transform duration-200 group-hover:-rotate-6" />
      <span className="text-xl font-extrabold tracking-tight text-foreground">Near</span>
    </Link>
  );
}

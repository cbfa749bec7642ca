import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/** Pages to show: the first, the last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  if (page <= 3) [2, 3, 4].forEach((p) => p <= pageCount && pages.add(p));
  if (page >= pageCount - 2) [pageCount - 1, pageCount - 2, pageCount - 3].forEach((p) => p >= 1 && pages.add(p));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const itemClasses =
  "inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** Previous / numbered pages / Next, as plain links (works without JavaScript). */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={cn(itemClasses, "bg-card shadow-xs hover:bg-muted")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span
          aria-disabled="true"
          className={cn(itemClasses, "cursor-not-allowed bg-card text-muted-foreground opacity-60")}
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </span>
      )}
      <ul className="flex items-center gap-1.5">
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li
              key={p}
              className={cn(p !== page && Math.abs(p - page) > 1 && p !== 1 && p !== pageCount && "hidden sm:block")}
            >
              {p === page ? (
                <span
                  aria-current="page"
                  className={cn(itemClasses, "border-primary bg-primary text-primary-foreground")}
                >
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={hrefFor(p)} className={cn(itemClasses, "bg-card shadow-xs hover:bg-muted")}>
                  <span className="sr-only">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={cn(itemClasses, "bg-card shadow-xs hover:bg-muted")}>
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span
          aria-disabled="true"
          className={cn(itemClasses, "cursor-not-allowed bg-card text-muted-foreground opacity-60")}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      )}
    </nav>
  );
}

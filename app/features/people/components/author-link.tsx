import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { personHref } from "../names";

/**
 * A review's author: a link to their profile when they have one (an account's review), plain text otherwise (the
 * demo city's reviews have no account).
 */
export function AuthorName({
  author,
  handle,
  className,
  id,
  testId,
}: {
  author: string;
  handle: string | null | undefined;
  className?: string;
  id?: string;
  testId?: string;
}) {
  if (!handle)
    return (
      <span id={id} className={className} data-testid={testId}>
        {author}
      </span>
    );
  return (
    <Link
      id={id}
      to={personHref(handle)}
      className={cn("rounded-sm hover:underline focus-visible:underline", className)}
      data-testid={testId}
      data-author-link=""
    >
      {author}
    </Link>
  );
}

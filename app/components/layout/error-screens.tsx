import { ArrowLeft, Compass, RefreshCw, Search, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { CATEGORY_NAV } from "./nav-items";

/** The frame every error and not-found page shares: an icon tile, an optional eyebrow, the title and a message. */
function StatusScreen({
  icon: Icon,
  tone = "neutral",
  eyebrow,
  title,
  message,
  children,
}: {
  icon: LucideIcon;
  tone?: "neutral" | "danger";
  eyebrow?: string;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className={cn(
          "grid size-16 place-items-center rounded-2xl shadow-card",
          tone === "danger" ? "bg-destructive/10 text-destructive" : "bg-primary-soft text-accent-foreground",
        )}
      >
        <Icon className="size-8" />
      </div>
      {eyebrow ? (
        <p
          className={cn(
            "mt-6 text-sm font-semibold tracking-wider uppercase",
            tone === "danger" ? "text-muted-foreground" : "text-accent-foreground",
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h1 className={cn(eyebrow ? "mt-2" : "mt-6", "text-4xl font-extrabold tracking-tight sm:text-5xl")}>{title}</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">{message}</p>
      {children}
    </section>
  );
}

function ReturnHome() {
  return (
    <Button asChild size="lg">
      <Link to="/">
        <ArrowLeft aria-hidden="true" />
        Return Home
      </Link>
    </Button>
  );
}

/** A page for one missing thing (a business, a person), served with HTTP 404: home, or search instead. */
export function MissingScreen({ icon, title, message }: { icon: LucideIcon; title: string; message: string }) {
  return (
    <StatusScreen icon={icon} title={title} message={message}>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ReturnHome />
        <Button asChild size="lg" variant="outline">
          <Link to="/search">Search businesses</Link>
        </Button>
      </div>
    </StatusScreen>
  );
}

/** The 404 page: a way home, a search box and the categories. */
export function NotFoundScreen() {
  return (
    <StatusScreen
      icon={Compass}
      eyebrow="Error 404"
      title="Page Not Found"
      message="We looked around the neighborhood but couldn't find that page. It may have moved, or the link might be mistyped."
    >
      <Form method="get" action="/search" role="search" className="mt-8 flex w-full max-w-md gap-2">
        <label htmlFor="not-found-search" className="sr-only">
          Search businesses
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="not-found-search"
            name="q"
            type="search"
            placeholder="Search businesses..."
            className="h-11 pl-9"
          />
        </div>
        <Button type="submit" className="h-11">
          Search
        </Button>
      </Form>

      <Button asChild size="lg" variant="outline" className="mt-4">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          Return Home
        </Link>
      </Button>

      <nav aria-label="Browse categories" className="mt-12 w-full">
        <h2 className="text-sm font-semibold text-muted-foreground">Or browse a category</h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-2">
          {CATEGORY_NAV.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="inline-flex h-9 items-center gap-2 rounded-full border bg-card px-4 text-sm font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-primary-soft"
              >
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </StatusScreen>
  );
}

/** Any other error: a friendly message, no details (they are in the server log). */
export function ErrorScreen({ status }: { status?: number }) {
  return (
    <StatusScreen
      icon={TriangleAlert}
      tone="danger"
      eyebrow={status ? `Error ${status}` : undefined}
      title="Unexpected Application Error!"
      message="Something went wrong on our side. It's not you: please try again in a moment."
    >
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ReturnHome />
        <Button size="lg" variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      </div>
    </StatusScreen>
  );
}

import { ArrowLeft, Compass, RefreshCw, Search, TriangleAlert } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { CATEGORY_NAV } from "./nav-items";

/** The 404 page: a way home, a search box and the categories. */
export function NotFoundScreen() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-2xl bg-primary-soft text-accent-foreground shadow-card"
      >
        <Compass className="size-8" />
      </div>
      <p className="mt-6 text-sm font-semibold tracking-wider text-accent-foreground uppercase">Error 404</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        We looked around the neighborhood but couldn't find that page. It may have moved, or the link might be mistyped.
      </p>

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
    </section>
  );
}

/** Any other error: a friendly message, no details (they are in the server log). */
export function ErrorScreen({ status }: { status?: number }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-2xl bg-destructive/10 text-destructive shadow-card"
      >
        <TriangleAlert className="size-8" />
      </div>
      {status ? (
        <p className="mt-6 text-sm font-semibold tracking-wider text-muted-foreground uppercase">Error {status}</p>
      ) : null}
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Unexpected Application Error!</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        Something went wrong on our side. It's not you: please try again in a moment.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Return Home
          </Link>
        </Button>
        <Button size="lg" variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Try Again
        </Button>
      </div>
    </section>
  );
}

import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The spec's page for an unknown, unpublished or malformed business id (served with HTTP 404). */
export function BusinessNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
      <div
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-2xl bg-primary-soft text-accent-foreground shadow-card"
      >
        <SearchX className="size-8" />
      </div>
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl">Business Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-muted-foreground">
        The business you're looking for doesn't exist or has been removed.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Return Home
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/search">Search businesses</Link>
        </Button>
      </div>
    </section>
  );
}

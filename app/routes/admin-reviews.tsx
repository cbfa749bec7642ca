import { MessageSquareWarning, ShieldCheck } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { MODERATION_FETCHER, type ModerationResult } from "~/features/reviews/components/admin-data";
import { AdminSectionNav } from "~/features/reviews/components/admin-nav";
import { ModerationCard } from "~/features/reviews/components/moderation-card";
import { deferredComponent } from "~/lib/deferred-component";
import { useActionResult } from "~/features/reviews/components/use-action-result";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin-reviews";
import { loadModeration, moderateAction } from "./admin-reviews.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Reviews · Admin");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadModeration({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return moderateAction({ request, context });
}

/** Reported review photos (issue 41): their cards' code loads after the page's first load (most days there are none). */
const PhotoModerationCard = deferredComponent(() =>
  import("~/features/reviews/components/photo-moderation-card").then((m) => m.PhotoModerationCard),
);

const TABS = [
  { id: "reported", label: "Reported" },
  { id: "hidden", label: "Hidden" },
] as const;

/** The Reviews tab of /admin: reported reviews with their reasons, and hidden ones, with Hide, Restore, Delete and Dismiss. */
export default function AdminReviewsPage({ loaderData }: Route.ComponentProps) {
  const { tab, items, photos, counts, page, pageCount } = loaderData;
  // The cards submit through this keyed fetcher; the notices show from here because a moderated card leaves the list.
  const moderation = useFetcher<ModerationResult>({ key: MODERATION_FETCHER });
  useActionResult(moderation);
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <header className="grid gap-1.5">
          <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">Admin</p>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Review Moderation</h1>
          <p className="text-muted-foreground">
            Reported reviews and the ones you&apos;ve hidden. Hidden reviews leave the business page and its rating.
          </p>
        </header>
        <AdminSectionNav current="reviews" />

        <nav aria-label="Review lists" className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <Link
              key={t.id}
              to={t.id === "reported" ? "/admin/reviews" : "/admin/reviews?tab=hidden"}
              aria-current={tab === t.id ? "page" : undefined}
              className="inline-flex h-9 items-center gap-2 rounded-full border bg-card px-4 text-sm font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {t.label}
              <span
                className="rounded-full bg-foreground/10 px-2 py-0.5 text-xs tabular-nums"
                data-testid={`count-${t.id}`}
              >
                {counts[t.id]}
              </span>
            </Link>
          ))}
        </nav>

        {photos.length > 0 ? (
          <section aria-labelledby="reported-photos-heading" className="grid gap-3">
            <h2 id="reported-photos-heading" className="text-xl font-bold tracking-tight">
              Reported photos <span className="text-base font-normal text-muted-foreground">({photos.length})</span>
            </h2>
            <ul className="grid items-start gap-4 lg:grid-cols-2" aria-label="Reported photos">
              {photos.map((photo) => (
                <li key={photo.id}>
                  <PhotoModerationCard.Component photo={photo} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {items.length === 0 ? (
          <div
            className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center"
            data-testid="moderation-empty"
          >
            <span
              aria-hidden="true"
              className="grid size-12 place-items-center rounded-full bg-success/12 text-success"
            >
              {tab === "reported" ? <ShieldCheck className="size-6" /> : <MessageSquareWarning className="size-6" />}
            </span>
            <p className="mt-4 font-semibold">{tab === "reported" ? "No reported reviews" : "No hidden reviews"}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {tab === "reported"
                ? "When someone reports a review, it shows up here."
                : "Reviews you hide show up here, so you can restore them."}
            </p>
          </div>
        ) : (
          <ul
            className="grid items-start gap-4 lg:grid-cols-2"
            aria-label={tab === "reported" ? "Reported reviews" : "Hidden reviews"}
          >
            {items.map((review) => (
              <li key={review.id}>
                <ModerationCard review={review} />
              </li>
            ))}
          </ul>
        )}

        {pageCount > 1 ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            {page > 1 ? (
              <Button asChild variant="outline">
                <Link to={`?tab=${tab}&page=${page - 1}`}>Previous</Link>
              </Button>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? (
              <Button asChild variant="outline">
                <Link to={`?tab=${tab}&page=${page + 1}`}>Next</Link>
              </Button>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </div>
  );
}

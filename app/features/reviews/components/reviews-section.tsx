import { Loader2, MailWarning, MessageSquareText, PenLine, Store, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/utils";
import { REVIEW_SORT_LABELS, REVIEW_SORTS, REVIEWS_PAGE_SIZE } from "../review-constants";
import { reviewCountLabel } from "~/lib/plural";
import { ReviewItem } from "./review-item";
import { ReviewSummaryPanel } from "./review-summary";
import { DELETE_REVIEW_FETCHER, type ReviewActionResult, type ReviewsSectionData } from "./section-data";
import { useActionResult } from "./use-action-result";
import { useHydrated } from "~/lib/use-hydrated";
import { deferredComponent } from "~/lib/deferred-component";

export type { ReviewsSectionData } from "./section-data";

const WRITE_HASH = "#write-review";

/**
 * The review form (zod and Conform) in its own chunk: the server renders it (a plain form without JavaScript), and
 * the browser loads it when the form is opened (or the button is hovered or focused).
 */
const ReviewForm = deferredComponent(() => import("./review-form").then((m) => m.ReviewForm));

/** Runs `then` once the review form's code is in (at once when it is); says so when it can't be loaded. */
function withReviewForm(then: () => void) {
  ReviewForm.whenLoaded(then, "The review form couldn't be loaded.");
}

const preloadReviewForm = () => void ReviewForm.preload().catch(() => {});

function listHref(sort: string, page: number) {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("reviewSort", sort);
  if (page > 1) params.set("reviewPage", String(page));
  const q = params.toString();
  return q ? `?${q}` : "?";
}

/**
 * The business page's Reviews: summary, sort, list with "Show more reviews",
 * and "Write a Review" (a form under the summary; #write-review opens it, so
 * a visitor sent to sign in comes back to it). Sort and pages live in the URL
 * (?reviewSort=…&reviewPage=…), read by the page's loader.
 */
export function ReviewsSection({ data, businessName }: { data: ReviewsSectionData; businessName: string }) {
  const { summary, items, viewer, ownReview } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Open by the button, or by #write-review until closed (per navigation).
  const [openedByButton, setOpenedByButton] = useState(false);
  const [closedAtKey, setClosedAtKey] = useState<string | null>(null);
  // The form opens once its code is in, so it appears whole and takes focus.
  const [formReady, setFormReady] = useState(ReviewForm.isLoaded);
  // Focus moves to the form once it is on the page (after the render that opens it).
  const [focusRequest, setFocusRequest] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndexAfterLoad = useRef<number | null>(null);
  // Deleting one's review: its item is gone when the answer lands, so the notice is shown from here.
  const deleter = useFetcher<ReviewActionResult>({ key: DELETE_REVIEW_FETCHER });
  useActionResult(deleter, { onSuccess: () => rootRef.current?.focus() });

  const focusPanel = useCallback(() => {
    requestAnimationFrame(() => {
      const panel = panelRef.current;
      if (!panel) return;
      panel.scrollIntoView({ behavior: "smooth", block: "start" });
      const target =
        panel.querySelector<HTMLElement>('input[name="rating"]:checked') ??
        panel.querySelector<HTMLElement>('input[name="rating"]') ??
        panel;
      target.focus({ preventScroll: true });
    });
  }, []);

  // #write-review (a link, or the way back from signing in) opens the form.
  const signedIn = viewer !== null;
  const open =
    hydrated &&
    signedIn &&
    formReady &&
    (openedByButton || (location.hash === WRITE_HASH && closedAtKey !== location.key));
  useEffect(() => {
    if (location.hash !== WRITE_HASH || !signedIn) return;
    withReviewForm(() => {
      setFormReady(true);
      setFocusRequest((n) => n + 1);
    });
  }, [location.hash, location.key, signedIn]);
  useEffect(() => {
    if (focusRequest > 0) focusPanel();
  }, [focusRequest, focusPanel]);

  // After "Show more reviews", focus moves to the first new review.
  useEffect(() => {
    const index = focusIndexAfterLoad.current;
    if (index === null || navigation.state !== "idle") return;
    focusIndexAfterLoad.current = null;
    listRef.current?.querySelectorAll<HTMLElement>("[data-testid=review]")[index]?.focus();
  }, [items.length, navigation.state]);

  function openForm() {
    withReviewForm(() => {
      setFormReady(true);
      setOpenedByButton(true);
      setFocusRequest((n) => n + 1);
    });
  }

  function closeForm(focus?: string) {
    setOpenedByButton(false);
    setClosedAtKey(location.key);
    requestAnimationFrame(() => {
      const mine = focus ? rootRef.current?.querySelector<HTMLElement>(`[data-review-id="${focus}"]`) : null;
      const target = mine ?? rootRef.current?.querySelector<HTMLElement>("[data-write-review]") ?? rootRef.current;
      target?.focus({ preventScroll: !mine });
      mine?.scrollIntoView({ behavior: "smooth", block: "center" });
    });
  }

  const writeLabel = ownReview ? "Edit Your Review" : "Write a Review";
  // The business's owner doesn't review it (README): no button for them, here as in the page's hero.
  const writeButton = viewer?.isOwner ? null : viewer ? (
    <Button
      onClick={openForm}
      onPointerEnter={preloadReviewForm}
      onFocus={preloadReviewForm}
      aria-expanded={open}
      aria-controls="write-review"
      data-write-review=""
      size="lg"
      className="w-full lg:w-auto"
    >
      <PenLine aria-hidden="true" />
      {writeLabel}
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full lg:w-auto">
      <Link to={data.signInHref.write} data-write-review="">
        <PenLine aria-hidden="true" />
        Write a Review
      </Link>
    </Button>
  );

  const loadingList =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search;
  const loadingMore =
    loadingList &&
    new URLSearchParams(navigation.location.search).get("reviewSort") === (data.sort === "newest" ? null : data.sort);
  const canShowMore = data.pagesShown < data.pageCount && items.length < summary.count;

  // Before hydration, :target shows the panel (no JavaScript needed to open it).
  const panelClass = hydrated ? (open ? "" : "hidden") : "hidden target:block";

  return (
    <div ref={rootRef} tabIndex={-1} className="grid gap-6 outline-none" data-testid="reviews-section">
      {summary.count > 0 ? (
        <ReviewSummaryPanel summary={summary} action={writeButton} />
      ) : (
        <div
          className="flex flex-col items-center rounded-2xl border border-dashed bg-card/50 px-6 py-10 text-center"
          data-testid="reviews-empty"
        >
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-primary-soft text-accent-foreground"
          >
            <MessageSquareText className="size-6" />
          </span>
          {writeButton ? (
            <>
              <p className="mt-4 font-medium">No reviews yet. Be the first to review!</p>
              <div className="mt-4">{writeButton}</div>
            </>
          ) : (
            <p className="mt-4 font-medium">No reviews yet. Your customers&apos; reviews will show up here.</p>
          )}
        </div>
      )}

      {viewer ? (
        <div
          id="write-review"
          ref={panelRef}
          tabIndex={-1}
          className={cn("scroll-mt-24 outline-none", panelClass)}
          data-testid="write-review-panel"
        >
          {viewer.blocked ? (
            <BlockedNotice
              reason={viewer.blocked.reason}
              message={viewer.blocked.message}
              onClose={hydrated ? () => closeForm() : undefined}
            />
          ) : (
            <section
              aria-labelledby="write-review-heading"
              className="rounded-2xl border bg-card p-5 shadow-card sm:p-6"
            >
              <h3 id="write-review-heading" className="text-lg font-bold">
                {ownReview ? "Edit your review" : "Write a Review"}
              </h3>
              <p className="mt-1 mb-5 text-sm text-muted-foreground">
                {ownReview
                  ? `You reviewed ${businessName}. Changes replace your review and its rating.`
                  : `Posting publicly as ${viewer.name}. One review per person; you can edit it later.`}
              </p>
              {ownReview?.hidden ? (
                <p className="mb-5 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
                  A moderator has hidden your review, so it isn't shown on this page.
                </p>
              ) : null}
              {open || !hydrated ? (
                <ReviewForm.Component
                  businessId={data.businessId}
                  existing={ownReview}
                  onSaved={(id) => closeForm(id)}
                  onCancel={() => closeForm()}
                />
              ) : null}
            </section>
          )}
        </div>
      ) : null}

      {summary.count > 0 ? (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b pb-4">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="reviews-showing">
              {items.length < summary.count
                ? `Showing ${items.length} of ${reviewCountLabel(summary.count)}`
                : `Showing all ${reviewCountLabel(summary.count)}`}
            </p>
            <Form
              method="get"
              action={`${location.pathname}#reviews`}
              preventScrollReset
              className="flex items-center gap-2"
            >
              <label htmlFor="review-sort" className="text-sm font-medium whitespace-nowrap">
                Sort by
              </label>
              <NativeSelect
                id="review-sort"
                name="reviewSort"
                value={data.sort}
                onChange={(e) => navigate(listHref(e.target.value, 1), { replace: true, preventScrollReset: true })}
                className="w-44"
              >
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {REVIEW_SORT_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
              {hydrated ? null : (
                <Button type="submit" variant="outline" size="sm">
                  Apply
                </Button>
              )}
            </Form>
          </div>

          <ol
            ref={listRef}
            className={cn("divide-y transition-opacity", loadingList && !loadingMore && "opacity-60")}
            aria-busy={loadingList || undefined}
            aria-label={`Reviews of ${businessName}`}
            data-testid="reviews-list"
          >
            {items.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} section={data} businessName={businessName} onEdit={openForm} />
              </li>
            ))}
          </ol>

          {canShowMore ? (
            <div className="flex justify-center border-t pt-6">
              <Button asChild variant="outline" size="lg">
                <Link
                  to={`${listHref(data.sort, data.pagesShown + 1)}`}
                  replace
                  preventScrollReset
                  onClick={() => {
                    focusIndexAfterLoad.current = data.pagesShown * REVIEWS_PAGE_SIZE;
                  }}
                  aria-disabled={loadingMore || undefined}
                  data-testid="show-more-reviews"
                >
                  {loadingMore ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                  Show more reviews
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function BlockedNotice({
  reason,
  message,
  onClose,
}: {
  reason: "unverified" | "owner";
  message: string;
  onClose?: () => void;
}) {
  const Icon = reason === "unverified" ? MailWarning : Store;
  return (
    <div
      role="status"
      className="flex gap-4 rounded-2xl border border-warning/40 bg-warning/10 p-5"
      data-testid="write-review-blocked"
    >
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-warning/15 text-warning"
      >
        <Icon className="size-5" />
      </span>
      <div className="grid flex-1 gap-1">
        <p className="font-semibold">
          {reason === "unverified" ? "Verify your email to write a review" : "This is your business"}
        </p>
        <p className="text-sm text-foreground/85">{message}</p>
        {reason === "unverified" ? (
          <p className="mt-1 text-sm">
            <Link to="/account/settings" className="font-semibold text-primary hover:underline">
              Resend the verification email
            </Link>{" "}
            <span className="text-muted-foreground">from your account settings.</span>
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">
            You can reply to each review below; your replies are shown under them.
          </p>
        )}
      </div>
      {onClose ? (
        <Button variant="ghost" size="icon-sm" onClick={onClose} className="-mt-1 -mr-1 shrink-0">
          <X aria-hidden="true" />
          <span className="sr-only">Close</span>
        </Button>
      ) : null}
    </div>
  );
}

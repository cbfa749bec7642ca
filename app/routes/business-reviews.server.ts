import { eq } from "drizzle-orm";
import type { z } from "zod";
import { data, redirect, type AppLoadContext } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { AppError } from "~/lib/app-error";
import { ownsBusiness } from "~/features/listings/access.server";
import { errorResult, type FormResult } from "~/lib/form-reply";
import { getUser } from "~/features/auth/guards.server";
import type { SessionUser } from "~/features/auth/session.server";
import { businesses } from "~/.server/db/schema";
import { signInPath } from "~/features/auth/redirect";
import { notifyOwner } from "~/features/notifications/notify.server";
import { readDbFor, sharedKey } from "./business.server";
import {
  REVIEW_ACTION_NOTICES,
  REVIEW_BLOCKED_MESSAGES,
  type ReviewActionResult,
  type ReviewIntent,
  type ReviewsSectionData,
} from "~/features/reviews/components/section-data";
import {
  deleteOwnReview,
  deleteReply,
  listReviews,
  reportReview,
  saveReply,
  saveReview,
  toggleHelpful,
  viewerReviewState,
  type ViewerReviewState,
} from "~/features/reviews/queries.server";
import { uncachedPublicData } from "~/.server/public-data";
import { customerPhotos } from "~/features/reviews/photos.server";
import { replySchema, reportSchema, reviewListSchema, reviewSchema } from "~/features/reviews/review-schema";

/**
 * The business page's Reviews section (read by the page's loader) and the
 * actions behind its forms (POST /business/:id/reviews). The queries do the
 * authorization; this turns their AppErrors into form answers.
 */

/** "Show more reviews" keeps adding pages; past this the list stops growing (200 reviews on one page is plenty). */
const MAX_PAGES_SHOWN = 20;

export async function loadReviewsSection(
  request: Request,
  context: AppLoadContext,
  businessId: string,
  /** The listing's owner when the caller has just read it (the business page): not read again. */
  knownOwnerId?: string | null,
  /**
   * Reads the signed-in reader's own review and votes on the reviews shown, when the caller asks them with more of the
   * reader's state in one round trip (the business page); by default viewerReviewState.
   */
  readViewerState?: (shownReviewIds: string[]) => Promise<ViewerReviewState>,
): Promise<ReviewsSectionData> {
  const url = new URL(request.url);
  const parsed = reviewListSchema.safeParse({
    sort: url.searchParams.get("reviewSort") ?? undefined,
    page: url.searchParams.get("reviewPage") ?? undefined,
  });
  const { sort, page } = parsed.success ? parsed.data : { sort: "newest" as const, page: 1 };
  const pagesShown = Math.min(page, MAX_PAGES_SHOWN);
  const user = await getUser({ request, context });
  // A visitor's list may come from the replica; a signed-in reader's from the primary (their own review, at once).
  const db = readDbFor(context, user);

  // Pages 1…n: the list reads the same on a reload and without JavaScript. The pages are everyone's (public data,
  // like the listing: dropped by any write, a vote or a review included); what is the reader's own comes after.
  const shared = context.publicData ?? uncachedPublicData;
  const [pages, owner, photos] = await Promise.all([
    Promise.all(
      Array.from({ length: pagesShown }, (_, i) =>
        shared.get(sharedKey(context, db, `reviews ${businessId} ${sort} ${i + 1}`), () =>
          listReviews(db, businessId, { sort, page: i + 1 }),
        ),
      ),
    ),
    knownOwnerId !== undefined
      ? [{ ownerId: knownOwnerId }]
      : db.select({ ownerId: businesses.ownerId }).from(businesses).where(eq(businesses.id, businessId)).limit(1),
    // "From customers" (issue 41): everyone's, like the list.
    shared.get(sharedKey(context, db, `review-photos ${businessId}`), () => customerPhotos(db, businessId)),
  ]);
  const first = pages[0]!;
  const isOwner = ownsBusiness(user, owner[0]?.ownerId);
  const seen = new Set<string>();
  const everyones = pages.flatMap((p) => p.items).filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const shownIds = everyones.map((r) => r.id);
  const { own, foundHelpful } = user
    ? await (readViewerState ? readViewerState(shownIds) : viewerReviewState(db, businessId, user.id, shownIds))
    : { own: null, foundHelpful: new Set<string>() };
  const items = everyones.map((r) => ({ ...r, mine: r.id === own?.id, viewerFoundHelpful: foundHelpful.has(r.id) }));

  return {
    businessId,
    sort,
    pagesShown: Math.min(pagesShown, first.pageCount),
    pageCount: first.pageCount,
    summary: first.summary,
    items,
    viewer: user
      ? {
          name: user.name,
          isOwner,
          blocked: !user.emailVerified
            ? { reason: "unverified", message: REVIEW_BLOCKED_MESSAGES.unverified }
            : isOwner
              ? { reason: "owner", message: REVIEW_BLOCKED_MESSAGES.owner }
              : null,
        }
      : null,
    ownReview: own ? { id: own.id, rating: own.rating, content: own.content, hidden: own.status !== "visible" } : null,
    customerPhotos: photos,
    // Back to the page as it was opened: /business/<slug> (the UUID form has been redirected to it by then).
    signInHref: {
      write: signInPath(`${url.pathname}#write-review`),
      reviews: signInPath(`${url.pathname}#reviews`),
    },
  };
}

function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

const INTENTS: readonly ReviewIntent[] = ["save", "delete", "reply", "delete-reply", "helpful", "report"];

/**
 * One action for every review form on the business page. Fetchers get JSON
 * ({ ok, intent, … }); a form posted before the page's JavaScript ran carries
 * `_nojs` and is sent back to the page instead.
 */
export async function reviewsAction(businessId: string, request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intentValue = text(form, "intent");
  const back = `/business/${encodeURIComponent(businessId)}`;
  const noJs = form.has("_nojs");
  if (!INTENTS.includes(intentValue as ReviewIntent)) {
    return data<ReviewActionResult>({ ok: false, intent: "save", error: "Unknown action." }, { status: 400 });
  }
  const intent = intentValue as ReviewIntent;
  const user = await getUser({ request, context });
  if (!user) throw redirect(signInPath(intent === "save" ? `${back}#write-review` : `${back}#reviews`));

  try {
    const result = await run(intent, businessId, form, user, context);
    if (noJs) throw redirect(`${back}#reviews`);
    return data<ReviewActionResult>(result);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AppError) && !(error instanceof InvalidForm)) throw error;
    if (noJs) throw redirect(`${back}#${intent === "save" ? "write-review" : "reviews"}`);
    if (error instanceof InvalidForm) {
      return data<ReviewActionResult>(
        { ok: false, intent, error: error.message, result: error.result, code: "bad_request" },
        { status: 400 },
      );
    }
    return data<ReviewActionResult>(
      {
        ok: false,
        intent,
        error: error.message,
        result: errorResult(error.message, error.fields),
        code: error.reason ?? error.code,
      },
      { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
    );
  }
}

/** A form that failed its schema: Conform's answer for it (field messages and what was typed). */
class InvalidForm extends Error {
  constructor(readonly result: FormResult) {
    super(Object.values(result.error ?? {}).flat()[0] ?? "Please check the form.");
  }
}

function parse<S extends z.ZodObject>(form: FormData, schema: S): z.output<S> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") throw new InvalidForm(submission.reply());
  return submission.value;
}

async function run(
  intent: ReviewIntent,
  businessId: string,
  form: FormData,
  user: SessionUser,
  context: AppLoadContext,
): Promise<ReviewActionResult> {
  const { db, limits } = context;
  const reviewId = text(form, "reviewId");
  switch (intent) {
    case "save": {
      const input = parse(form, reviewSchema);
      const { id, created } = await saveReview(db, businessId, user, input, limits.reviewPosts, (tx, reviewId) =>
        notifyOwner({ ...context, db: tx }, { kind: "review", id: reviewId }),
      );
      return {
        ok: true,
        intent,
        reviewId: id,
        notice: created ? REVIEW_ACTION_NOTICES.added : REVIEW_ACTION_NOTICES.updated,
      };
    }
    case "delete":
      await deleteOwnReview(db, reviewId, user.id, context);
      return { ok: true, intent, reviewId, notice: REVIEW_ACTION_NOTICES.deleted };
    case "reply": {
      const { content } = parse(form, replySchema);
      const existed = form.get("existing") === "1";
      await saveReply(db, reviewId, user, content);
      return {
        ok: true,
        intent,
        reviewId,
        notice: existed ? REVIEW_ACTION_NOTICES.replyUpdated : REVIEW_ACTION_NOTICES.replied,
      };
    }
    case "delete-reply":
      await deleteReply(db, reviewId, user);
      return { ok: true, intent, reviewId, notice: REVIEW_ACTION_NOTICES.replyDeleted };
    case "helpful": {
      const { helpful, helpfulCount } = await toggleHelpful(db, reviewId, user.id, limits.helpful);
      return { ok: true, intent, reviewId, helpful, helpfulCount };
    }
    case "report": {
      const { reason } = parse(form, reportSchema);
      await reportReview(db, reviewId, user.id, reason, limits.reports);
      return { ok: true, intent, reviewId, notice: REVIEW_ACTION_NOTICES.reported };
    }
  }
}

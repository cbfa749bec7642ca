import type { FormResult } from "~/lib/form-reply";
import type { ReviewSummary, ReviewView } from "../types";
import type { REVIEW_SORTS } from "../review-constants";
import type { ReviewPhotoView } from "../photo-constants";

/** What the business page's loader hands the Reviews section. */
export interface ReviewsSectionData {
  businessId: string;
  sort: (typeof REVIEW_SORTS)[number];
  /** Pages 1…pagesShown are in `items` ("Show more reviews" adds one). */
  pagesShown: number;
  pageCount: number;
  summary: ReviewSummary;
  items: ReviewView[];
  /** Null for a signed-out visitor. */
  viewer: {
    name: string;
    /** The owner of this business: may reply to its reviews, may not review it. */
    isOwner: boolean;
    /** Why this viewer can't write a review, with the server's words; null when they can. */
    blocked: { reason: "unverified" | "owner"; message: string } | null;
  } | null;
  /** The viewer's own review (the form edits it), hidden ones included. */
  ownReview: { id: string; rating: number; content: string; hidden: boolean } | null;
  /** For visitors: /auth, then back to the open form (`write`) or to the reviews (`reviews`). */
  signInHref: { write: string; reviews: string };
  /** The Photos section's "From customers" (issue 41): the newest photos of visible reviews, and how many there are. */
  customerPhotos?: { items: ReviewPhotoView[]; total: number };
}

/** Deleting one's own review: the item leaves the list, so the section listens on this fetcher key. */
export const DELETE_REVIEW_FETCHER = "review-delete";

export type ReviewIntent = "save" | "delete" | "reply" | "delete-reply" | "helpful" | "report";

export interface Notice {
  title: string;
  description: string;
}

export type ReviewActionResult =
  | { ok: true; intent: ReviewIntent; reviewId: string; notice?: Notice; helpful?: boolean; helpfulCount?: number }
  | { ok: false; intent: ReviewIntent; error: string; result?: FormResult; code?: string };

/** The same words the server's queries use, for the cases the page knows before anyone posts. */
export const REVIEW_BLOCKED_MESSAGES = {
  unverified: "Please verify your email address before writing a review.",
  owner: "You can't review your own business.",
} as const;

/** Success notices; "Review Added" is the spec's. */
export const REVIEW_ACTION_NOTICES = {
  added: { title: "Review Added", description: "Your review has been published." },
  updated: { title: "Review Updated", description: "Your review has been updated." },
  deleted: { title: "Review Deleted", description: "Your review has been removed." },
  replied: { title: "Reply Posted", description: "Your reply now appears under the review." },
  replyUpdated: { title: "Reply Updated", description: "Your reply has been updated." },
  replyDeleted: { title: "Reply Removed", description: "Your reply has been removed." },
  reported: { title: "Report Sent", description: "Thanks for letting us know. Our team will take a look." },
} as const satisfies Record<string, Notice>;

import type { ReviewPhotoView } from "./photo-constants";

/** What the client receives about reviews. */
export interface ReviewView {
  id: string;
  author: string;
  /** The author's profile (/people/{handle}, issue 41); none for a review without an account (the demo city's). */
  authorHandle?: string | null;
  content: string;
  rating: number;
  date: string;
  edited: boolean;
  helpfulCount: number;
  /** Whether the signed-in viewer marked it helpful. */
  viewerFoundHelpful: boolean;
  /** Whether the signed-in viewer wrote it. */
  mine: boolean;
  reply: { content: string; date: string } | null;
  /** Its photos, in order (issue 41): the business page's list and the API's. */
  photos?: ReviewPhotoView[];
}

export interface ReviewSummary {
  average: number;
  count: number;
  /** Counts of 1★ … 5★ (index 0 = 1 star). */
  distribution: [number, number, number, number, number];
}

export interface ReviewPage {
  items: ReviewView[];
  summary: ReviewSummary;
  page: number;
  pageCount: number;
  sort: string;
}

export interface ReportedReview {
  id: string;
  businessId: string;
  businessName: string;
  businessSlug: string;
  author: string;
  content: string;
  rating: number;
  status: "visible" | "hidden";
  date: string;
  reports: { reason: string; date: string }[];
}

/** One of the signed-in user's own reviews, as the dashboard lists them. */
export interface MyReview {
  id: string;
  rating: number;
  content: string;
  date: string;
  edited: boolean;
  /** Hidden by a moderator: only its author still sees it. */
  hidden: boolean;
  business: { id: string; name: string; slug: string; published: boolean };
  hasReply: boolean;
}

export interface MyReviewPage {
  items: MyReview[];
  total: number;
  page: number;
  pageCount: number;
}

/** A review of one of the signed-in owner's listings (the dashboard's "Recent reviews"). */
export interface OwnerReview extends ReviewView {
  business: { id: string; name: string; slug: string };
}

export interface OwnerReviewPage {
  items: OwnerReview[];
  total: number;
  page: number;
  pageCount: number;
}

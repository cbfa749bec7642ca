import type { Notice } from "./section-data";

/** The cards leave their list when moderated, so the page listens on this fetcher key and shows the notices. */
export const MODERATION_FETCHER = "review-moderation";

export type ModerationResult =
  | { ok: true; action: "hide" | "restore" | "delete" | "dismiss"; reviewId: string; notice: Notice }
  | { ok: true; action: "photo-remove" | "photo-dismiss"; photoId: string; notice: Notice }
  | { ok: false; error: string };

export const MODERATION_NOTICES = {
  hide: {
    title: "Review Hidden",
    description: "It no longer appears on the business page or counts toward its rating.",
  },
  restore: {
    title: "Review Restored",
    description: "It's back on the business page and counts toward its rating again.",
  },
  delete: { title: "Review Deleted", description: "The review has been removed for good." },
  dismiss: { title: "Reports Dismissed", description: "The review stays up and its reports are closed." },
  "photo-remove": { title: "Photo Removed", description: "The photo has been removed from the review for good." },
  "photo-dismiss": { title: "Reports Dismissed", description: "The photo stays up and its reports are closed." },
} as const satisfies Record<string, Notice>;

/** The owner emails a listing can trigger; each has its own setting and its own hourly throttle. */
export const NOTIFICATION_KINDS = ["message", "review"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationPreferences {
  emailMessages: boolean;
  emailReviews: boolean;
}

export const KIND_LABELS: Record<NotificationKind, { setting: string; what: string }> = {
  message: { setting: "Email me about new messages", what: "new messages" },
  review: { setting: "Email me about new reviews", what: "new reviews" },
};

/** One owner email per listing and kind per this long. */
export const NOTIFICATION_INTERVAL_MS = 60 * 60 * 1000;

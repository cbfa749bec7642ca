/** What the owner sees of a message sent from a business page. */
export interface InboxMessage {
  id: string;
  businessId: string;
  businessName: string;
  /** For the link to the business page (its slug, the one readable address). */
  businessSlug: string;
  senderName: string;
  senderEmail: string;
  /** Plain text as the visitor typed it (render as text, whitespace preserved). */
  body: string;
  createdAt: string;
  readAt: string | null;
  archivedAt: string | null;
}

export interface InboxPage {
  items: InboxMessage[];
  filter: "all" | "unread" | "archived";
  page: number;
  pageCount: number;
  total: number;
  /** Unread and not archived, across the owner's listings. */
  unread: number;
  /** Not archived (what the Inbox tab holds). */
  inbox: number;
  archived: number;
}

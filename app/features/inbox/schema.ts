import { z } from "zod";

/** The owner's inbox: one set of rules for the portal, its actions and the API. */

export const INBOX_PAGE_SIZE = 10;
export const INBOX_FILTERS = ["all", "unread", "archived"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

const page = z.coerce
  .number({ error: "Page must be a whole number from 1." })
  .int("Page must be a whole number from 1.")
  .min(1, "Page must be a whole number from 1.")
  .max(10_000, "Page must be at most 10000.");

/**
 * Which messages: `all` is the inbox (everything not archived, unread first),
 * `unread` only the unread ones, `archived` what the owner put away.
 */
export const inboxListSchema = z.object({
  filter: z.enum(INBOX_FILTERS, { error: `Filter must be one of: ${INBOX_FILTERS.join(", ")}.` }).default("all"),
  page: page.default(1),
});
export type InboxListParams = z.infer<typeof inboxListSchema>;

/** PATCH /api/v1/messages/{id}: mark read or unread, archive or restore (one or both). */
export const messagePatchSchema = z
  .strictObject({
    read: z.boolean({ error: "read must be true or false." }).optional(),
    archived: z.boolean({ error: "archived must be true or false." }).optional(),
  })
  .refine((v) => v.read !== undefined || v.archived !== undefined, {
    message: "Send read, archived or both.",
  });
export type MessagePatch = z.infer<typeof messagePatchSchema>;

/** The portal's message buttons, posted as a form. */
export const INBOX_INTENTS = ["read", "unread", "archive", "unarchive"] as const;
export type InboxIntent = (typeof INBOX_INTENTS)[number];

export const inboxActionSchema = z.object({
  intent: z.enum(INBOX_INTENTS, { error: "Unknown action." }),
  messageId: z.string({ error: "Which message?" }).min(1, "Which message?").max(64, "Which message?"),
});

export const INTENT_PATCH: Record<InboxIntent, MessagePatch> = {
  read: { read: true },
  unread: { read: false },
  archive: { archived: true },
  unarchive: { archived: false },
};

export const INTENT_DONE: Record<InboxIntent, string> = {
  read: "Marked as read.",
  unread: "Marked as unread.",
  archive: "Message archived.",
  unarchive: "Message moved back to the inbox.",
};

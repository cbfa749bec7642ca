import { formatReviewDate } from "~/lib/dates";
import type { InboxMessage } from "../types";

/**
 * "Reply by email": a mailto: link to the sender with the subject
 * "Re: your message to {business}" and their message quoted in the body.
 * The address passed the message form's email check, so it is used as is;
 * subject and body are encoded.
 */
export function replyMailto(
  message: Pick<InboxMessage, "senderEmail" | "senderName" | "businessName" | "body" | "createdAt">,
) {
  const subject = `Re: your message to ${message.businessName}`;
  const quoted = message.body
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `\n\nOn ${formatReviewDate(message.createdAt)}, ${message.senderName} wrote:\n${quoted}\n`;
  return `mailto:${message.senderEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

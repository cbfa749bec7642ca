import { emailLayout } from "~/.server/mail-layout";
import type { MailMessage } from "~/.server/mail";
import { KIND_LABELS, type NotificationKind } from "./types";

/** The excerpt of a message or review quoted in the email (the owner reads the rest on the site). */
function excerpt(text: string, max = 280) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export type OwnerEvent =
  | { kind: "message"; senderName: string; body: string }
  | { kind: "review"; author: string; rating: number; content: string };

/**
 * The owner's email about a new message or review of their listing. It says
 * that more of the same within the hour wait on the site, and carries a
 * one-click unsubscribe link for this kind of email.
 */
export function ownerNotificationEmail({
  site,
  publicUrl,
  to,
  name,
  listing,
  event,
  unsubscribeUrl,
}: {
  site: string;
  publicUrl: string;
  to: string;
  name: string;
  listing: { id: string; name: string };
  event: OwnerEvent;
  unsubscribeUrl: string;
}): MailMessage {
  const base = publicUrl.replace(/\/+$/, "");
  const hello = `Hi ${name || "there"},`;
  const kind: NotificationKind = event.kind;
  const content =
    event.kind === "message"
      ? {
          subject: `New message for ${listing.name}`,
          heading: "You have a new message",
          lines: [
            `${hello} ${event.senderName} sent a message to ${listing.name} from its page on ${site}:`,
            `“${excerpt(event.body)}”`,
            "Read it and reply from your inbox. Other messages that arrive within the hour won't be emailed; they wait in your inbox.",
          ],
          action: { label: "Open your inbox", url: `${base}/portal/inbox` },
        }
      : {
          subject: `New ${event.rating}-star review of ${listing.name}`,
          heading: "Your listing has a new review",
          lines: [
            `${hello} ${event.author} gave ${listing.name} ${event.rating} out of 5 stars on ${site}:`,
            `“${excerpt(event.content)}”`,
            "You can reply publicly from your dashboard. Other reviews posted within the hour won't be emailed; they're on your dashboard.",
          ],
          action: { label: "Read and reply", url: `${base}/portal#recent-reviews` },
        };
  const footer = `You get this email because you manage ${listing.name} on ${site}. You can turn off emails about ${KIND_LABELS[kind].what} in your account settings, or with one click:`;
  return {
    to,
    subject: content.subject,
    link: content.action.url,
    text: `${content.lines.join("\n\n")}\n\n${content.action.label}:\n${content.action.url}\n\n${footer}\n${unsubscribeUrl}\n`,
    html: emailLayout(site, content.heading, content.lines, content.action, footer, {
      label: "Unsubscribe",
      url: unsubscribeUrl,
    }),
  };
}

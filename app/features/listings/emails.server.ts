import { emailLayout } from "~/.server/mail-layout";
import { businessUrl } from "~/lib/business-url";
import type { MailMessage } from "~/.server/mail";

export type ListingDecision = "approve" | "reject" | "suspend";

/**
 * What an owner is told when an admin decides on their listing: live (with
 * its page), not approved or suspended (with the admin's reason and the edit
 * page to fix it).
 */
export function listingDecisionEmail({
  site,
  publicUrl,
  to,
  name,
  listing,
  decision,
  reason,
}: {
  site: string;
  publicUrl: string;
  to: string;
  name: string;
  listing: { id: string; slug: string; name: string };
  decision: ListingDecision;
  reason: string | null;
}): MailMessage {
  const base = publicUrl.replace(/\/+$/, "");
  const page = businessUrl(base, listing);
  const edit = `${base}/business/edit/${listing.id}`;
  const hello = `Hi ${name || "there"},`;
  const because = reason ? `The admin's reason: ${reason}` : null;
  const content = {
    approve: {
      subject: `${listing.name} is now live on ${site}`,
      heading: "Your listing is live",
      lines: [`${hello} good news: an admin approved ${listing.name}. It now appears in search and on its own page.`],
      action: { label: "See your listing", url: page },
    },
    reject: {
      subject: `${listing.name} wasn't approved on ${site}`,
      heading: "Your listing wasn't approved",
      lines: [
        `${hello} an admin reviewed ${listing.name} and didn't approve it yet.`,
        ...(because ? [because] : []),
        "Edit the listing to fix this; it goes back to the admins for review.",
      ],
      action: { label: "Edit your listing", url: edit },
    },
    suspend: {
      subject: `${listing.name} has been suspended on ${site}`,
      heading: "Your listing is suspended",
      lines: [
        `${hello} an admin has hidden ${listing.name} from ${site} for now.`,
        ...(because ? [because] : []),
        "Reply to this email or use the contact page if you think this is a mistake.",
      ],
      action: { label: "Open your listing", url: edit },
    },
  }[decision];
  const footer = `You get this email because you manage ${listing.name} on ${site}.`;
  return {
    to,
    subject: content.subject,
    link: content.action.url,
    text: `${content.lines.join("\n\n")}\n\n${content.action.label}:\n${content.action.url}\n\n${footer}\n`,
    html: emailLayout(site, content.heading, content.lines, content.action, footer),
  };
}

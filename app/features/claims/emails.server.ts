import { emailLayout } from "~/.server/mail-layout";
import { businessUrl } from "~/lib/business-url";
import type { MailMessage } from "~/.server/mail";
import type { ClaimDecision } from "./schema";

/**
 * What a claimant is told when an admin decides on their claim: approved
 * (the listing is theirs, with its edit page) or refused (with the reason).
 */
export function claimDecisionEmail({
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
  decision: ClaimDecision;
  reason: string | null;
}): MailMessage {
  const base = publicUrl.replace(/\/+$/, "");
  const hello = `Hi ${name || "there"},`;
  const because = reason ? `The admin's reason: ${reason}` : null;
  const content =
    decision === "approve"
      ? {
          subject: `Your claim for ${listing.name} was approved on ${site}`,
          heading: "You now manage this listing",
          lines: [
            `${hello} an admin approved your claim: ${listing.name} is now yours on ${site}.`,
            ...(because ? [because] : []),
            "You can edit its details and photos, reply to reviews and read the messages visitors send.",
          ],
          action: { label: "Edit your listing", url: `${base}/business/edit/${listing.id}` },
        }
      : {
          subject: `Your claim for ${listing.name} wasn't approved on ${site}`,
          heading: "Your claim wasn't approved",
          lines: [
            `${hello} an admin reviewed your claim for ${listing.name} and didn't approve it.`,
            ...(because ? [because] : []),
            "Reply to this email or use the contact page if you think this is a mistake.",
          ],
          action: { label: "Open the listing", url: businessUrl(base, listing) },
        };
  const footer = `You get this email because you claimed ${listing.name} on ${site}.`;
  return {
    to,
    subject: content.subject,
    link: content.action.url,
    text: `${content.lines.join("\n\n")}\n\n${content.action.label}:\n${content.action.url}\n\n${footer}\n`,
    html: emailLayout(site, content.heading, content.lines, content.action, footer),
  };
}

import { Link } from "react-router";
import { CONTACT_DETAILS } from "~/components/layout/contact-details";
import { LegalPage, type LegalSection } from "~/components/layout/legal-page";
import { useRootData } from "~/components/layout/root-data";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Privacy Policy", "What data Near collects, why, who we share it with and your rights over it.");

export default function Page() {
  const { site } = useRootData();
  const sections: LegalSection[] = [
    {
      id: "collect",
      title: "What we collect",
      body: (
        <ul>
          <li>
            <strong>Account details</strong>: your name, email address, account type (customer or business owner) and a
            securely hashed password, or the profile basics a social sign-in provider shares with us.
          </li>
          <li>
            <strong>What you post</strong>: business listings, photos, reviews, events you submit and your RSVPs, and
            messages you send to businesses or to us through the contact form.
          </li>
          <li>
            <strong>Newsletter</strong>: your email address and when you confirmed it, only if you subscribe and confirm
            through the link we email. Every newsletter has an unsubscribe link.
          </li>
          <li>
            <strong>Usage</strong>: pages viewed, with an anonymous visitor identifier, so we can show trending places,
            show a business&apos;s owner how many people visited its page, and improve the site. Clicks on a
            business&apos;s Call, Website, Directions, Share and Book, and its appearances in search results, are only
            counted per business and day, with nothing that identifies you.
          </li>
          <li>
            <strong>Billing</strong>: your plan and payment history. Card details go to our card payment provider, not
            to us.
          </li>
        </ul>
      ),
    },
    {
      id: "use",
      title: "How we use it",
      body: (
        <ul>
          <li>to run your account, show listings and reviews, and deliver messages;</li>
          <li>to keep Near safe: preventing spam, fake reviews and duplicate accounts (one per person or entity);</li>
          <li>to bill paid plans, which renew automatically, and to give 30 days' notice of price changes;</li>
          <li>to send service emails. Marketing emails only with your consent, and you can unsubscribe any time.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <>
          <p>
            <strong>We don't sell personal data.</strong> We share it only with providers that help us run Near
            (hosting, email delivery and our card payment provider), under contracts that limit their use of it, or when
            the law requires.
          </p>
          <p>Reviews and business listings are public by design; your email address is never shown.</p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and local storage",
      body: (
        <p>
          We use one essential cookie to keep you signed in, and your browser's local storage to remember your light or
          dark theme. There are no advertising or third-party tracking cookies.
        </p>
      ),
    },
    {
      id: "rights",
      title: "Your data rights",
      body: (
        <>
          <p>Wherever you live, you can ask us to:</p>
          <ul>
            <li>give you a copy of your personal data, in a portable format;</li>
            <li>correct data that is wrong or incomplete;</li>
            <li>delete your account and personal data;</li>
            <li>stop or restrict a particular use, such as marketing emails.</li>
          </ul>
          <p>
            Two of these you can do yourself, at any time, in{" "}
            <a href="/account/settings#section-your-data">Account Settings</a> under "Your Data":{" "}
            <strong>Download my data</strong> gives you a JSON file of your account, reviews and their photos, the
            reviews you reported, favorites, ownership claims, listings and events, and — once you have verified your
            email address — the messages, contact requests and newsletter subscription sent from it;{" "}
            <strong>Delete my account</strong> deletes it at once. For anything else, email{" "}
            <a href={`mailto:${CONTACT_DETAILS.privacyEmail}`}>{CONTACT_DETAILS.privacyEmail}</a> and we'll reply within
            30 days. You may also complain to your local data protection authority.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <p>
          We keep account data while your account is open. When you delete it, your account, sessions, reviews (and the
          ratings they gave) with their photos, helpful marks, favorites, ownership claims, RSVPs and, if you verified
          your email address, the contact messages and newsletter subscription sent from it are deleted at once; copies
          in backups are gone within 30 days. A message you sent a business stays with that business, as an email would;
          ask the business to delete it. Billing records the law requires us to keep are kept. Businesses you listed
          stay in the directory without an owner, and events you submitted stay without your name.
        </p>
      ),
    },
    {
      id: "age",
      title: "Age requirement",
      body: (
        <p>
          Accounts are for people aged 18 and over, and we don't knowingly collect data from anyone younger. If you
          believe a minor has signed up, tell us and we'll delete the account.
        </p>
      ),
    },
    {
      id: "security",
      title: "Security",
      body: (
        <p>
          Data travels over encrypted connections, passwords are hashed, and access to personal data is limited to the
          people who need it to run the service.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          We'll post changes here and email account holders about important ones before they apply. See also our{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      eyebrow="Legal"
      title="Privacy Policy"
      updated="2026-11-23"
      intro={
        <p>
          {site.name} collects only what it needs to run a local directory, never sells your data, and lets you see,
          correct, export or delete it at any time.
        </p>
      }
      sections={sections}
    />
  );
}

import { Link } from "react-router";
import { CONTACT_DETAILS } from "~/components/layout/contact-details";
import { LegalPage, type LegalSection } from "~/components/layout/legal-page";
import { useRootData } from "~/components/layout/root-data";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Terms of Service", "The terms for using Near, listing a business and writing reviews.");

export default function Page() {
  const { site } = useRootData();
  const sections: LegalSection[] = [
    {
      id: "agreement",
      title: "Agreement",
      body: (
        <p>
          These terms are an agreement between you and {site.name}. By browsing Near, creating an account, listing a
          business or writing a review, you agree to them. If you don't agree, please don't use the service.
        </p>
      ),
    },
    {
      id: "eligibility",
      title: "Who can use Near",
      body: (
        <p>
          Anyone may browse Near. To create an account you must be <strong>at least 18 years old</strong> and able to
          enter into a binding contract. If you register on behalf of a business, you confirm that you are authorized to
          act for it.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <ul>
          <li>
            <strong>One account per person or entity.</strong> Don't create duplicate accounts or share one account
            between several people or businesses.
          </li>
          <li>Give accurate information and keep it up to date.</li>
          <li>Keep your password secret; you're responsible for what happens under your account.</li>
          <li>Tell us right away if you think someone else has used your account.</li>
        </ul>
      ),
    },
    {
      id: "listings",
      title: "Business listings",
      body: (
        <>
          <p>
            Owners are responsible for their listing: name, address, hours, photos and descriptions must be accurate and
            must be yours to publish. We may review, edit for formatting, or remove listings that are misleading,
            duplicated or break these terms.
          </p>
          <p>
            A listing's placement depends on its plan and on relevance to a search, never on the content of its reviews.
          </p>
        </>
      ),
    },
    {
      id: "reviews",
      title: "Reviews",
      body: (
        <>
          <p>
            Reviews must be <strong>honest</strong> and based on your own, genuine experience with the business. You may
            not:
          </p>
          <ul>
            <li>review your own business or a competitor's, or have someone do it for you;</li>
            <li>offer or accept payment, discounts or gifts in exchange for a review;</li>
            <li>post anything hateful, harassing, private about someone else, or unrelated to the business.</li>
          </ul>
          <p>We may remove reviews that break these rules. Businesses can't pay to remove or reorder reviews.</p>
        </>
      ),
    },
    {
      id: "subscriptions",
      title: "Paid plans and billing",
      body: (
        <>
          <p>
            Listing plans (see <Link to="/pricing">Pricing</Link>) are billed monthly or annually in advance.{" "}
            <strong>Subscriptions renew automatically</strong> at the end of each billing period until you cancel.
          </p>
          <p>
            Card payments are handled by our <strong>card payment provider</strong>, a PCI-compliant processor. We never
            see or store your full card number; the provider's own terms also apply to the payment.
          </p>
        </>
      ),
    },
    {
      id: "refunds",
      title: "Cancellation and refunds",
      body: (
        <p>
          You can cancel at any time from your dashboard. Your plan stays active until the end of the current period and
          we give a <strong>pro-rated refund</strong> for the unused part of it. There are no cancellation fees.
        </p>
      ),
    },
    {
      id: "price-changes",
      title: "Price changes",
      body: (
        <p>
          We may change plan prices. We will tell you by email at least <strong>30 days' notice</strong> before a new
          price applies to your subscription, so you can change plans or cancel first.
        </p>
      ),
    },
    {
      id: "content",
      title: "Your content",
      body: (
        <p>
          You keep ownership of what you post. You give {site.name} a non-exclusive, royalty-free license to host,
          display and share it on Near so the service can work. You can delete your content at any time.
        </p>
      ),
    },
    {
      id: "privacy",
      title: "Privacy",
      body: (
        <p>
          How we collect and use personal data, and your data rights, are described in our{" "}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      ),
    },
    {
      id: "termination",
      title: "Suspension and termination",
      body: (
        <p>
          We may suspend or close accounts that break these terms, after notice where reasonable. You may close your
          account at any time; paid plans are then refunded pro rata as described above.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimers and liability",
      body: (
        <p>
          Near is provided "as is". Businesses are responsible for their own products and services, and reviews are the
          opinions of their authors. To the extent the law allows, {site.name} isn't liable for indirect or
          consequential losses arising from the use of the service.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: (
        <p>
          We'll post any changes here and, for material changes, email account holders at least 30 days before they take
          effect.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: (
        <p>
          Questions about these terms? Email <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a> or
          use our <Link to="/contact">contact page</Link>.
        </p>
      ),
    },
  ];
  return (
    <LegalPage
      eyebrow="Legal"
      title="Terms of Service"
      updated="2025-06-01"
      intro={
        <p>
          The short version: be at least 18 to have an account, keep one account per person or business, write honest
          reviews, and know that paid plans renew automatically, can be cancelled any time with a pro-rated refund, and
          never change price without 30 days' notice.
        </p>
      }
      sections={sections}
    />
  );
}

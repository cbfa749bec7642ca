import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { CONTACT_DETAILS } from "~/components/layout/contact-details";
import { PageHeader } from "~/components/layout/page-header";
import { useRootData } from "~/components/layout/root-data";
import { ContactForm } from "~/features/content/components/contact-form";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";
import { contactAction } from "./contact.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Contact", "Get in touch with the Near team: questions, listings, press and feedback.");

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

export default function Page({ actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const details = [
    {
      icon: Mail,
      label: "Email",
      value: <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>,
    },
    { icon: Phone, label: "Phone", value: <a href={CONTACT_DETAILS.phoneHref}>{CONTACT_DETAILS.phone}</a> },
    {
      icon: MapPin,
      label: "Office",
      value: (
        <address className="not-italic">
          {CONTACT_DETAILS.street}
          <br />
          {site.city ? `${site.city}, ${site.state}` : null}
        </address>
      ),
    },
    { icon: Clock, label: "Hours", value: CONTACT_DETAILS.hours },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Contact Us"
        lead="Questions about a listing, feedback on the site, or a story we should know about? We'd love to hear from you."
      />
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-5">
        <section aria-labelledby="reach-heading" className="lg:col-span-2">
          <div className="rounded-3xl border bg-card p-7 shadow-card">
            <h2 id="reach-heading" className="text-xl font-bold">
              Reach us directly
            </h2>
            <dl className="mt-6 grid gap-5">
              {details.map(({ icon: Icon, label, value }) => (
                <div key={label} className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-4">
                  <dt className="contents">
                    <span
                      aria-hidden="true"
                      className="row-span-2 grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
                    >
                      <Icon className="size-5" />
                    </span>
                    <span className="self-end text-sm font-semibold">{label}</span>
                  </dt>
                  <dd className="col-start-2 mt-0.5 text-muted-foreground [&_a]:font-medium [&_a]:text-foreground [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section aria-labelledby="form-heading" className="lg:col-span-3">
          <div className="rounded-3xl border bg-card p-7 shadow-card">
            <h2 id="form-heading" className="text-xl font-bold">
              Send us a message
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Questions, listings, billing, press or a problem to report: we reply by email, usually within one business
              day.
            </p>
            <ContactForm answer={actionData} />
          </div>
        </section>
      </div>
    </>
  );
}

import { Clock, Info, Mail, MapPin, Phone } from "lucide-react";
import { CONTACT_DETAILS } from "~/components/layout/contact-details";
import { PageHeader } from "~/components/layout/page-header";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/lib/toast";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Contact", "Get in touch with the Near team: questions, listings, press and feedback.");

const TOPICS = ["General question", "Listing my business", "Billing", "Report a problem", "Submit an event", "Press"];

export default function Page() {
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

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // Not connected yet (a later issue wires it): say so rather than pretend it was sent.
    event.preventDefault();
    toast({
      title: "Message not sent",
      description: `This form isn't connected yet. Please email ${CONTACT_DETAILS.email} and we'll reply within a business day.`,
      variant: "destructive",
    });
  }

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
                    <span aria-hidden="true" className="row-span-2 grid size-10 place-items-center rounded-xl bg-primary-soft text-accent-foreground">
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
          <form onSubmit={onSubmit} className="rounded-3xl border bg-card p-7 shadow-card" aria-describedby="form-status">
            <h2 id="form-heading" className="text-xl font-bold">
              Send us a message
            </h2>
            <p id="form-status" className="mt-3 flex items-start gap-2 rounded-xl bg-muted px-4 py-3 text-sm text-muted-foreground">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                This form isn't connected yet, so it can't send messages. Until it is, please email{" "}
                <a href={`mailto:${CONTACT_DETAILS.email}`} className="font-medium text-foreground underline underline-offset-2">
                  {CONTACT_DETAILS.email}
                </a>
                .
              </span>
            </p>
            <div className="mt-6 grid gap-5 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="contact-name">Name</Label>
                <Input id="contact-name" name="name" autoComplete="name" required />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="contact-email">Email</Label>
                <Input id="contact-email" name="email" type="email" autoComplete="email" required />
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="contact-topic">Topic</Label>
                <NativeSelect id="contact-topic" name="topic" defaultValue={TOPICS[0]}>
                  {TOPICS.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="contact-message">Message</Label>
                <Textarea id="contact-message" name="message" rows={6} required />
              </div>
            </div>
            <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto">
              Send Message
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}

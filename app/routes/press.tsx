import { Download, Mail, Newspaper } from "lucide-react";
import { CONTACT_DETAILS } from "~/components/layout/contact-details";
import { LogoMark } from "~/components/layout/logo";
import { PageHeader, SectionHeading } from "~/components/layout/page-header";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { pressFacts } from "~/features/content/press.server";
import { networkFacts } from "~/features/content/network-facts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/press";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Press", "Near's press kit: boilerplate, key facts, logo and brand colors, and media contact.");

export async function loader({ context }: Route.LoaderArgs) {
  const facts = networkFacts(context.config.citySites);
  return {
    figures: await pressFacts(context.db, context.clock.now()),
    network: facts.network,
    facts: [
      { label: "What", value: "A local business directory for discovering places nearby" },
      ...(facts.network ? [{ label: "Network", value: facts.network }] : []),
      { label: "Categories", value: `${facts.categoryCount} categories: ${facts.groupNames}` },
      { label: "For visitors", value: "Free, with no advertising trackers" },
      { label: "For owners", value: facts.plans },
      { label: "Code", value: "Open source" },
    ],
  };
}

const number = new Intl.NumberFormat("en-US");

const LOGO_FILES = [
  { file: "near-logo-light", label: "Logo on light" },
  { file: "near-logo-dark", label: "Logo on dark" },
  { file: "near-mark", label: "Mark only" },
] as const;

const COLORS = [
  { name: "Near Coral", hex: "#D4304B", className: "bg-[#D4304B]" },
  { name: "Deep Ink", hex: "#1E2230", className: "bg-[#1E2230]" },
  { name: "Warm Paper", hex: "#FDFBF8", className: "bg-[#FDFBF8]" },
  { name: "Sunrise", hex: "#F4A93B", className: "bg-[#F4A93B]" },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const { figures, facts, network } = loaderData;
  const stats = [
    { id: "listings", label: "Businesses listed", value: figures.listings },
    { id: "reviews", label: "Reviews published", value: figures.reviews },
    {
      id: "cities",
      label: figures.cities === 1 ? "City with listings" : "Cities with listings",
      value: figures.cities,
    },
    { id: "events", label: "Upcoming events", value: figures.events },
  ];
  return (
    <>
      <PageHeader
        eyebrow="Press"
        title="Press Kit"
        lead="Everything you need to write about Near: who we are, the key facts, our logo and colors, and who to call."
      >
        <Button asChild size="lg">
          <a href={`mailto:${CONTACT_DETAILS.pressEmail}`}>
            <Mail aria-hidden="true" />
            Contact press team
          </a>
        </Button>
      </PageHeader>

      <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-14 sm:px-6">
        <section aria-labelledby="boilerplate-heading" className="grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <SectionHeading id="boilerplate-heading" title="About Near" description="Our boilerplate, free to quote." />
            <blockquote className="rounded-2xl border-l-4 border-primary bg-card p-6 text-lg leading-relaxed shadow-card">
              Near is a local business directory that helps people discover, connect with and support the independent
              businesses in their community. Visitors search restaurants, shops, services and every other kind of place
              and read honest reviews for free; owners list their business and hear straight from customers.
              {site.city ? ` This site is Near ${site.city}.` : ""}
              {network ? ` The Near network lists ${network}.` : ""} Near's software is open source.
            </blockquote>
          </div>
          <section aria-labelledby="facts-heading" className="lg:col-span-2">
            <h2 id="facts-heading" className="text-2xl font-bold tracking-tight">
              Key facts
            </h2>
            <dl className="mt-6 divide-y rounded-2xl border bg-card shadow-card">
              {facts.map((f) => (
                <div key={f.label} className="grid grid-cols-3 gap-4 px-5 py-3.5 text-sm">
                  <dt className="font-semibold">{f.label}</dt>
                  <dd className="col-span-2 text-muted-foreground">{f.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </section>

        <section aria-labelledby="figures-heading">
          <SectionHeading
            id="figures-heading"
            title="By the numbers"
            description="Live figures from the directory, counted when this page loads."
          />
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {stats.map((f) => (
              <div key={f.id} className="rounded-2xl border bg-card p-5 shadow-card">
                <dt className="text-sm font-medium text-muted-foreground">{f.label}</dt>
                <dd className="mt-1 text-3xl font-extrabold tracking-tight tabular-nums" data-testid={`figure-${f.id}`}>
                  {number.format(f.value)}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="brand-heading">
          <SectionHeading
            id="brand-heading"
            title="Logo and colors"
            description="Please don't stretch, recolor or add effects to the logo. Leave space around it."
          />
          <ul aria-label="Logo files" className="mb-5 flex flex-wrap gap-2">
            {LOGO_FILES.map(({ file, label }) =>
              (["svg", "png"] as const).map((ext) => (
                <li key={`${file}.${ext}`}>
                  <Button asChild variant="outline" size="sm">
                    <a href={`/press/${file}.${ext}`} download>
                      <Download aria-hidden="true" />
                      {label} ({ext.toUpperCase()})
                    </a>
                  </Button>
                </li>
              )),
            )}
          </ul>
          <div className="grid gap-5 md:grid-cols-2">
            <figure className="grid place-items-center rounded-2xl border bg-[#FDFBF8] p-12 shadow-card">
              <span className="inline-flex items-center gap-3">
                <LogoMark className="size-14 rounded-2xl [&_svg]:size-8" />
                <span className="text-5xl font-extrabold tracking-tight text-[#1E2230]">Near</span>
              </span>
              <figcaption className="mt-6 text-sm text-neutral-600">On light backgrounds</figcaption>
            </figure>
            <figure className="grid place-items-center rounded-2xl border bg-[#1E2230] p-12 shadow-card">
              <span className="inline-flex items-center gap-3">
                <LogoMark className="size-14 rounded-2xl [&_svg]:size-8" />
                <span className="text-5xl font-extrabold tracking-tight text-white">Near</span>
              </span>
              <figcaption className="mt-6 text-sm text-neutral-300">On dark backgrounds</figcaption>
            </figure>
          </div>
          <ul className="mt-5 grid grid-cols-2 gap-4 md:grid-cols-4">
            {COLORS.map((c) => (
              <li key={c.hex} className="overflow-hidden rounded-2xl border bg-card shadow-card">
                <div aria-hidden="true" className={`h-20 border-b ${c.className}`} />
                <div className="p-4">
                  <p className="font-semibold">{c.name}</p>
                  <p className="font-mono text-sm text-muted-foreground">{c.hex}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="media-heading"
          className="rounded-3xl border bg-card p-8 shadow-card sm:flex sm:items-center sm:justify-between sm:gap-8"
        >
          <div className="flex items-start gap-4">
            <span
              aria-hidden="true"
              className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
            >
              <Newspaper className="size-6" />
            </span>
            <div>
              <h2 id="media-heading" className="text-xl font-bold">
                Media contact
              </h2>
              <p className="mt-1 text-muted-foreground">
                For interviews, data requests and local stories, we usually reply within one business day.
              </p>
            </div>
          </div>
          <a
            href={`mailto:${CONTACT_DETAILS.pressEmail}`}
            className="mt-5 inline-block text-lg font-semibold text-foreground underline decoration-primary decoration-2 underline-offset-4 sm:mt-0"
          >
            {CONTACT_DETAILS.pressEmail}
          </a>
        </section>
      </div>
    </>
  );
}

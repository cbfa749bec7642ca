import { ArrowRight, Code2, Handshake, HeartHandshake, MapPin, Newspaper, ShieldCheck, Store } from "lucide-react";
import { Link } from "react-router";
import { PageHeader, SectionHeading } from "~/components/layout/page-header";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { networkFacts } from "~/features/content/network-facts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "About",
    "Near is a local business directory that helps you discover, connect with and support the places near you.",
  );

/** The network's city sites: CITY_SITES, or the spec's eight (app/lib/catalogue.ts); the facts follow them. */
export function loader({ context }: Route.LoaderArgs) {
  const { citySites } = context.config;
  return { citySites, facts: networkFacts(citySites) };
}

const VALUES = [
  {
    icon: Store,
    title: "Local first",
    text: "Every listing is a real neighborhood business. No national chains buying their way to the top.",
  },
  {
    icon: ShieldCheck,
    title: "Honest reviews",
    text: "Reviews come from real customers and are never reordered or hidden because a business pays us.",
  },
  {
    icon: Code2,
    title: "Open source",
    text: "Near's code is open, so any town can run its own directory and see exactly how it works.",
  },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { citySites, facts } = loaderData;
  const { site } = useRootData();
  const here = site.city ? `${site.city}, ${site.state}` : "your town";
  return (
    <>
      <PageHeader
        eyebrow="About"
        title="About Near"
        lead={`Near helps people discover, connect with and support the local businesses that make ${here} feel like home.`}
      />

      <section
        aria-labelledby="story-heading"
        className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-5"
      >
        <div className="lg:col-span-3">
          <h2 id="story-heading" className="text-2xl font-bold tracking-tight">
            Why we built Near
          </h2>
          <div className="mt-4 grid gap-4 text-lg leading-relaxed text-muted-foreground">
            <p>
              The best bakery in town shouldn't lose to a chain because it can't afford an ad budget. Near started as a
              simple idea: a directory that puts the independent places first, run by people who live in the same town.
            </p>
            <p>
              Visitors search, browse categories and read reviews for free. Owners list their business in minutes, keep
              their hours and photos up to date, and hear straight from their customers.
            </p>
            <p>
              {facts.network
                ? `This site serves ${here}, and the Near network lists ${facts.network}. Every site shares the same promise: honest listings, honest reviews, and a shop-local spirit.`
                : `This site serves ${here}, with the same promise as every Near: honest listings, honest reviews, and a shop-local spirit.`}
            </p>
          </div>
        </div>
        <aside aria-label="Near at a glance" className="lg:col-span-2">
          <div className="grid gap-4 rounded-3xl border bg-card p-6 shadow-card">
            {[
              {
                value: String(citySites.length),
                label: `city site${citySites.length === 1 ? "" : "s"} in the Near network`,
              },
              {
                value: String(facts.groupCount),
                label: `kinds of place, in ${facts.categoryCount} categories: ${facts.groupNames.toLowerCase()}`,
              },
              { value: "$0", label: "for visitors, always" },
            ].map((s) => (
              <div key={s.label} className="flex items-center gap-4 rounded-2xl bg-muted/70 p-4">
                <span className="min-w-14 text-3xl font-extrabold tracking-tight text-primary">{s.value}</span>
                <span className="text-sm font-medium">{s.label}</span>
              </div>
            ))}
          </div>
        </aside>
      </section>

      <section aria-labelledby="values-heading" className="border-y bg-muted/50 dark:bg-card/40">
        <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
          <SectionHeading id="values-heading" title="What we stand for" />
          <ul className="grid gap-5 md:grid-cols-3">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border bg-card p-6 shadow-card">
                <span
                  aria-hidden="true"
                  className="grid size-11 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
                >
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-1.5 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="network-heading" className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
        <SectionHeading
          id="network-heading"
          title="The Near network"
          description={`${citySites.length === 8 ? "Eight" : citySites.length} city site${citySites.length === 1 ? "" : "s"}, each run for and by its own community.`}
        />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {citySites.map((city) => (
            <li
              key={city.url}
              className="group relative rounded-2xl border bg-card p-5 shadow-card transition-[box-shadow,transform] focus-within:shadow-lift hover:-translate-y-0.5 hover:shadow-lift"
            >
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-lg bg-primary-soft text-accent-foreground"
              >
                <MapPin className="size-[18px]" />
              </span>
              <h3 className="mt-3 font-semibold">
                {/* The whole card is the link (the ::after covers it); the name is its text. */}
                <a
                  href={city.url}
                  className="after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:outline-none"
                >
                  {city.name}
                </a>
              </h3>
              <p className="text-sm font-medium text-muted-foreground">{city.state}</p>
              {city.note ? <p className="mt-2 text-sm text-muted-foreground">{city.note}</p> : null}
              <p className="mt-2 text-xs text-muted-foreground">{new URL(city.url).host}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="together-heading" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6">
        <div className="grid gap-6 overflow-hidden rounded-3xl bg-linear-to-br from-[oklch(0.5_0.19_18)] to-[oklch(0.42_0.16_350)] p-8 text-white shadow-lift sm:p-10 md:grid-cols-3 md:items-center">
          <div className="md:col-span-2">
            <h2 id="together-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Let's build a stronger local economy together
            </h2>
            <p className="mt-2 text-white/90">
              Own a business? List it on Near. Writing about local life? Our press kit has everything you need.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row md:flex-col">
            <Button asChild size="lg" className="bg-white text-neutral-900 hover:bg-white/90">
              <Link to="/pricing">
                <Handshake aria-hidden="true" />
                List Your Business
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost" className="border border-white/40 text-white hover:bg-white/10">
              <Link to="/press">
                <Newspaper aria-hidden="true" />
                Press kit
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
        <p className="mt-6 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <HeartHandshake aria-hidden="true" className="size-4 text-primary" />
          Questions or ideas?{" "}
          <Link to="/contact" className="font-semibold text-foreground underline underline-offset-4 hover:text-primary">
            Get in touch
          </Link>
        </p>
      </section>
    </>
  );
}

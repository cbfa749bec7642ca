import { BadgeCheck, Check, ChevronDown, Clock, MapPin, MessageSquareText, Smartphone, Sparkles } from "lucide-react";
import { Form, Link } from "react-router";
import { useRootData } from "~/components/layout/root-data";
import { PageHeader, SectionHeading } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { annualSaving, PLAN_OFFERS, pricePerMonth, type BillingPeriod, type PlanOffer } from "~/lib/catalogue";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/pricing";
import { loadPricing } from "./pricing.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches,
    "Pricing",
    loaderData?.payments
      ? "List your business on Near: Basic, Featured and Premium plans, billed monthly or annually."
      : "List your business on Near: Basic, Featured and Premium plans, monthly or annual.",
  );

/** A GET form, so the toggle works without JavaScript: ?billing=annual (the URL is the state). */
function BillingToggle({ value, payments }: { value: BillingPeriod; payments: boolean }) {
  const options: { id: BillingPeriod; label: string }[] = [
    { id: "monthly", label: "Monthly" },
    { id: "annual", label: "Annual" },
  ];
  return (
    // The group is a div: a form may not take the group role (axe's aria-allowed-role).
    <Form method="get" replace preventScrollReset className="contents">
      <div
        role="group"
        aria-label={payments ? "Billing period" : "Monthly or annual prices"}
        className="inline-flex rounded-full border bg-card p-1 shadow-card"
      >
        {options.map((o) => (
          <button
            key={o.id}
            type="submit"
            name="billing"
            value={o.id}
            aria-pressed={value === o.id}
            className={cn(
              "inline-flex h-10 cursor-pointer items-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors",
              value === o.id
                ? "bg-foreground text-background shadow-sm"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {o.label}
            {o.id === "annual" ? (
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs",
                  value === "annual" ? "bg-background/20 text-background" : "bg-success/12 text-success",
                )}
              >
                Save up to 40%
              </span>
            ) : null}
          </button>
        ))}
      </div>
    </Form>
  );
}

function PlanCard({
  plan,
  period,
  href,
  payments,
}: {
  plan: PlanOffer;
  period: BillingPeriod;
  href: string;
  payments: boolean;
}) {
  const price = pricePerMonth(plan, period);
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        "relative flex flex-col rounded-3xl border bg-card p-7 shadow-card",
        plan.popular && "border-primary shadow-lift ring-1 ring-primary lg:-my-4 lg:py-11",
      )}
    >
      {plan.popular ? (
        <span className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-bold text-primary-foreground shadow-sm">
          <Sparkles aria-hidden="true" className="size-3.5" />
          Most Popular
        </span>
      ) : null}
      <h3 id={headingId} className="text-xl font-bold">
        {plan.name}
      </h3>
      <p className="mt-1.5 min-h-10 text-sm text-muted-foreground">{plan.tagline}</p>
      <div className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight" data-testid={`price-${plan.id}`}>
          ${price}
        </span>
        <span className="text-muted-foreground">/month</span>
      </div>
      <p className="mt-1 min-h-5 text-sm">
        {period === "annual" ? (
          <>
            <span className="text-muted-foreground">
              ${plan.annual * 12} {payments ? "billed yearly" : "a year"} ·{" "}
            </span>
            <span className="font-semibold text-success">Save ${annualSaving(plan)}/year</span>
          </>
        ) : (
          <span className="text-muted-foreground">
            {payments ? "Billed monthly, cancel anytime" : "Month to month"}
          </span>
        )}
      </p>
      <Button asChild size="lg" variant={plan.popular ? "default" : "outline"} className="mt-6 w-full">
        <Link to={href}>
          Get Started
          <span className="sr-only"> with {plan.name}</span>
        </Link>
      </Button>
      <ul className="mt-7 grid gap-3 border-t pt-6 text-sm">
        {plan.features.map((f) => (
          <li key={f} className="flex items-start gap-2.5">
            <span
              aria-hidden="true"
              className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary-soft text-accent-foreground"
            >
              <Check className="size-3.5" strokeWidth={3} />
            </span>
            {f}
          </li>
        ))}
      </ul>
    </li>
  );
}

const INCLUDED = [
  {
    icon: BadgeCheck,
    title: "Your own listing page",
    text: "Name, address, photos and a description customers can trust.",
  },
  { icon: Clock, title: "Hours that stay right", text: "Opening hours, holiday closures and an “Open now” badge." },
  {
    icon: MessageSquareText,
    title: "Reviews and messages",
    text: "Customers review you and message you straight from your page.",
  },
  { icon: MapPin, title: "Maps and directions", text: "One tap from your listing to turn-by-turn directions." },
  {
    icon: Smartphone,
    title: "Great on every phone",
    text: "Fast pages that look sharp on any screen, in light or dark.",
  },
];

/** With card payments (Stripe configured). */
const FAQ_PAYMENTS = [
  {
    q: "Can I change plans later?",
    a: "Yes. Choose Change plan next to your listing in your dashboard at any time. An upgrade applies as soon as it is confirmed and the price difference is prorated; after a downgrade your extra photos and categories are kept, just hidden, until you upgrade again.",
  },
  {
    q: "How does billing work?",
    a: "Subscriptions renew automatically at the end of each monthly or annual period. We give at least 30 days' notice before any price change.",
  },
  {
    q: "What happens if I cancel?",
    a: "Your listing stays on its plan until the end of the period, and we refund the unused part pro rata. No cancellation fees.",
  },
  {
    q: "How are payments processed?",
    a: "Card payments go through our card payment provider; Near never sees or stores your full card number.",
  },
  {
    q: "Do reviews depend on my plan?",
    a: "Never. Every plan gets the same honest reviews: paying doesn't remove or reorder what customers write.",
  },
];

/**
 * Without payments nothing is billed, renewed or refunded here: a paid plan is a request the team grants on the
 * admin Plans tab (docs/payments.md), and the FAQ says so.
 */
const FAQ_REQUESTS = [
  {
    q: "Can I change plans later?",
    a: "Yes. Choose Change plan next to your listing in your dashboard at any time. The change is a request: your listing keeps its current plan until our team grants it. After a downgrade your extra photos and categories are kept, just hidden, until you upgrade again.",
  },
  {
    q: "How do upgrades work here?",
    a: "Choosing Featured or Premium sends our team a request for your listing. They grant it (or tell you why not) in the site's Plans tab, and your listing gets the plan's photos and categories as soon as it is granted.",
  },
  {
    q: "Do I pay online?",
    a: "No. This site takes no card payments and charges nothing online: a paid plan is granted by our team.",
  },
  {
    q: "Do reviews depend on my plan?",
    a: "Never. Every plan gets the same honest reviews: a higher plan doesn't remove or reorder what customers write.",
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPricing({ request, context });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { period, hrefs, payments } = loaderData;
  const faq = payments ? FAQ_PAYMENTS : FAQ_REQUESTS;
  const { site } = useRootData();
  return (
    <>
      <PageHeader
        align="center"
        eyebrow="For business owners"
        title="List Your Business"
        lead={`Reach people${site.city ? ` in ${site.city}` : ""} who are looking for places like yours. ${payments ? "Simple plans, no setup fees, cancel anytime." : "Simple plans, no setup fees: ask for one and our team turns it on."}`}
      >
        <BillingToggle value={period} payments={payments} />
      </PageHeader>

      <section aria-labelledby="plans-heading" className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
        {/* Named by a heading, so the plans' own headings (h3) follow an h2. */}
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        <ul className="grid items-start gap-6 lg:grid-cols-3 lg:gap-5">
          {PLAN_OFFERS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} href={hrefs[plan.id]} payments={payments} />
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          {payments
            ? "Prices in US dollars, per month. Annual plans are billed once a year."
            : "Prices in US dollars, per month. A paid plan is a request our team grants; nothing is charged online."}
        </p>
      </section>

      <section aria-labelledby="included-heading" className="border-y bg-muted/50 dark:bg-card/40">
        <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6">
          <SectionHeading id="included-heading" title="Every plan includes" />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {INCLUDED.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-xl bg-card text-primary shadow-card"
                >
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
        <SectionHeading id="faq-heading" title="Questions, answered" className="justify-center text-center" />
        <div className="divide-y rounded-2xl border bg-card shadow-card">
          {faq.map(({ q, a }) => (
            <details key={q} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-semibold">
                {q}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-4 text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Still deciding?{" "}
          <Link to="/contact" className="font-semibold text-foreground underline underline-offset-4 hover:text-primary">
            Talk to us
          </Link>
          .
        </p>
      </section>
    </>
  );
}

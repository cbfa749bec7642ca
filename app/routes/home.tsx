import { ArrowRight, MapPin, Search, Sparkles, Store } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { CATEGORY_NAV } from "~/components/layout/nav-items";
import { useRootData } from "~/components/layout/root-data";
import { Button } from "~/components/ui/button";
import { PlaceholderTrendingCard, TrendingCard } from "~/features/directory/components/trending-card";
import { SearchSuggestInput } from "~/features/directory/components/search-suggest-input";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { usePageView } from "~/features/directory/use-page-view";
import type { CategorySlug } from "~/features/directory/types";
import { websiteJsonLd } from "~/features/seo/website-json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { pageMeta } from "~/lib/meta";
import { pageTitle } from "~/lib/title";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/home";
import { countLabel } from "~/lib/plural";
import { loadHome } from "./home.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

const CATEGORY_TONES = [
  "bg-[oklch(0.95_0.04_35)] text-[oklch(0.45_0.16_30)] dark:bg-[oklch(0.3_0.06_35)] dark:text-[oklch(0.88_0.08_35)]",
  "bg-[oklch(0.95_0.04_300)] text-[oklch(0.45_0.15_300)] dark:bg-[oklch(0.3_0.06_300)] dark:text-[oklch(0.88_0.07_300)]",
  "bg-[oklch(0.95_0.04_230)] text-[oklch(0.45_0.13_240)] dark:bg-[oklch(0.3_0.06_240)] dark:text-[oklch(0.88_0.07_230)]",
  "bg-[oklch(0.95_0.05_85)] text-[oklch(0.45_0.11_70)] dark:bg-[oklch(0.32_0.06_80)] dark:text-[oklch(0.9_0.08_85)]",
];

function HeroSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Search businesses"
      className="flex flex-col gap-2 rounded-2xl border bg-card p-2 shadow-lift sm:flex-row"
      onSubmit={(event) => {
        // The spec: a blank query does nothing; otherwise /search?q={encoded, trimmed}.
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
        if (!q) {
          inputRef.current?.focus();
          return;
        }
        navigate(`/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor="home-search" className="sr-only">
        Search businesses
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <SearchSuggestInput
          ref={inputRef}
          id="home-search"
          name="q"
          type="search"
          placeholder="Search businesses..."
          maxLength={200}
          className="h-12 border-transparent pl-12 text-base shadow-none focus-visible:border-ring"
        />
      </div>
      <Button type="submit" size="lg" className="h-12 px-8">
        Search
      </Button>
    </Form>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { trending, sponsored, categoryCounts, popular } = loaderData;
  const { site } = useRootData();
  usePageView("Home");
  useLiveBusinessUpdates(
    (trending ?? []).map((b) => b.id),
    { list: true },
  );

  return (
    <div className="flex flex-1 flex-col">
      <JsonLd data={websiteJsonLd(site, pageTitle(site))} />
      <section className="relative isolate overflow-hidden border-b bg-linear-to-b from-primary-soft via-background to-background">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-32 -z-10 size-[28rem] rounded-full bg-primary/15 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-40 -left-40 -z-10 size-[22rem] rounded-full bg-[oklch(0.8_0.12_85)]/20 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 opacity-[0.35] [background-image:radial-gradient(circle_at_1px_1px,var(--border)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent)]"
        />
        <div className="mx-auto max-w-4xl px-4 pt-16 pb-20 text-center sm:px-6 sm:pt-24 sm:pb-28">
          {/* On a phone the tagline wraps: the icon is inline, at the start of its first line, not beside both. */}
          <p className="inline-block max-w-full rounded-2xl border bg-card/80 px-4 py-1.5 text-sm font-medium text-balance text-muted-foreground shadow-xs backdrop-blur sm:rounded-full">
            <Sparkles aria-hidden="true" className="mr-2 inline size-4 align-[-0.1875em] text-primary" />
            Your local business directory for discovering amazing places nearby
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Discover local businesses <span className="text-primary">near you</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground sm:text-xl">
            Find, connect, and support local businesses in your community
            {site.city ? (
              <>
                {" "}
                — from corner cafés to trusted pros across{" "}
                <span className="font-semibold text-foreground">{site.city}</span>.
              </>
            ) : (
              "."
            )}
          </p>
          <div className="mx-auto mt-8 max-w-2xl text-left">
            <HeroSearch />
          </div>
          {popular.length > 0 ? (
            <div className="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm">
              <span className="text-muted-foreground">Popular:</span>
              {popular.map((chip) => (
                <Link
                  key={chip.url}
                  to={chip.url}
                  className="rounded-full border bg-card px-3 py-1 font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-primary-soft"
                >
                  {chip.label}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto w-full max-w-6xl px-4 pt-14 sm:px-6 sm:pt-20">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="categories-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Popular Categories
            </h2>
            <p className="mt-1 text-muted-foreground">Start with what you're in the mood for.</p>
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {CATEGORY_NAV.map(({ label, to, blurb, icon: Icon }, i) => {
            const slug = label.toLowerCase() as CategorySlug;
            const count = categoryCounts[slug];
            return (
              <li key={to}>
                <Link
                  to={to}
                  data-testid="category-tile"
                  className="group flex h-full flex-col rounded-2xl border bg-card p-4 shadow-card transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-lift sm:p-5"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "grid size-12 place-items-center rounded-xl",
                      CATEGORY_TONES[i % CATEGORY_TONES.length],
                    )}
                  >
                    <Icon className="size-6" />
                  </span>
                  <span className="mt-4 flex items-center gap-1 text-lg font-bold">
                    {label}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 -translate-x-1 opacity-0 transition-[opacity,transform] group-hover:translate-x-0 group-hover:opacity-100"
                    />
                  </span>
                  <span className="mt-1 hidden text-sm text-muted-foreground sm:block">{blurb}</span>
                  {count !== undefined ? (
                    <span className="mt-auto pt-3 text-sm font-semibold text-accent-foreground">
                      {countLabel(count.total, "place", undefined, { atLeast: !count.exact })}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {trending ? (
        <section aria-labelledby="trending-heading" className="mx-auto w-full max-w-6xl px-4 pt-14 sm:px-6 sm:pt-20">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="trending-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
                Trending Businesses
              </h2>
              <p className="mt-1 text-muted-foreground">The places people are looking at and reviewing this month.</p>
            </div>
            {trending.length > 0 ? (
              <Link
                to="/search?sort=rating"
                className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
              >
                See top rated
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </div>
          <ul className="grid gap-6 *:defer-render *:[--rendered-size:540px] sm:grid-cols-2 lg:grid-cols-3">
            {trending.length > 0
              ? trending.map((business, i) => (
                  <li key={business.id} className={cn(i === 2 && "sm:col-span-2 lg:col-span-1")}>
                    <TrendingCard business={business} rank={i + 1} />
                  </li>
                ))
              : [0, 1, 2].map((i) => (
                  <li key={i}>
                    <PlaceholderTrendingCard index={i} />
                  </li>
                ))}
          </ul>
        </section>
      ) : null}

      {sponsored.length > 0 ? (
        <section aria-labelledby="sponsored-heading" className="mx-auto w-full max-w-6xl px-4 pt-14 sm:px-6 sm:pt-20">
          <div className="mb-6">
            <h2 id="sponsored-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Sponsored{site.city ? ` in ${site.city}` : ""}
            </h2>
            <p className="mt-1 text-muted-foreground">
              Premium listings, each shown in turn.{" "}
              <Link to="/pricing" className="font-semibold text-primary hover:underline">
                About our plans
              </Link>
            </p>
          </div>
          <ul className="grid gap-6 *:defer-render *:[--rendered-size:540px] sm:grid-cols-2 lg:grid-cols-3">
            {sponsored.map((business, i) => (
              <li key={business.id} className={cn(i === 2 && "sm:col-span-2 lg:col-span-1")}>
                <TrendingCard business={business} sponsored />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mx-auto w-full max-w-6xl px-4 py-14 defer-render [--rendered-size:441px] sm:px-6 sm:py-20 lg:[--rendered-size:381px]">
        <div className="relative isolate overflow-hidden rounded-3xl bg-neutral-900 px-6 py-10 text-white shadow-lift sm:px-12 sm:py-12 dark:bg-card dark:ring-1 dark:ring-border">
          <div
            aria-hidden="true"
            className="absolute -top-20 -right-20 -z-10 size-72 rounded-full bg-[oklch(0.56_0.2_18)]/40 blur-3xl"
          />
          <div className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
            <div className="max-w-xl">
              <p className="inline-flex items-center gap-2 text-sm font-semibold text-white/80">
                <Store aria-hidden="true" className="size-4" />
                For business owners
              </p>
              <h2 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Put your business on the map</h2>
              <p className="mt-2 text-white/80">
                List your business, share your hours and photos, and hear from customers nearby
                {site.city ? (
                  <>
                    {" "}
                    in <MapPin aria-hidden="true" className="inline size-4 align-[-2px]" /> {site.city}
                  </>
                ) : null}
                .
              </p>
            </div>
            <Button
              asChild
              size="lg"
              className="bg-white text-neutral-900 hover:bg-white/90 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary-strong"
            >
              <Link to="/pricing">List Your Business</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

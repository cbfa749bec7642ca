import {
  Coffee,
  Crown,
  Lightbulb,
  Megaphone,
  Search,
  Sparkles,
  Store,
  Sunrise,
  TrendingUp,
  Utensils,
  type LucideIcon,
} from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Blog", "Local features, business spotlights and marketing tips from the Near team.");

const CATEGORIES = [
  { slug: "all", label: "All Posts" },
  { slug: "local-features", label: "Local Features" },
  { slug: "business-spotlights", label: "Business Spotlights" },
  { slug: "marketing-tips", label: "Marketing Tips" },
] as const;

type CategorySlug = (typeof CATEGORIES)[number]["slug"];

interface Post {
  id: string;
  title: string;
  excerpt: string;
  category: Exclude<CategorySlug, "all">;
  author: string;
  date: string;
  minutes: number;
  icon: LucideIcon;
  gradient: string;
}

// Static posts: the spec's blog is not data-driven.
const POSTS: Post[] = [
  {
    id: "best-breakfast-spots",
    title: "Ten breakfast spots worth getting up early for",
    excerpt: "From flaky croissants to diner pancakes, our readers' favorite morning tables, neighborhood by neighborhood.",
    category: "local-features",
    author: "Maya Chen",
    date: "2025-05-12",
    minutes: 6,
    icon: Sunrise,
    gradient: "from-[oklch(0.85_0.12_75)] to-[oklch(0.62_0.17_35)]",
  },
  {
    id: "corner-bakery-50-years",
    title: "Fifty years of sourdough at the corner bakery",
    excerpt: "How a family bakery survived three recessions and a pandemic, one loaf at a time.",
    category: "business-spotlights",
    author: "Jordan Ellis",
    date: "2025-05-05",
    minutes: 5,
    icon: Coffee,
    gradient: "from-[oklch(0.78_0.09_60)] to-[oklch(0.5_0.1_45)]",
  },
  {
    id: "photos-that-sell",
    title: "Five photos every listing needs (and how to take them on a phone)",
    excerpt: "Good light, a clean storefront and one signature dish: simple shots that turn browsers into visitors.",
    category: "marketing-tips",
    author: "Priya Raman",
    date: "2025-04-28",
    minutes: 4,
    icon: Lightbulb,
    gradient: "from-[oklch(0.82_0.1_230)] to-[oklch(0.52_0.15_260)]",
  },
  {
    id: "food-truck-fridays",
    title: "Food truck Fridays are back downtown",
    excerpt: "Twelve trucks, live music and picnic tables on the square every Friday evening through September.",
    category: "local-features",
    author: "Maya Chen",
    date: "2025-04-21",
    minutes: 3,
    icon: Utensils,
    gradient: "from-[oklch(0.8_0.12_140)] to-[oklch(0.52_0.12_165)]",
  },
  {
    id: "hardware-store-spotlight",
    title: "The hardware store that still knows your name",
    excerpt: "Keys cut while you wait, advice that's free, and a shop cat named Bolt. Meet the family behind the counter.",
    category: "business-spotlights",
    author: "Sam Okafor",
    date: "2025-04-14",
    minutes: 5,
    icon: Store,
    gradient: "from-[oklch(0.78_0.1_300)] to-[oklch(0.5_0.16_285)]",
  },
  {
    id: "reply-to-reviews",
    title: "How to reply to reviews, even the tough ones",
    excerpt: "A short, kind and specific reply wins back more customers than you'd think. Here's a template.",
    category: "marketing-tips",
    author: "Priya Raman",
    date: "2025-04-07",
    minutes: 4,
    icon: Megaphone,
    gradient: "from-[oklch(0.8_0.1_0)] to-[oklch(0.55_0.18_15)]",
  },
  {
    id: "slow-season",
    title: "Making the most of your slow season",
    excerpt: "Events, coupons and a refreshed listing: three low-cost ways to keep regulars coming back in winter.",
    category: "marketing-tips",
    author: "Sam Okafor",
    date: "2025-03-31",
    minutes: 6,
    icon: TrendingUp,
    gradient: "from-[oklch(0.82_0.08_195)] to-[oklch(0.5_0.1_210)]",
  },
];

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const categoryLabel = (slug: CategorySlug) => CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const requested = params.get("category");
  const category: CategorySlug = CATEGORIES.find((c) => c.slug === requested)?.slug ?? "all";
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const needle = q.toLowerCase();
  const ids = POSTS.filter(
    (p) =>
      (category === "all" || p.category === category) &&
      (!needle || `${p.title} ${p.excerpt} ${p.author}`.toLowerCase().includes(needle)),
  ).map((p) => p.id);
  return { category, q, ids };
}

function PostMeta({ post }: { post: Post }) {
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{post.author}</span>
      <span aria-hidden="true"> · </span>
      <time dateTime={post.date}>{dateFmt.format(new Date(`${post.date}T12:00:00Z`))}</time>
      <span aria-hidden="true"> · </span>
      {post.minutes} min read
    </p>
  );
}

function PostArt({ post, className }: { post: Post; className?: string }) {
  const Icon = post.icon;
  return (
    <div aria-hidden="true" className={cn("relative grid place-items-center overflow-hidden bg-linear-to-br", post.gradient, className)}>
      <div className="absolute inset-0 opacity-25 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:18px_18px]" />
      <Icon className="relative size-14 text-white/90" strokeWidth={1.5} />
    </div>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { category, q, ids } = loaderData;
  const posts = POSTS.filter((p) => ids.includes(p.id));
  const [featured, ...rest] = posts;
  const filterHref = (slug: CategorySlug) => {
    const params = new URLSearchParams();
    if (slug !== "all") params.set("category", slug);
    if (q) params.set("q", q);
    const s = params.toString();
    return s ? `/blog?${s}` : "/blog";
  };
  return (
    <>
      <PageHeader
        eyebrow="The Near blog"
        title="Blog"
        lead="Stories about the people and places in your neighborhood, plus practical tips for local business owners."
      >
        <Form key={`${category}|${q}`} method="get" role="search" preventScrollReset className="flex max-w-xl gap-2">
          {category !== "all" ? <input type="hidden" name="category" value={category} /> : null}
          <label htmlFor="blog-search" className="sr-only">
            Search posts
          </label>
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id="blog-search" name="q" type="search" defaultValue={q} placeholder="Search posts..." className="h-11 pl-9" />
          </div>
          <Button type="submit" className="h-11 px-5">
            Search
          </Button>
        </Form>
      </PageHeader>

      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <nav aria-label="Blog categories" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex gap-2">
            {CATEGORIES.map((c) => {
              const active = c.slug === category;
              return (
                <li key={c.slug}>
                  <Link
                    to={filterHref(c.slug)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors",
                      active
                        ? "border-foreground bg-foreground text-background"
                        : "bg-card text-muted-foreground hover:border-foreground/30 hover:text-foreground",
                    )}
                  >
                    {c.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="mt-8 grid gap-10 lg:grid-cols-3">
          <section aria-label="Posts" className="lg:col-span-2">
            {featured ? (
              <>
                <h2 className="sr-only">Featured post</h2>
                <article className="overflow-hidden rounded-3xl border bg-card shadow-card">
                  <PostArt post={featured} className="h-56 sm:h-64" />
                  <div className="p-6 sm:p-8">
                    <p className="text-sm font-semibold text-accent-foreground">{categoryLabel(featured.category)}</p>
                    <h3 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{featured.title}</h3>
                    <p className="mt-3 text-lg text-muted-foreground">{featured.excerpt}</p>
                    <div className="mt-5">
                      <PostMeta post={featured} />
                    </div>
                  </div>
                </article>
                {rest.length > 0 ? (
                  <>
                    <h2 className="mt-12 mb-5 text-xl font-bold tracking-tight">Recent posts</h2>
                    <ul className="grid gap-6 sm:grid-cols-2">
                      {rest.map((post) => (
                        <li key={post.id}>
                          <article className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-shadow hover:shadow-lift">
                            <PostArt post={post} className="h-36" />
                            <div className="flex flex-1 flex-col p-5">
                              <p className="text-xs font-semibold tracking-wide text-accent-foreground uppercase">
                                {categoryLabel(post.category)}
                              </p>
                              <h3 className="mt-1.5 text-lg leading-snug font-semibold">{post.title}</h3>
                              <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
                              <div className="mt-auto pt-4">
                                <PostMeta post={post} />
                              </div>
                            </div>
                          </article>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </>
            ) : (
              <div className="rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
                <p className="text-lg font-semibold">No posts found</p>
                <p className="mt-1 text-muted-foreground">Try another search or category.</p>
                <Button asChild variant="outline" className="mt-5">
                  <Link to="/blog">Show all posts</Link>
                </Button>
              </div>
            )}
          </section>

          <aside aria-label="From Near" className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
            <section
              aria-labelledby="premium-heading"
              className="relative overflow-hidden rounded-3xl bg-linear-to-br from-[oklch(0.32_0.06_280)] to-[oklch(0.2_0.03_270)] p-7 text-white shadow-lift"
            >
              <div aria-hidden="true" className="absolute -top-10 -right-10 size-40 rounded-full bg-[oklch(0.7_0.16_18)]/30 blur-2xl" />
              <span aria-hidden="true" className="relative grid size-11 place-items-center rounded-xl bg-white/15">
                <Crown className="size-5 text-amber-300" />
              </span>
              <h2 id="premium-heading" className="relative mt-4 text-xl font-bold">
                Get your business on the blog
              </h2>
              <p className="relative mt-2 text-sm text-white/85">
                Upgrade to Premium and we'll write a monthly article about your business, plus homepage exposure and
                priority listing in search.
              </p>
              <Button asChild className="relative mt-5 w-full bg-white text-neutral-900 hover:bg-white/90">
                <Link to="/pricing">
                  <Sparkles aria-hidden="true" />
                  Upgrade to Premium
                </Link>
              </Button>
            </section>

            <section aria-labelledby="topics-heading" className="rounded-3xl border bg-card p-6 shadow-card">
              <h2 id="topics-heading" className="font-semibold">
                Browse by topic
              </h2>
              <ul className="mt-3 grid gap-1">
                {CATEGORIES.filter((c) => c.slug !== "all").map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={filterHref(c.slug)}
                      preventScrollReset
                      className="flex items-center justify-between rounded-lg px-3 py-2 text-sm transition-colors hover:bg-muted"
                    >
                      {c.label}
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                        {POSTS.filter((p) => p.category === c.slug).length}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </div>
    </>
  );
}

import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { categoryLabel, PostArt, PostMeta } from "~/features/blog/components/post-parts";
import { PremiumPromo } from "~/features/blog/components/premium-promo";
import { listPublishedPosts } from "~/features/blog/queries.server";
import { BLOG_TABS, blogHref, parseBlogFilters } from "~/features/blog/schema";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Blog", "Local features, business spotlights and marketing tips from the Near team.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseBlogFilters(new URL(request.url).searchParams);
  return { filters, ...(await listPublishedPosts(context.db, filters, context.clock.now())) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { filters, items, total, page, pageCount, counts } = loaderData;
  const { category, q } = filters;
  // The first post of the first page is the featured one.
  const [featured, ...rest] = page === 1 ? items : [undefined, ...items];
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
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="blog-search"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={100}
              placeholder="Search posts..."
              className="h-11 pl-9"
            />
          </div>
          <Button type="submit" className="h-11 px-5">
            Search
          </Button>
        </Form>
      </PageHeader>

      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
        <nav aria-label="Blog categories" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex gap-2">
            {BLOG_TABS.map((c) => {
              const active = c.value === category;
              return (
                <li key={c.value}>
                  <Link
                    to={blogHref({ category: c.value, q })}
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
        {q ? (
          <p className="mt-4 text-sm text-muted-foreground" role="status">
            {countLabel(total, "post")} matching “{q}”
          </p>
        ) : null}

        <div className="mt-8 grid gap-10 lg:grid-cols-3">
          <section aria-label="Posts" className="min-w-0 lg:col-span-2">
            {items.length > 0 ? (
              <>
                {featured ? (
                  <>
                    <h2 className="sr-only">Featured post</h2>
                    <article className="relative overflow-hidden rounded-3xl border bg-card shadow-card transition-shadow hover:shadow-lift">
                      <PostArt post={featured} className="h-56 sm:h-64" />
                      <div className="p-6 sm:p-8">
                        <p className="text-sm font-semibold text-accent-foreground">
                          {categoryLabel(featured.category)}
                        </p>
                        <h3 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">
                          <Link to={`/blog/${featured.slug}`} className="after:absolute after:inset-0">
                            {featured.title}
                          </Link>
                        </h3>
                        <p className="mt-3 text-lg text-muted-foreground">{featured.excerpt}</p>
                        <div className="mt-5">
                          <PostMeta post={featured} />
                        </div>
                      </div>
                    </article>
                  </>
                ) : null}
                {rest.length > 0 ? (
                  <>
                    <h2 className={cn("mb-5 text-xl font-bold tracking-tight", featured && "mt-12")}>Recent posts</h2>
                    <ul className="grid gap-6 sm:grid-cols-2">
                      {rest.map((post) =>
                        post ? (
                          <li key={post.id}>
                            <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-card transition-shadow hover:shadow-lift">
                              <PostArt post={post} className="h-36" />
                              <div className="flex flex-1 flex-col p-5">
                                <p className="text-xs font-semibold tracking-wide text-accent-foreground uppercase">
                                  {categoryLabel(post.category)}
                                </p>
                                <h3 className="mt-1.5 text-lg leading-snug font-semibold">
                                  <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0">
                                    {post.title}
                                  </Link>
                                </h3>
                                <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
                                <div className="mt-auto pt-4">
                                  <PostMeta post={post} />
                                </div>
                              </div>
                            </article>
                          </li>
                        ) : null,
                      )}
                    </ul>
                  </>
                ) : null}
                {pageCount > 1 ? (
                  <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-3">
                    {page > 1 ? (
                      <Button asChild variant="outline">
                        <Link to={blogHref({ ...filters, page: page - 1 })}>Newer posts</Link>
                      </Button>
                    ) : (
                      <span />
                    )}
                    <span className="text-sm text-muted-foreground">
                      Page {page} of {pageCount}
                    </span>
                    {page < pageCount ? (
                      <Button asChild variant="outline">
                        <Link to={blogHref({ ...filters, page: page + 1 })}>Older posts</Link>
                      </Button>
                    ) : (
                      <span />
                    )}
                  </nav>
                ) : null}
              </>
            ) : (
              <div className="rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
                <p className="text-lg font-semibold">{page > pageCount ? "No more posts" : "No posts found"}</p>
                <p className="mt-1 text-muted-foreground">Try another search or category.</p>
                <Button asChild variant="outline" className="mt-5">
                  <Link to="/blog">Show all posts</Link>
                </Button>
              </div>
            )}
          </section>

          <aside aria-label="From Near" className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
            <PremiumPromo />
            <section aria-labelledby="topics-heading" className="rounded-3xl border bg-card p-6 shadow-card">
              <h2 id="topics-heading" className="font-semibold">
                Browse by topic
              </h2>
              <ul className="mt-3 grid gap-1">
                {BLOG_TABS.filter((c) => c.value !== "all").map((c) => (
                  <li key={c.value}>
                    <Link
                      to={blogHref({ category: c.value })}
                      preventScrollReset
                      className="flex items-center justify-between rounded-lg px-3 py-2 text-sm transition-colors hover:bg-muted"
                    >
                      {c.label}
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                        {counts[c.value as keyof typeof counts] ?? 0}
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

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { categoryLabel, PostArt, PostBody, PostMeta } from "~/features/blog/components/post-parts";
import { PremiumPromo } from "~/features/blog/components/premium-promo";
import { renderMarkdown } from "~/features/blog/markdown";
import { getPublishedPost } from "~/features/blog/queries.server";
import { blogHref } from "~/features/blog/schema";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/blog-post";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data ? pageMeta(matches, data.post.title, data.post.excerpt) : pageMeta(matches, "Post Not Found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getPublishedPost(context.db, params.slug, context.clock.now());
  if (!found) throw new Response("Post not found", { status: 404 });
  return { ...found, html: renderMarkdown(found.post.body) };
}

/** /blog/{slug}: one published post, rendered from Markdown (sanitised), with its reading time. */
export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, more } = loaderData;
  return (
    <div className="flex-1">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-3">
        <article className="min-w-0 lg:col-span-2" aria-labelledby="post-title">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            All posts
          </Link>
          <p className="mt-6 text-sm font-semibold text-accent-foreground">
            <Link to={blogHref({ category: post.category })} className="hover:underline">
              {categoryLabel(post.category)}
            </Link>
          </p>
          <h1 id="post-title" className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">{post.excerpt}</p>
          <div className="mt-4" data-testid="post-meta">
            <PostMeta post={post} />
          </div>
          <PostArt post={post} className="mt-8 h-56 rounded-3xl sm:h-72" />
          <PostBody html={html} className="mt-8" />
        </article>
        <aside aria-label="More from the blog" className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
          <PremiumPromo />
          {more.length > 0 ? (
            <section aria-labelledby="more-heading" className="rounded-3xl border bg-card p-6 shadow-card">
              <h2 id="more-heading" className="font-semibold">
                Keep reading
              </h2>
              <ul className="mt-3 grid gap-3">
                {more.map((p) => (
                  <li key={p.id}>
                    <Link to={`/blog/${p.slug}`} className="group grid gap-0.5 rounded-lg p-2 hover:bg-muted">
                      <span className="text-xs font-semibold tracking-wide text-accent-foreground uppercase">
                        {categoryLabel(p.category)}
                      </span>
                      <span className="font-medium group-hover:underline">{p.title}</span>
                      <span className="text-xs text-muted-foreground">{p.minutes} min read</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

import { Newspaper } from "lucide-react";
import { Link } from "react-router";
import type { PostCard } from "../types";

// Not post-parts' formatter: that module brings the blog's artwork icons into the business page's JavaScript.
const dateFmt = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * A listing's page: the published blog posts about it (a spotlight, Premium's monthly article), newest first.
 * Server HTML, links only.
 */
export function BusinessArticles({
  posts,
}: {
  posts: readonly Pick<PostCard, "slug" | "title" | "excerpt" | "publishedAt">[];
}) {
  return (
    <ul className="grid gap-3" data-testid="business-articles">
      {posts.map((post) => (
        <li key={post.slug} className="flex gap-3 rounded-2xl border bg-card p-4 shadow-card">
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary-soft text-accent-foreground"
          >
            <Newspaper className="size-5" />
          </span>
          <div className="min-w-0">
            <Link to={`/blog/${post.slug}`} className="font-semibold break-words hover:underline">
              {post.title}
            </Link>
            <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{post.excerpt}</p>
            {post.publishedAt ? (
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={post.publishedAt}>{dateFmt.format(new Date(post.publishedAt))}</time>
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

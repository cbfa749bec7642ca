import { Crown, Eye, EyeOff, FilePlus2, Newspaper, Pencil } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { categoryLabel, formatPostDate } from "~/features/blog/components/post-parts";
import { AdminDeleteForm } from "~/features/content/components/admin-delete-form";
import { ActionNotice, AdminShell, StatusTabs } from "~/features/content/components/admin-shell";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin-blog";
import { adminBlogAction, loadAdminBlog } from "./admin-blog.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Blog · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminBlog(args);
}

export function action(args: Route.ActionArgs) {
  return adminBlogAction(args);
}

const TABS = [
  { id: "all", label: "All" },
  { id: "draft", label: "Drafts" },
  { id: "published", label: "Published" },
] as const;

/** /admin/blog: write, edit, publish and unpublish posts. */
export default function AdminBlogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, items, counts, queue } = loaderData;
  return (
    <AdminShell
      section="blog"
      title="Blog Posts"
      lead="Write posts in Markdown, preview them, then publish. Drafts stay private."
    >
      <ActionNotice answer={actionData} />
      <PremiumArticleQueue queue={queue} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusTabs
          label="Post lists"
          tabs={TABS.map((t) => ({ ...t, count: counts[t.id] }))}
          current={status}
          hrefFor={(id) => (id === "all" ? "/admin/blog" : `/admin/blog?status=${id}`)}
        />
        <Button asChild>
          <Link to="/admin/blog/new">
            <FilePlus2 aria-hidden="true" />
            New post
          </Link>
        </Button>
      </div>
      {items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
          >
            <Newspaper className="size-6" />
          </span>
          <p className="mt-4 font-semibold">No posts here yet</p>
          <p className="mt-1 text-sm text-muted-foreground">Start with “New post”.</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label="Posts">
          {items.map((post) => (
            <li
              key={post.id}
              className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-card sm:flex-row sm:items-center"
              data-testid="admin-post"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={post.status === "published" ? "default" : "secondary"}>
                    {post.status === "published" ? "Published" : "Draft"}
                  </Badge>
                  <span className="text-xs text-muted-foreground">
                    {categoryLabel(post.category)} · {post.author}
                    {post.publishedAt && post.status === "published" ? ` · ${formatPostDate(post.publishedAt)}` : ""}
                  </span>
                </div>
                <h2 className="mt-1 font-semibold break-words">{post.title}</h2>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button aria-label={`Edit: ${post.title}`} asChild size="sm" variant="outline">
                  <Link to={`/admin/blog/${post.id}`}>
                    <Pencil aria-hidden="true" /> Edit
                  </Link>
                </Button>
                {post.status === "published" ? (
                  <Button aria-label={`View: ${post.title}`} asChild size="sm" variant="ghost">
                    <Link to={`/blog/${post.slug}`}>View</Link>
                  </Button>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="postId" value={post.id} />
                  {post.status === "published" ? (
                    <Button
                      aria-label={`Unpublish: ${post.title}`}
                      type="submit"
                      size="sm"
                      variant="outline"
                      name="intent"
                      value="unpublish"
                    >
                      <EyeOff aria-hidden="true" /> Unpublish
                    </Button>
                  ) : (
                    <Button aria-label={`Publish: ${post.title}`} type="submit" size="sm" name="intent" value="publish">
                      <Eye aria-hidden="true" /> Publish
                    </Button>
                  )}
                </Form>
                <AdminDeleteForm field="postId" id={post.id} what={post.title} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

const ARTICLE_LABELS = { due: "Due", draft: "Draft in progress", published: "Published" } as const;

/**
 * The Premium plan's monthly blog article (issue 36): each Premium listing and where it stands this month — due
 * first, with a link that starts the post about it.
 */
function PremiumArticleQueue({ queue }: { queue: Route.ComponentProps["loaderData"]["queue"] }) {
  const { items, counts, month, page, pageCount } = queue;
  return (
    <section
      aria-labelledby="premium-articles-heading"
      className="grid gap-4 rounded-3xl border bg-card p-5 shadow-card sm:p-6"
      data-testid="premium-articles"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="premium-articles-heading" className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <Crown aria-hidden="true" className="size-5 text-amber-500" />
            Premium articles · {month}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Every Premium listing gets a blog article each month. Link a post to the listing in the editor.
          </p>
        </div>
        <p className="text-sm font-medium" data-testid="premium-article-counts">
          {counts.published} of {counts.total} published · {counts.draft} in progress · {counts.due} due
        </p>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No Premium listings yet.</p>
      ) : (
        <ul className="divide-y rounded-2xl border" aria-label={`Premium articles for ${month}`}>
          {items.map((row) => (
            <li
              key={row.businessId}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center"
              data-testid="premium-article"
            >
              <div className="min-w-0 flex-1">
                <Link to={businessPath(row)} className="font-semibold break-words hover:underline">
                  {row.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {row.city}, {row.state}
                  {row.post ? ` · “${row.post.title}”` : ""}
                </p>
              </div>
              <Badge
                variant={row.article === "published" ? "default" : row.article === "draft" ? "secondary" : "outline"}
              >
                {ARTICLE_LABELS[row.article]}
              </Badge>
              {row.post ? (
                <Button asChild size="sm" variant="ghost">
                  <Link to={`/admin/blog/${row.post.id}`} aria-label={`Open the article about ${row.name}`}>
                    Open
                  </Link>
                </Button>
              ) : (
                <Button asChild size="sm" variant="outline">
                  <Link
                    to={`/admin/blog/new?business=${row.businessId}`}
                    aria-label={`Write the article about ${row.name}`}
                  >
                    <FilePlus2 aria-hidden="true" /> Write article
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Premium articles pages" className="flex items-center justify-between text-sm">
          {page > 1 ? <Link to={`/admin/blog?queuePage=${page - 1}`}>Previous</Link> : <span />}
          <span className="text-muted-foreground">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? <Link to={`/admin/blog?queuePage=${page + 1}`}>Next</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

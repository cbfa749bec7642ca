import { Eye, EyeOff, FilePlus2, Newspaper, Pencil } from "lucide-react";
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
  const { status, items, counts } = loaderData;
  return (
    <AdminShell
      section="blog"
      title="Blog Posts"
      lead="Write posts in Markdown, preview them, then publish. Drafts stay private."
    >
      <ActionNotice answer={actionData} />
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

import { LabelledField } from "~/components/ui/field-message";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Eye, EyeOff, Save, Send, Trash2 } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { PostBody } from "~/features/blog/components/post-parts";
import { postInputSchema } from "~/features/blog/schema";
import { ActionNotice, AdminShell } from "~/features/content/components/admin-shell";
import { BLOG_CATEGORY_OPTIONS } from "~/lib/catalogue";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin-blog-edit";
import { loadPostEditor, postEditorAction } from "./admin-blog.server";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.post ? `Edit “${data.post.title}” · Admin` : "New post · Admin");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPostEditor({ request, context, id: params.id });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return postEditorAction({ request, context, id: params.id });
}

/** /admin/blog/new, /admin/blog/{id}: write in Markdown, preview, save as draft, publish, unpublish, delete. */
export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, business } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [params] = useSearchParams();
  const saved = params.get("saved");
  const [form, fields] = useForm({
    id: `post-${post?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          body: post.body,
          category: post.category,
          author: post.author,
          coverImage: post.coverImage ?? "",
          business: business?.slug ?? "",
        }
      : {
          author: "The Near Team",
          ...(business ? { business: business.slug, category: "business-spotlights" } : {}),
        },
    constraint: getZodConstraint(postInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postInputSchema }),
  });
  const notice =
    actionData?.kind === "saved"
      ? { ok: true, message: actionData.message }
      : saved && !actionData
        ? { ok: true, message: saved === "published" ? "Post published." : "Draft saved." }
        : null;
  return (
    <AdminShell
      section="blog"
      title={post ? "Edit post" : "New post"}
      lead="Markdown: ## headings, **bold**, *italic*, [links](https://…), lists and > quotes. HTML is shown as text."
    >
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to="/admin/blog"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> All posts
        </Link>
        {post ? (
          <Badge variant={post.status === "published" ? "default" : "secondary"} className="ml-auto">
            {post.status === "published" ? "Published" : "Draft"}
          </Badge>
        ) : null}
        {post?.status === "published" ? (
          <Link to={`/blog/${post.slug}`} className="text-sm font-medium text-primary hover:underline">
            View on the blog
          </Link>
        ) : null}
      </div>
      <ActionNotice answer={notice} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Form
          method="post"
          {...getFormProps(form)}
          className="grid content-start gap-5 rounded-3xl border bg-card p-6 shadow-card"
        >
          {form.errors?.[0] ? (
            <p
              role="alert"
              id={form.errorId}
              className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
            >
              {form.errors[0]}
            </p>
          ) : null}
          <LabelledField id={fields.title.id} label="Title" errors={fields.title.errors} errorId={fields.title.errorId}>
            <Input {...getInputProps(fields.title, { type: "text" })} />
          </LabelledField>
          <div className="grid gap-5 sm:grid-cols-2">
            <LabelledField
              id={fields.category.id}
              label="Category"
              errors={fields.category.errors}
              errorId={fields.category.errorId}
            >
              <NativeSelect {...getSelectProps(fields.category)}>
                <option value="">Choose a category</option>
                {BLOG_CATEGORY_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
            </LabelledField>
            <LabelledField
              id={fields.author.id}
              label="Author"
              errors={fields.author.errors}
              errorId={fields.author.errorId}
            >
              <Input {...getInputProps(fields.author, { type: "text" })} />
            </LabelledField>
          </div>
          <LabelledField
            id={fields.slug.id}
            label="Slug (optional)"
            hint="The post's address: /blog/your-slug. Empty: made from the title."
            errors={fields.slug.errors}
            errorId={fields.slug.errorId}
          >
            <Input {...getInputProps(fields.slug, { type: "text" })} />
          </LabelledField>
          <LabelledField
            id={fields.business.id}
            label="About a business (optional)"
            hint={
              business
                ? `About ${business.name}: its page links this post once it is published.`
                : "A listing's page link, slug or ID: its page links this post once it is published (Premium's monthly article)."
            }
            errors={fields.business.errors}
            errorId={fields.business.errorId}
          >
            <Input {...getInputProps(fields.business, { type: "text" })} placeholder="/business/rosas-kitchen" />
          </LabelledField>
          <LabelledField
            id={fields.excerpt.id}
            label="Excerpt"
            errors={fields.excerpt.errors}
            errorId={fields.excerpt.errorId}
          >
            <Textarea rows={2} {...getTextareaProps(fields.excerpt)} />
          </LabelledField>
          <LabelledField
            id={fields.body.id}
            label="Body (Markdown)"
            errors={fields.body.errors}
            errorId={fields.body.errorId}
          >
            <Textarea rows={16} className="font-mono text-sm" {...getTextareaProps(fields.body)} />
          </LabelledField>
          <LabelledField
            id={fields.coverImage.id}
            label="Cover image (optional)"
            hint="A picture on this site, e.g. /media/…; without one the category's artwork shows."
            errors={fields.coverImage.errors}
            errorId={fields.coverImage.errorId}
          >
            <Input {...getInputProps(fields.coverImage, { type: "text" })} />
          </LabelledField>
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
              <Eye aria-hidden="true" /> Preview
            </Button>
            <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
              <Save aria-hidden="true" /> {post?.status === "published" ? "Save changes" : "Save draft"}
            </Button>
            {post?.status !== "published" ? (
              <Button type="submit" name="intent" value="publish" disabled={busy}>
                <Send aria-hidden="true" /> Publish
              </Button>
            ) : (
              <Button type="submit" name="intent" value="unpublish" variant="outline" disabled={busy} formNoValidate>
                <EyeOff aria-hidden="true" /> Unpublish
              </Button>
            )}
            {post ? (
              <Button
                type="submit"
                name="intent"
                value="delete"
                variant="ghost"
                className="ml-auto text-destructive"
                disabled={busy}
                formNoValidate
                onClick={(e) => {
                  if (!window.confirm("Delete this post? This can't be undone.")) e.preventDefault();
                }}
              >
                <Trash2 aria-hidden="true" /> Delete
              </Button>
            ) : null}
          </div>
        </Form>
        <section aria-labelledby="preview-heading" className="rounded-3xl border bg-card p-6 shadow-card">
          <h2 id="preview-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Preview
          </h2>
          {actionData?.kind === "preview" ? (
            <div data-testid="post-preview">
              <PostBody html={actionData.html} className="mt-2" />
            </div>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">Press Preview to see the body as readers will.</p>
          )}
        </section>
      </div>
    </AdminShell>
  );
}

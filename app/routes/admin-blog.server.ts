import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import { renderMarkdown } from "~/features/blog/markdown";
import { createPost, deletePost, setPublished, updatePost } from "~/features/blog/mutations.server";
import { getPost, listAllPosts, postBusiness, premiumArticleQueue } from "~/features/blog/queries.server";
import { postInputSchema } from "~/features/blog/schema";
import { AppError } from "~/lib/app-error";
import { POST_STATUSES, type PostStatus } from "~/lib/catalogue";
import { fieldErrorLists, replyWithError, type FormResult } from "~/lib/form-reply";
import type { Route } from "./+types/admin-blog";

type Args = Pick<Route.LoaderArgs | Route.ActionArgs, "request" | "context">;

/** /admin/blog: every post (drafts first), filtered by status. */
export async function loadAdminBlog({ request, context }: Args) {
  await requireAdmin({ request, context });
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = (POST_STATUSES as readonly string[]).includes(asked) ? (asked as PostStatus) : "all";
  const url = new URL(request.url);
  const queuePage = Number.parseInt(url.searchParams.get("queuePage") ?? "1", 10);
  const now = context.clock.now();
  const timeZone = context.config.SITE_TIMEZONE;
  const [items, all, queue] = await Promise.all([
    listAllPosts(context.db, status),
    listAllPosts(context.db),
    premiumArticleQueue(context.db, {
      now,
      timeZone,
      page: Number.isFinite(queuePage) ? Math.min(10_000, Math.max(1, queuePage)) : 1,
    }),
  ]);
  return {
    status,
    items,
    /** The Premium plan's monthly article: which listings are due this month (issue 36). */
    queue: {
      ...queue,
      month: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone }).format(now),
    },
    counts: {
      all: all.length,
      draft: all.filter((p) => p.status === "draft").length,
      published: all.filter((p) => p.status === "published").length,
    },
  };
}

const DONE = {
  publish: "Post published.",
  unpublish: "Post unpublished: it's a draft again.",
  delete: "Post deleted.",
};

/** The list's quick actions: publish, unpublish, delete. */
export async function adminBlogAction({ request, context }: Args) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("postId");
  if ((intent !== "publish" && intent !== "unpublish" && intent !== "delete") || typeof id !== "string")
    return data({ ok: false, message: "Unknown action." }, { status: 400 });
  try {
    if (intent === "delete") await deletePost(context.db, admin, id);
    else await setPublished(context.db, admin, id, intent === "publish");
    return { ok: true, message: DONE[intent] };
  } catch (error) {
    if (error instanceof AppError) return data({ ok: false, message: error.message }, { status: error.status });
    throw error;
  }
}

/** /admin/blog/new and /admin/blog/{id}: the editor. */
export async function loadPostEditor({ request, context, id }: Args & { id: string }) {
  await requireAdmin({ request, context });
  if (id === "new") {
    // From the Premium queue's "Write article": the post starts about that listing.
    const asked = new URL(request.url).searchParams.get("business");
    return { post: null, business: asked ? await postBusiness(context.db, asked) : null };
  }
  const post = await getPost(context.db, id);
  if (!post) throw new Response("Post not found", { status: 404 });
  return { post, business: post.businessId ? await postBusiness(context.db, post.businessId) : null };
}

export type EditorData =
  | { kind: "preview"; result: FormResult; html: string }
  | { kind: "saved"; result: FormResult; message: string }
  | { kind: "error"; result: FormResult };

/** Save (draft), Save & publish, Preview (nothing stored), Unpublish, Delete. */
export async function postEditorAction({ request, context, id }: Args & { id: string }) {
  const admin = await requireAdmin({ request, context });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  try {
    if (intent === "delete" && id !== "new") {
      await deletePost(context.db, admin, id);
      throw redirect("/admin/blog");
    }
    if (intent === "unpublish" && id !== "new") {
      await setPublished(context.db, admin, id, false);
      const submission = parseWithZod(form, { schema: postInputSchema });
      return data<EditorData>({ kind: "saved", result: submission.reply(), message: DONE.unpublish });
    }
    const submission = parseWithZod(form, { schema: postInputSchema });
    if (submission.status !== "success")
      return data<EditorData>({ kind: "error", result: submission.reply() }, { status: 400 });
    if (intent === "preview")
      return data<EditorData>({
        kind: "preview",
        result: submission.reply(),
        html: renderMarkdown(submission.value.body),
      });
    const publish = intent === "publish";
    try {
      if (id === "new") {
        const post = await createPost(context.db, admin, submission.value, { publish });
        throw redirect(`/admin/blog/${post.id}?saved=${publish ? "published" : "draft"}`);
      }
      await updatePost(context.db, admin, id, submission.value);
      if (publish) await setPublished(context.db, admin, id, true);
      return data<EditorData>({
        kind: "saved",
        result: submission.reply(),
        message: publish ? "Post published." : "Changes saved.",
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const result = error.fields
        ? submission.reply({ formErrors: [error.message], fieldErrors: fieldErrorLists(error.fields) })
        : replyWithError(submission, error.message);
      return data<EditorData>({ kind: "error", result }, { status: error.status });
    }
  } catch (error) {
    if (error instanceof AppError) {
      const submission = parseWithZod(form, { schema: postInputSchema });
      return data<EditorData>(
        { kind: "error", result: replyWithError(submission, error.message) },
        { status: error.status },
      );
    }
    throw error;
  }
}

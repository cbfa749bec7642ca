import { Lightbulb, MapPinned, Store, type LucideIcon } from "lucide-react";
import { BLOG_CATEGORY_OPTIONS, optionLabel, type BlogCategory } from "~/lib/catalogue";
import { cn } from "~/lib/utils";
import type { PostCard } from "../types";

const ART: Record<BlogCategory, { icon: LucideIcon; gradient: string }> = {
  "local-features": { icon: MapPinned, gradient: "from-[oklch(0.85_0.12_75)] to-[oklch(0.62_0.17_35)]" },
  "business-spotlights": { icon: Store, gradient: "from-[oklch(0.78_0.1_300)] to-[oklch(0.5_0.16_285)]" },
  "marketing-tips": { icon: Lightbulb, gradient: "from-[oklch(0.82_0.1_230)] to-[oklch(0.52_0.15_260)]" },
};

export const categoryLabel = (c: BlogCategory) => optionLabel(BLOG_CATEGORY_OPTIONS, c);

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
export const formatPostDate = (iso: string) => dateFmt.format(new Date(iso));

/** The cover: the post's picture, or its category's artwork. */
export function PostArt({ post, className }: { post: Pick<PostCard, "category" | "coverImage">; className?: string }) {
  if (post.coverImage)
    return <img src={post.coverImage} alt="" className={cn("w-full object-cover", className)} loading="lazy" />;
  const { icon: Icon, gradient } = ART[post.category];
  return (
    <div
      aria-hidden="true"
      className={cn("relative grid place-items-center overflow-hidden bg-linear-to-br", gradient, className)}
    >
      <div className="absolute inset-0 opacity-25 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:18px_18px]" />
      <Icon className="relative size-14 text-white/90" strokeWidth={1.5} />
    </div>
  );
}

export function PostMeta({ post }: { post: Pick<PostCard, "author" | "publishedAt" | "minutes"> }) {
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{post.author}</span>
      {post.publishedAt ? (
        <>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
        </>
      ) : null}
      <span aria-hidden="true"> · </span>
      {post.minutes} min read
    </p>
  );
}

/** Rendered Markdown (already sanitised by markdown.ts), in the site's type styles. */
export function PostBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        "max-w-none text-base leading-7 break-words text-foreground/90",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
        "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic",
        "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm",
        "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground",
        "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-foreground",
        "[&_hr]:my-8 [&_img]:my-6 [&_img]:rounded-2xl [&_li]:my-1",
        "[&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-4",
        "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-muted [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
        "[&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6",
        className,
      )}
      // Safe: markdown.ts escapes raw HTML and keeps only safe link targets.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

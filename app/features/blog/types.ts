import type { BlogCategory, PostStatus } from "~/lib/catalogue";

export interface PostCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  coverImage: string | null;
  status: PostStatus;
  publishedAt: string | null;
  updatedAt: string;
  minutes: number;
}

export interface PostDetail extends PostCard {
  body: string;
  /** The listing the post is about, if any. */
  businessId: string | null;
}

/** Where a Premium listing stands with this month's article (/admin/blog). */
export type ArticleState = "due" | "draft" | "published";

export interface PremiumArticleRow {
  businessId: string;
  name: string;
  slug: string;
  city: string;
  state: string;
  article: ArticleState;
  post: { id: string; title: string; slug: string; publishedAt: string | null } | null;
}

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
}

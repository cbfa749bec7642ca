import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { blogPosts } from "~/.server/db/schema";
import { BLOG_PAGE_SIZE, type BlogCategory, type PostStatus } from "~/lib/catalogue";
import { readingMinutes } from "./markdown";
import { SLUG_RE, type BlogFilters } from "./schema";
import type { PostCard, PostDetail } from "./types";

const p = blogPosts;

function toCard(row: typeof blogPosts.$inferSelect): PostCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author: row.author,
    coverImage: row.coverImage,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    minutes: readingMinutes(row.body),
  };
}

const toDetail = (row: typeof blogPosts.$inferSelect): PostDetail => ({ ...toCard(row), body: row.body });

const published = (now: Date) => and(eq(p.status, "published"), sql`${p.publishedAt} <= ${now}`)!;

/** Escapes LIKE wildcards so "%" finds a percent sign. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** /blog: published posts, newest first, by category and text, a page at a time; counts per category. */
export async function listPublishedPosts(db: Database, filters: BlogFilters, now = new Date()) {
  const conditions: SQL[] = [published(now)];
  if (filters.category !== "all") conditions.push(eq(p.category, filters.category));
  if (filters.q) {
    const pattern = like(filters.q);
    conditions.push(
      or(ilike(p.title, pattern), ilike(p.excerpt, pattern), ilike(p.body, pattern), ilike(p.author, pattern))!,
    );
  }
  const where = and(...conditions);
  const [rows, [count], perCategory] = await Promise.all([
    db
      .select()
      .from(p)
      .where(where)
      .orderBy(desc(p.publishedAt), asc(p.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((filters.page - 1) * BLOG_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
    db
      .select({ category: p.category, n: sql<number>`count(*)::int` })
      .from(p)
      .where(published(now))
      .groupBy(p.category),
  ]);
  const total = Number(count?.n ?? 0);
  return {
    items: rows.map(toCard),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
    counts: Object.fromEntries(perCategory.map((c) => [c.category, Number(c.n)])) as Partial<
      Record<BlogCategory, number>
    >,
  };
}

/**
 * /blog/:slug: a published post, and up to three more from its category (or the newest). A slug that can't be one
 * (a NUL, which PostgreSQL refuses in text; upper case; anything long) is no post: the page's 404, not a 500.
 */
export async function getPublishedPost(db: Database, slug: string, now = new Date()) {
  if (slug.length > 200 || !SLUG_RE.test(slug)) return null;
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.slug, slug), published(now)))
    .limit(1);
  if (!row) return null;
  const more = await db
    .select()
    .from(p)
    .where(and(published(now), sql`${p.id} <> ${row.id}`))
    .orderBy(sql`(${p.category} = ${row.category}) desc`, desc(p.publishedAt))
    .limit(3);
  return { post: toDetail(row), more: more.map(toCard) };
}

/** Admin: every post, drafts first, then newest. */
export async function listAllPosts(db: Database, status: PostStatus | "all" = "all") {
  const rows = await db
    .select()
    .from(p)
    .where(status === "all" ? undefined : eq(p.status, status))
    .orderBy(sql`(${p.status} = 'draft') desc`, desc(sql`coalesce(${p.publishedAt}, ${p.updatedAt})`))
    .limit(200);
  return rows.map(toCard);
}

/** Admin: one post by id, any status. */
export async function getPost(db: Database, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(p).where(eq(p.id, id)).limit(1);
  return row ? toDetail(row) : null;
}

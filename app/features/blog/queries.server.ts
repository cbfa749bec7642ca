import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { blogPosts, businesses } from "~/.server/db/schema";
import { queryRows } from "~/.server/db/client";
import { BLOG_PAGE_SIZE, type BlogCategory, type PostStatus } from "~/lib/catalogue";
import { readingMinutes } from "./markdown";
import { isUuid } from "~/lib/ids";
import { SLUG_RE, type BlogFilters } from "./schema";
import type { ArticleState, PostCard, PostDetail, PremiumArticleRow } from "./types";

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

const toDetail = (row: typeof blogPosts.$inferSelect): PostDetail => ({
  ...toCard(row),
  body: row.body,
  businessId: row.businessId,
});

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

/**
 * The business page's "In the blog": the newest published posts about a listing, with what the page shows (not
 * their bodies: the page is a hot path).
 */
export async function postsAboutBusiness(db: Database, businessId: string, now = new Date(), limit = 3) {
  const rows = await db
    .select({ slug: p.slug, title: p.title, excerpt: p.excerpt, publishedAt: p.publishedAt })
    .from(p)
    .where(and(eq(p.businessId, businessId), published(now)))
    .orderBy(desc(p.publishedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt?.toISOString() ?? null }));
}

export const ARTICLE_QUEUE_PAGE_SIZE = 50;

/**
 * The Premium plan's monthly blog article (issue 36), for /admin/blog: every published Premium listing and where it
 * stands this month in the site's time zone — "published" (a post about it went out this month), "draft" (a draft
 * about it is waiting) or "due" — the due first, a page at a time, with the month's counts.
 */
export async function premiumArticleQueue(db: Database, { now, timeZone, page = 1 }: QueueOptions) {
  const month = sql`date_trunc('month', ${now}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}`;
  const next = sql`(date_trunc('month', ${now}::timestamptz at time zone ${timeZone}) + interval '1 month') at time zone ${timeZone}`;
  // This month's posts about a listing: few, whatever the directory's size (blog_posts_business_idx).
  const posts = sql`select distinct on (business_id) business_id, id, title, slug, status, published_at
    from ${p} where business_id is not null
      and ((status = 'published' and published_at >= ${month} and published_at < ${next} and published_at <= ${now})
        or status = 'draft')
    order by business_id, (status = 'published') desc, updated_at desc`;
  const premium = sql`${businesses.status} = 'published' and ${businesses.plan} = 'premium'`;
  const [rows, counts] = await Promise.all([
    queryRows<{
      id: string;
      name: string;
      slug: string;
      city: string;
      state: string;
      post_id: string | null;
      title: string | null;
      post_slug: string | null;
      post_status: string | null;
      published_at: string | Date | null;
    }>(
      db,
      sql`select ${businesses.id} as id, ${businesses.name} as name, ${businesses.slug} as slug,
            ${businesses.city} as city, ${businesses.state} as state,
            m.id as post_id, m.title, m.slug as post_slug, m.status as post_status, m.published_at
          from ${businesses} left join (${posts}) as m on m.business_id = ${businesses.id}
          where ${premium}
          order by (case m.status when 'published' then 2 when 'draft' then 1 else 0 end), ${businesses.name}, ${businesses.id}
          limit ${ARTICLE_QUEUE_PAGE_SIZE} offset ${(Math.max(1, page) - 1) * ARTICLE_QUEUE_PAGE_SIZE}`,
    ),
    queryRows<{ total: number | string; published: number | string; draft: number | string }>(
      db,
      sql`select count(*) as total,
            count(*) filter (where m.status = 'published') as published,
            count(*) filter (where m.status = 'draft') as draft
          from ${businesses} left join (${posts}) as m on m.business_id = ${businesses.id}
          where ${premium}`,
    ),
  ]);
  const c = counts[0];
  const total = Number(c?.total ?? 0);
  const done = Number(c?.published ?? 0);
  const drafts = Number(c?.draft ?? 0);
  const items: PremiumArticleRow[] = rows.map((r) => ({
    businessId: r.id,
    name: r.name,
    slug: r.slug,
    city: r.city,
    state: r.state,
    article: (r.post_status ?? "due") as ArticleState,
    post: r.post_id
      ? {
          id: r.post_id,
          title: r.title ?? "",
          slug: r.post_slug ?? "",
          publishedAt: r.published_at ? new Date(r.published_at).toISOString() : null,
        }
      : null,
  }));
  return {
    items,
    counts: { total, published: done, draft: drafts, due: total - done - drafts },
    page: Math.max(1, page),
    pageCount: Math.max(1, Math.ceil(total / ARTICLE_QUEUE_PAGE_SIZE)),
  };
}

interface QueueOptions {
  now: Date;
  /** The site's time zone (SITE_TIMEZONE): the month is its calendar month. */
  timeZone: string;
  page?: number;
}

/**
 * The listing a post is about (any status: an admin writes it), by what the editor holds: its page's link
 * (`https://…/business/rosas-kitchen`, a path), its slug or its id. Null: none has it.
 */
export async function postBusiness(db: Database, text: string) {
  const key = (/\/business\/([^/?#]+)/.exec(text)?.[1] ?? text).trim().toLowerCase();
  if (!/^[a-z0-9-]{1,120}$/.test(key)) return null;
  const [row] = await db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug, plan: businesses.plan })
    .from(businesses)
    .where(isUuid(key) ? or(eq(businesses.id, key), eq(businesses.slug, key)) : eq(businesses.slug, key))
    .limit(1);
  return row ?? null;
}

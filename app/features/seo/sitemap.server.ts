/**
 * The sitemap: an index (/sitemap.xml) naming paged child sitemaps, each at
 * most SITEMAP_PAGE_SIZE URLs (the protocol allows 50,000): the site's own
 * pages (home, category pages, blog and its posts, events and the other public pages) and
 * the published businesses. Only published listings appear. Businesses are
 * read a page at a time, each page a range of ids read through the primary
 * key (businessPageRange), so 100,000 listings never load at once and no page
 * walks past the others. See docs/seo.md.
 */
import { businessPath } from "~/lib/business-url";
import { and, asc, count, desc, eq, gte, lt, max, sql } from "drizzle-orm";
import { blogPosts, businesses, events } from "~/.server/db/schema";
import { queryRows, type Database } from "~/.server/db/client";
import { LISTING_CATEGORIES } from "~/lib/catalogue";
import { ALL_CATEGORIES, categoryTrail } from "~/lib/category-tree";
import { indexedProfileCount, indexedProfiles } from "~/features/people/queries.server";
import { personHref } from "~/features/people/names";
import { CATEGORY_PATHS } from "./json-ld";
import { escapeHtml } from "~/lib/html";

/** URLs per child sitemap: well under the protocol's 50,000 (and 50 MB), so each one renders in milliseconds. */
export const SITEMAP_PAGE_SIZE = 10_000;

export interface SitemapEntry {
  /** A site path ("/business/…"); made absolute with PUBLIC_URL when written. */
  path: string;
  lastmod?: Date | string | null;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

/** The public pages that are not listings (blog and events included: their pages list their posts). */
export const STATIC_PAGES: readonly SitemapEntry[] = [
  { path: "/", changefreq: "daily", priority: 1 },
  { path: "/search", changefreq: "daily", priority: 0.5 },
  { path: "/blog", changefreq: "weekly", priority: 0.6 },
  { path: "/events", changefreq: "daily", priority: 0.6 },
  { path: "/deals", changefreq: "daily", priority: 0.6 },
  { path: "/pricing", changefreq: "monthly", priority: 0.5 },
  { path: "/about", changefreq: "monthly", priority: 0.4 },
  { path: "/press", changefreq: "monthly", priority: 0.3 },
  { path: "/contact", changefreq: "yearly", priority: 0.3 },
  { path: "/terms", changefreq: "yearly", priority: 0.2 },
  { path: "/privacy", changefreq: "yearly", priority: 0.2 },
];

/** One child sitemap, as named in the index: /sitemaps/{name}-{page}.xml. */
export interface SitemapChild {
  name: string;
  page: number;
  lastmod?: Date | null;
}

const published = eq(businesses.status, "published");

export async function publishedBusinessCount(db: Database) {
  const [row] = await db.select({ n: count() }).from(businesses).where(published);
  return Number(row?.n ?? 0);
}

/** The newest change among published blog posts and approved events: the /blog and /events pages' lastmod. */
async function contentLastmod(db: Database) {
  const [[blog], [event]] = await Promise.all([
    db
      .select({ lastmod: max(blogPosts.updatedAt) })
      .from(blogPosts)
      .where(eq(blogPosts.status, "published")),
    db
      .select({ lastmod: max(events.updatedAt) })
      .from(events)
      .where(eq(events.status, "approved")),
  ]);
  return { "/blog": blog?.lastmod ?? null, "/events": event?.lastmod ?? null } as Record<string, Date | null>;
}

/** Most blog posts the pages sitemap lists (newest first): it stays under the protocol's 50,000 URLs. */
const MAX_BLOG_POSTS = 40_000;

/** Each published blog post's page, /blog/{slug}, dated by its last edit. */
async function blogPostEntries(db: Database): Promise<SitemapEntry[]> {
  const posts = await db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(desc(blogPosts.publishedAt))
    .limit(MAX_BLOG_POSTS);
  return posts.map((p) => ({
    path: `/blog/${encodeURIComponent(p.slug)}`,
    lastmod: p.updatedAt,
    changefreq: "monthly",
    priority: 0.5,
  }));
}

/**
 * The category tree's pages that list something (issue 34): each category below a group that a published listing
 * has, primary or additional, and the categories above it. One probe of businesses_category_tree_idx per category.
 */
async function treeCategoryEntries(db: Database): Promise<SitemapEntry[]> {
  const slugs = ALL_CATEGORIES.filter((c) => c.depth > 0).map((c) => c.slug);
  // The tree's own slugs ([a-z0-9-], checked when category-tree.ts loads): a literal array.
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select s as slug from unnest(${sql.raw(`array[${slugs.map((s) => `'${s}'`).join(",")}]`)}::text[]) as s
        where exists (select 1 from businesses b where b.status = 'published'
                      and (array[b.primary_category] || b.categories) @> array[s])`,
  );
  const listed = new Set<string>();
  for (const { slug } of rows) for (const node of categoryTrail(slug)) if (node.depth > 0) listed.add(node.slug);
  return ALL_CATEGORIES.filter((c) => listed.has(c.slug)).map((c) => ({
    path: `/categories/${c.slug}`,
    lastmod: null,
    changefreq: "daily",
    priority: 0.6,
  }));
}

/** The site's pages with the category pages, each category's lastmod its newest published change. */
export async function pageEntries(db: Database): Promise<SitemapEntry[]> {
  const [latest, content] = await Promise.all([
    db
      .select({ category: businesses.category, lastmod: max(businesses.updatedAt) })
      .from(businesses)
      .where(published)
      .groupBy(businesses.category),
    contentLastmod(db),
  ]);
  const byCategory = new Map(latest.map((r) => [r.category, r.lastmod]));
  const newest = latest.reduce<Date | null>((a, r) => (r.lastmod && (!a || r.lastmod > a) ? r.lastmod : a), null);
  // The spec's four always; the other groups once a listing is in them.
  const categories = LISTING_CATEGORIES.filter((c, i) => i < 4 || byCategory.has(c)).map((c): SitemapEntry => ({
    path: CATEGORY_PATHS[c],
    lastmod: byCategory.get(c) ?? null,
    changefreq: "daily",
    priority: 0.8,
  }));
  const [home, ...rest] = STATIC_PAGES;
  return [
    { ...home!, lastmod: newest },
    ...categories,
    { path: "/categories", lastmod: null, changefreq: "weekly", priority: 0.6 },
    ...(await treeCategoryEntries(db)),
    ...rest.map((page) => (content[page.path] ? { ...page, lastmod: content[page.path] } : page)),
    ...(await blogPostEntries(db)),
  ];
}

/** How many business pages: enough that each holds about SITEMAP_PAGE_SIZE listings. */
export function businessPageCount(total: number, pageSize = SITEMAP_PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The protocol's limit per child sitemap: a page never lists more (see businessEntries). */
const PROTOCOL_MAX_URLS = 50_000;

/**
 * The id range of business page `page` of `pages`: the uuid space cut into
 * equal slices by its first 32 bits. Ids are random (gen_random_uuid), so
 * each slice holds total/pages listings give or take a few percent, and a
 * listing stays on its page as others come and go.
 */
export function businessPageRange(page: number, pages: number) {
  const bound = (i: number) =>
    i >= pages
      ? null
      : `${Math.floor((i * 2 ** 32) / pages)
          .toString(16)
          .padStart(8, "0")}-0000-0000-0000-000000000000`;
  return { from: bound(page - 1)!, to: bound(page) };
}

/**
 * Page `page` (1-based) of `pages` of the published businesses: one range
 * scan of the primary key (no OFFSET walk), so every page costs the same
 * however many listings there are.
 */
export async function businessEntries(db: Database, page: number, pages: number) {
  const { from, to } = businessPageRange(page, pages);
  const rows = await db
    .select({ id: businesses.id, slug: businesses.slug, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(and(published, gte(businesses.id, from), to ? lt(businesses.id, to) : undefined))
    .orderBy(asc(businesses.id))
    .limit(PROTOCOL_MAX_URLS);
  return rows.map((r): SitemapEntry => ({
    path: businessPath(r),
    lastmod: r.updatedAt,
    changefreq: "weekly",
    priority: 0.7,
  }));
}

/**
 * Reviewers' profiles (issue 41), PROTOCOL_MAX_URLS to a child in handle order. An OFFSET walk: profiles with reviews
 * are far fewer than listings, and a crawler reads these rarely.
 */
async function peopleEntries(db: Database, page: number): Promise<SitemapEntry[]> {
  const rows = await indexedProfiles(db, (page - 1) * PROTOCOL_MAX_URLS, PROTOCOL_MAX_URLS);
  return rows.map((r) => ({ path: personHref(r.handle), lastmod: r.lastmod, changefreq: "weekly", priority: 0.4 }));
}

/** The children the index names: the pages sitemap, the business pages, then the reviewers' profiles (if any). */
export async function sitemapChildren(db: Database, pageSize = SITEMAP_PAGE_SIZE): Promise<SitemapChild[]> {
  const [listings, people] = await Promise.all([publishedBusinessCount(db), indexedProfileCount(db)]);
  const pages = businessPageCount(listings, pageSize);
  return [
    { name: "pages", page: 1 },
    ...Array.from({ length: pages }, (_, i): SitemapChild => ({ name: "businesses", page: i + 1 })),
    ...Array.from({ length: Math.ceil(people / PROTOCOL_MAX_URLS) }, (_, i): SitemapChild => ({
      name: "people",
      page: i + 1,
    })),
  ];
}

/** A child sitemap's entries, or null when there is no such child (a 404). */
export async function sitemapChildEntries(
  db: Database,
  name: string,
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<SitemapEntry[] | null> {
  if (!Number.isSafeInteger(page) || page < 1) return null;
  if (name === "pages") return page === 1 ? pageEntries(db) : null;
  if (name === "businesses") {
    const pages = businessPageCount(await publishedBusinessCount(db), pageSize);
    return page <= pages ? businessEntries(db, page, pages) : null;
  }
  if (name === "people") {
    const pages = Math.ceil((await indexedProfileCount(db)) / PROTOCOL_MAX_URLS);
    return page <= pages ? peopleEntries(db, page) : null;
  }
  return null;
}

function absolute(publicUrl: string, path: string) {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

function isoDate(value: Date | string) {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}

export function childSitemapPath(child: Pick<SitemapChild, "name" | "page">) {
  return `/sitemaps/${child.name}-${child.page}.xml`;
}

/** <sitemapindex>: https://www.sitemaps.org/protocol.html#index */
export function renderSitemapIndex(publicUrl: string, children: readonly SitemapChild[]) {
  const items = children.map((child) => {
    const lastmod = child.lastmod ? `<lastmod>${isoDate(child.lastmod)}</lastmod>` : "";
    return `<sitemap><loc>${escapeHtml(absolute(publicUrl, childSitemapPath(child)))}</loc>${lastmod}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** <urlset>: https://www.sitemaps.org/protocol.html */
export function renderUrlSet(publicUrl: string, entries: readonly SitemapEntry[]) {
  const items = entries.map((e) => {
    let out = `<url><loc>${escapeHtml(absolute(publicUrl, e.path))}</loc>`;
    if (e.lastmod) out += `<lastmod>${isoDate(e.lastmod)}</lastmod>`;
    if (e.changefreq) out += `<changefreq>${e.changefreq}</changefreq>`;
    if (e.priority !== undefined) out += `<priority>${e.priority.toFixed(1)}</priority>`;
    return `${out}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</urlset>\n`;
}

/** Paths crawlers should leave alone: accounts, the owner and admin areas, forms, the API. */
export const ROBOTS_DISALLOW = ["/admin", "/portal", "/auth", "/account", "/business/new", "/business/edit/", "/api/"];

/** robots.txt: everything public may be crawled; the private areas not; where the sitemap is. */
export function renderRobotsTxt(publicUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absolute(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { blogPosts } from "~/.server/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { postBusiness } from "./queries.server";
import type { PostInput } from "./schema";

interface Actor {
  isAdmin: boolean;
}

function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can manage the blog.");
}

async function freeSlug(db: Database, wanted: string, exceptId?: string) {
  const taken = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId ? and(eq(blogPosts.slug, wanted), ne(blogPosts.id, exceptId)) : eq(blogPosts.slug, wanted))
    .limit(1);
  return taken.length === 0;
}

const SLUG_TAKEN = "Another post already uses this slug.";
export const UNKNOWN_BUSINESS = "No listing has this link, slug or ID.";

/** The id of the listing the editor's "About a business" names (postBusiness); none: null, unknown: a 400 on it. */
export async function resolvePostBusiness(db: Database, text: string | undefined): Promise<string | null> {
  if (!text) return null;
  const found = await postBusiness(db, text);
  if (!found) throw new AppError("bad_request", UNKNOWN_BUSINESS, { business: UNKNOWN_BUSINESS });
  return found.id;
}

/** A new draft (or published at once with `publish`). The slug comes from the title unless given. */
export async function createPost(
  db: Database,
  actor: Actor,
  input: PostInput,
  { publish = false, now = new Date() } = {},
) {
  requireAdmin(actor);
  const { business, ...fields } = input;
  const businessId = await resolvePostBusiness(db, business);
  let slug = fields.slug ?? slugify(fields.title);
  if (!(await freeSlug(db, slug))) {
    if (fields.slug) throw new AppError("conflict", SLUG_TAKEN, { slug: SLUG_TAKEN });
    let n = 2;
    while (!(await freeSlug(db, `${slug}-${n}`))) n += 1;
    slug = `${slug}-${n}`;
  }
  const [row] = await db
    .insert(blogPosts)
    .values({
      ...fields,
      slug,
      coverImage: fields.coverImage ?? null,
      businessId,
      status: publish ? "published" : "draft",
      publishedAt: publish ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function updatePost(db: Database, actor: Actor, id: string, input: PostInput, now = new Date()) {
  requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("not_found", "Post not found.");
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!current) throw new AppError("not_found", "Post not found.");
  const { business, ...fields } = input;
  const businessId = await resolvePostBusiness(db, business);
  const slug = fields.slug ?? current.slug;
  if (!(await freeSlug(db, slug, id))) throw new AppError("conflict", SLUG_TAKEN, { slug: SLUG_TAKEN });
  const [row] = await db
    .update(blogPosts)
    .set({ ...fields, slug, coverImage: fields.coverImage ?? null, businessId, updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning();
  return row!;
}

/** Publish (dated now, unless it was published before) or unpublish (back to draft). */
export async function setPublished(db: Database, actor: Actor, id: string, publish: boolean, now = new Date()) {
  requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("not_found", "Post not found.");
  const [current] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!current) throw new AppError("not_found", "Post not found.");
  const [row] = await db
    .update(blogPosts)
    .set({
      status: publish ? "published" : "draft",
      publishedAt: publish ? (current.publishedAt ?? now) : current.publishedAt,
      updatedAt: now,
    })
    .where(eq(blogPosts.id, id))
    .returning();
  return row!;
}

export async function deletePost(db: Database, actor: Actor, id: string) {
  requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("not_found", "Post not found.");
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (!rows.length) throw new AppError("not_found", "Post not found.");
}

import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows, type Database } from "~/.server/db/client";
import { signUpSchema } from "~/features/auth/schemas";
import { postInputSchema } from "~/features/blog/schema";
import { claimSchema, refuseClaimSchema } from "~/features/claims/schema";
import { contactSchema } from "~/features/content/contact-schema";
import { subscribeSchema } from "~/features/content/newsletter-schema";
import { issueInputSchema } from "~/features/content/newsletter-issues-schema";
import { messageSchema } from "~/features/directory/message-schema";
import { pageViewSchema } from "~/features/directory/page-views.server";
import { eventInputSchema } from "~/features/events/schema";
import { businessInputSchema, moderationSchema } from "~/features/listings/schema";
import { replySchema, reportSchema, reviewSchema } from "~/features/reviews/review-schema";
import { LIMITS } from "~/lib/catalogue";
import type { JsonSchema } from "./fuzz-values";

/**
 * Stored lengths (issue 37: "no stored value longer than its limit"): each stored text a user can type, with the limit
 * its zod schema documents (read from the schema's JSON Schema, so the two can't drift), a ceiling for every other
 * text column, and one query that finds every row over either.
 */

/** The longest value a field's schema lets through (its output side: what is stored), from its JSON Schema. */
export function schemaMaxLength(schema: z.ZodType, field: string): number {
  const found: number[] = [];
  for (const io of ["output", "input"] as const) {
    const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
    for (const variant of [json, ...(json.oneOf ?? []), ...(json.anyOf ?? [])]) {
      const prop = variant.properties?.[field];
      if (!prop) continue;
      for (const p of [prop, ...(prop.anyOf ?? []), ...(prop.items ? [prop.items] : [])])
        if (typeof p.maxLength === "number") found.push(p.maxLength);
    }
    if (found.length) return Math.min(...found);
  }
  throw new Error(`No maxLength for ${field}`);
}

export interface StoredLimit {
  table: string;
  column: string;
  limit: number;
  /** A text[] column: the limit is each element's. */
  array?: boolean;
}

/** Every stored text a user can type, with the limit its schema (or the catalogue) documents. */
export function storedLimits(): StoredLimit[] {
  const col = (table: string, column: string, limit: number, array = false): StoredLimit => ({
    table,
    column,
    limit,
    array,
  });
  const fromSchema = (table: string, schema: z.ZodType, fields: Record<string, string>) =>
    Object.entries(fields).map(([field, column]) => col(table, column, schemaMaxLength(schema, field)));
  const userName = schemaMaxLength(signUpSchema, "name");
  return [
    col("users", "name", userName),
    col("users", "email", schemaMaxLength(signUpSchema, "email")),
    col("reviews", "author", userName),
    ...fromSchema("reviews", reviewSchema, { content: "content" }),
    ...fromSchema("review_replies", replySchema, { content: "content" }),
    ...fromSchema("review_reports", reportSchema, { reason: "reason" }),
    ...fromSchema("business_messages", messageSchema, { name: "sender_name", email: "sender_email", message: "body" }),
    ...fromSchema("listing_claims", claimSchema, { note: "note", verificationDetail: "verification_detail" }),
    ...fromSchema("listing_claims", refuseClaimSchema, { reason: "reason" }),
    ...fromSchema("events", eventInputSchema, {
      title: "title",
      description: "description",
      venue: "venue",
      city: "city",
      imageUrl: "image_url",
    }),
    ...fromSchema("businesses", businessInputSchema, {
      name: "name",
      description: "description",
      address: "address",
      city: "city",
      state: "state",
      zip: "zip",
      neighborhood: "neighborhood",
      phone: "phone",
      website: "website",
      email: "email",
      bookingUrl: "booking_url",
      cuisine: "cuisine",
      subcategory: "subcategory",
      timezone: "timezone",
    }),
    col("businesses", "features", schemaMaxLength(businessInputSchema, "features"), true),
    col("businesses", "categories", schemaMaxLength(businessInputSchema, "categories"), true),
    col("businesses", "status_reason", schemaMaxLength(moderationSchema, "reason")),
    col("business_images", "alt", LIMITS.alt),
    ...fromSchema("blog_posts", postInputSchema, {
      title: "title",
      slug: "slug",
      excerpt: "excerpt",
      body: "body",
      author: "author",
      coverImage: "cover_image",
    }),
    ...fromSchema("contact_messages", contactSchema, {
      name: "name",
      email: "email",
      subject: "subject",
      message: "message",
    }),
    ...fromSchema("newsletter_subscribers", subscribeSchema, { email: "email" }),
    ...fromSchema("newsletter_issues", issueInputSchema, { subject: "subject", body: "body" }),
    ...fromSchema("page_views", pageViewSchema, { path: "path", name: "name", referrer: "referrer" }),
    col("plan_requests", "reason", LIMITS.reason),
  ];
}

/**
 * No text column anywhere holds more than this (the longest documented limit, a blog post's body): a ceiling for
 * the columns no schema names. What the server writes itself (mail, import bookkeeping) is not user text.
 */
const CEILING = 50_000;
const NOT_USER_TEXT = new Set(["mail_queue", "__drizzle_migrations", "import_jobs"]);

export interface TooLong {
  /** table.column@row: reported once however often it is seen again. */
  key: string;
  text: string;
}

/**
 * One query for every stored-length rule: the named limits (storedLimits) and the ceiling for every other text,
 * array and JSON column. Cheap enough to run after every accepted write, so a value overwritten later is still seen.
 */
export async function lengthChecker(db: Database): Promise<() => Promise<TooLong[]>> {
  const limits = storedLimits();
  const named = new Set(limits.map((l) => `${l.table}.${l.column}`));
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'character varying', 'ARRAY', 'jsonb')
        order by table_name, column_name`,
  );
  const rules = [
    ...limits,
    ...columns
      .filter((c) => !NOT_USER_TEXT.has(c.table_name) && !named.has(`${c.table_name}.${c.column_name}`))
      .map((c) => ({ table: c.table_name, column: c.column_name, limit: CEILING, array: false, cast: true })),
  ];
  const parts = rules.map((r) => {
    const col = `"${r.column}"`;
    const length = r.array
      ? `(select max(char_length(x)) from unnest(${col}) x)`
      : `char_length(${col}${"cast" in r ? "::text" : ""})`;
    return `(select '${r.table}.${r.column}' as rule, ctid::text as row, ${length}::int as len, ${r.limit} as "limit"
             from "${r.table}" where ${length} > ${r.limit} limit 3)`;
  });
  const query = sql.raw(parts.join("\nunion all\n"));
  return async () =>
    (await queryRows<{ rule: string; row: string; len: number; limit: number }>(db, query)).map((r) => ({
      key: `${r.rule}@${r.row}`,
      text: `${r.rule}: ${r.len} > ${r.limit}${r.limit === CEILING ? " (no schema names it: the ceiling)" : ""}`,
    }));
}

/** Every stored value longer than its limit, now. */
export async function storedTooLong(db: Database): Promise<string[]> {
  return (await (await lengthChecker(db))()).map((t) => t.text);
}

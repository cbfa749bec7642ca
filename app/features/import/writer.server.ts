import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessHours } from "~/.server/db/schema";
import type { ListingStatus } from "~/lib/catalogue";
import { slugify } from "~/lib/slug";
import type { ImportListing } from "./listing.server";

/**
 * Writes validated listings a batch at a time, one transaction per batch,
 * idempotent by (source, external id):
 * - a new (source, id) is inserted with the import's status;
 * - one whose fields hash the same as last time is left alone (unchanged);
 * - one whose owner edited it since the last import (updated_at > imported_at) keeps the owner's edits (kept);
 * - any other is updated (fields and hours; its status, plan, owner, photos and reviews stay).
 * Derived columns (search vector, open minutes, search words, time zones)
 * follow from the database's own triggers, as for any other write.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface BatchRow {
  line: number;
  listing: ImportListing;
}

export interface Reject {
  line: number;
  reason: string;
  externalId?: string;
}

export interface BatchResult {
  inserted: number;
  updated: number;
  unchanged: number;
  kept: number;
  rejects: Reject[];
}

export interface WriteOptions {
  /** The status of new listings whose row carries none. */
  status: ListingStatus;
  /** The time zone of listings whose row gives none (SITE_TIMEZONE). */
  defaultTimezone: string;
  /** Classify only: nothing is written. */
  dryRun?: boolean;
}

const key = (l: { source: string; externalId: string }): string => `${l.source}\u0000${l.externalId}`;

function columns(listing: ImportListing, options: WriteOptions) {
  const { hours: _hours, plan: _plan, ...input } = listing.input;
  return {
    ...input,
    cuisine: input.cuisine ?? null,
    subcategory: input.subcategory ?? null,
    ageGroups: input.category === "entertainment" ? (input.ageGroups ?? []) : [],
    description: input.description ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    email: input.email ?? null,
    bookingUrl: input.bookingUrl ?? null,
    priceRange: input.priceRange ?? null,
    features: input.features ?? [],
    categories: input.categories ?? [],
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    timezone: input.timezone ?? options.defaultTimezone,
    importHash: listing.hash,
    importedAt: sql`now()`,
    updatedAt: sql`now()`,
  };
}

function hoursRows(businessId: string, listing: ImportListing) {
  return (listing.input.hours ?? []).map((h) => ({
    businessId,
    day: h.day,
    openTime: h.open,
    closeTime: h.close,
    isClosed: h.isClosed,
  }));
}

async function classify(db: Database | Tx, rows: BatchRow[]) {
  const existing = await db
    .select({
      id: businesses.id,
      source: businesses.source,
      externalId: businesses.externalId,
      importHash: businesses.importHash,
      edited: sql<boolean>`(${businesses.ownerId} is not null and ${businesses.importedAt} is not null and ${businesses.updatedAt} > ${businesses.importedAt})`,
    })
    .from(businesses)
    // Two ANY lists (not a list of row values): the planner uses the (source, external_id) index.
    .where(
      and(
        inArray(businesses.source, [...new Set(rows.map((r) => r.listing.source))]),
        inArray(
          businesses.externalId,
          rows.map((r) => r.listing.externalId),
        ),
      ),
    );
  const wanted = new Set<string>(rows.map((r) => key(r.listing)));
  return new Map(
    existing
      .map((r): [string, (typeof existing)[number]] => [`${r.source}\u0000${r.externalId}`, r])
      .filter(([k]) => wanted.has(k)),
  );
}

/** Slugs for new listings: the name's, or with a suffix from the (source, id) when taken. */
async function freeSlugs(tx: Tx, rows: BatchRow[]) {
  const bases = rows.map((r) => slugify(r.listing.input.name));
  const taken = new Set(
    (
      await tx
        .select({ slug: businesses.slug })
        .from(businesses)
        .where(inArray(businesses.slug, [...new Set(bases)]))
    ).map((r) => r.slug),
  );
  return rows.map((r, i) => {
    let slug = bases[i]!;
    if (taken.has(slug)) {
      const suffix = createHash("sha1").update(key(r.listing)).digest("hex").slice(0, 6);
      slug = `${slug.slice(0, 53)}-${suffix}`;
    }
    taken.add(slug);
    return slug;
  });
}

async function writeRows(tx: Tx, fresh: BatchRow[], changed: { row: BatchRow; id: string }[], options: WriteOptions) {
  const written: { id: string; listing: ImportListing }[] = [];
  if (fresh.length) {
    const slugs = await freeSlugs(tx, fresh);
    const values = fresh.map((r, i) => ({
      ...columns(r.listing, options),
      slug: slugs[i]!,
      source: r.listing.source,
      externalId: r.listing.externalId,
      status: r.listing.status ?? options.status,
    }));
    const inserted = await tx
      .insert(businesses)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: businesses.id, source: businesses.source, externalId: businesses.externalId });
    const ids = new Map(inserted.map((r) => [`${r.source}\u0000${r.externalId}`, r.id]));
    for (const [i, r] of fresh.entries()) {
      let id = ids.get(key(r.listing));
      if (!id) {
        // A slug taken meanwhile: one more try with a random suffix (a (source, id) taken meanwhile fails the batch).
        const [row] = await tx
          .insert(businesses)
          .values({ ...values[i]!, slug: `${slugs[i]!.slice(0, 53)}-${randomBytes(3).toString("hex")}` })
          .returning({ id: businesses.id });
        id = row!.id;
      }
      written.push({ id, listing: r.listing });
    }
  }
  for (const { row, id } of changed) {
    await tx.update(businesses).set(columns(row.listing, options)).where(eq(businesses.id, id));
    written.push({ id, listing: row.listing });
  }
  if (changed.length)
    await tx.delete(businessHours).where(
      inArray(
        businessHours.businessId,
        changed.map((c) => c.id),
      ),
    );
  const hours = written.flatMap((w) => hoursRows(w.id, w.listing));
  if (hours.length) await tx.insert(businessHours).values(hours);
}

/** Writes one batch in one transaction; if it fails, each row alone, so one bad row is the only one rejected. */
export async function writeBatch(db: Database, rows: BatchRow[], options: WriteOptions): Promise<BatchResult> {
  const result: BatchResult = { inserted: 0, updated: 0, unchanged: 0, kept: 0, rejects: [] };
  // The same (source, id) twice in a batch: the first one counts.
  const firstLine = new Map<string, number>();
  const unique: BatchRow[] = [];
  for (const row of rows) {
    const k = key(row.listing);
    const first = firstLine.get(k);
    if (first !== undefined) {
      result.rejects.push({
        line: row.line,
        reason: `duplicate of line ${first} (same source and external id)`,
        externalId: row.listing.externalId,
      });
      continue;
    }
    firstLine.set(k, row.line);
    unique.push(row);
  }
  if (!unique.length) return result;

  const plan = async (tx: Database | Tx) => {
    const existing = await classify(tx, unique);
    const fresh: BatchRow[] = [];
    const changed: { row: BatchRow; id: string }[] = [];
    let unchanged = 0;
    let kept = 0;
    for (const row of unique) {
      const found = existing.get(key(row.listing));
      if (!found) fresh.push(row);
      else if (found.importHash === row.listing.hash) unchanged++;
      else if (found.edited) kept++;
      else changed.push({ row, id: found.id });
    }
    return { fresh, changed, unchanged, kept };
  };

  try {
    const counts = options.dryRun
      ? await plan(db)
      : await db.transaction(async (tx) => {
          const p = await plan(tx);
          await writeRows(tx, p.fresh, p.changed, options);
          return p;
        });
    result.inserted += counts.fresh.length;
    result.updated += counts.changed.length;
    result.unchanged += counts.unchanged;
    result.kept += counts.kept;
    return result;
  } catch (error) {
    if (unique.length === 1) {
      const row = unique[0]!;
      result.rejects.push({
        line: row.line,
        reason: `database: ${(error as Error).message.split("\n")[0]!.slice(0, 200)}`,
        externalId: row.listing.externalId,
      });
      return result;
    }
    for (const row of unique) {
      const one = await writeBatch(db, [row], options);
      result.inserted += one.inserted;
      result.updated += one.updated;
      result.unchanged += one.unchanged;
      result.kept += one.kept;
      result.rejects.push(...one.rejects);
    }
    return result;
  }
}

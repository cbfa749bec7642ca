import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/.server/db/client";
import type { ListingStatus } from "~/lib/catalogue";
import { slugify } from "~/lib/slug";
import type { ImportListing } from "./listing.server";
import type { PartColumn } from "./listing-parts";

/**
 * Writes validated listings a batch at a time, one transaction per batch,
 * idempotent by (source, external id):
 * - a new (source, id) is inserted with the import's status;
 * - one whose fields hash the same as last time is left alone (unchanged);
 * - one whose owner edited it since the last import (updated_at > imported_at) keeps the owner's edits (kept);
 * - any other is updated (fields and hours; its status, plan, owner, photos and reviews stay).
 * Derived columns (search vector, open minutes, search words, time zones)
 * follow from the database's own triggers, as for any other write; the
 * writer stores open minutes itself, with the same rule, so the hours
 * trigger finds them right and writes each listing once (docs/import.md, "Speed").
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
  /** The country of listings whose row gives none (SITE_COUNTRY; default US). */
  siteCountry?: string;
  /** Classify only: nothing is written. */
  dryRun?: boolean;
}

const key = (l: { source: string; externalId: string }): string => `${l.source}\u0000${l.externalId}`;

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The week's open minutes as an int4multirange literal, by near_compute_open_minutes' rule (drizzle/0006):
 * a closing at or before the opening runs past midnight, Saturday night wraps to Sunday. The database
 * merges the ranges; the hours trigger recomputes them and only writes when they differ.
 */
export function openMinutesLiteral(hours: ImportListing["input"]["hours"]): string {
  const ranges: string[] = [];
  for (const h of hours ?? []) {
    if (h.isClosed || !h.open || !h.close) continue;
    const start = h.day * 1440 + minuteOf(h.open);
    let end = h.day * 1440 + minuteOf(h.close);
    if (end <= start) end += 1440;
    ranges.push(`[${start},${Math.min(end, 10080)})`);
    if (end > 10080) ranges.push(`[0,${end - 10080})`);
  }
  return `{${ranges.join(",")}}`;
}

/** The businesses columns an import writes, as one JSON record of a batch (jsonb_to_recordset below). */
const RECORD = sql.raw(`r(
  id uuid, slug text, source text, external_id text, status text, name text, category text, primary_category text, cuisine text,
  subcategory text, age_groups text[], description text, address text, city text, state text, zip text, country text, service_area text[], service_radius_km double precision, neighborhood text, phone text,
  website text, email text, booking_url text, social_links jsonb, price_range text, features text[], categories text[],
  latitude double precision, longitude double precision, location_precision text, timezone text, import_hash text,
  open_minutes int4multirange
)`);
/** The fields both an insert and an update write (not slug, source, external id, status). */
const FIELDS = [
  "name",
  "category",
  "primary_category",
  "cuisine",
  "subcategory",
  "age_groups",
  "description",
  "address",
  "city",
  "state",
  "zip",
  "country",
  "service_area",
  "service_radius_km",
  "neighborhood",
  "phone",
  "website",
  "email",
  "booking_url",
  "social_links",
  "price_range",
  "features",
  "categories",
  "latitude",
  "longitude",
  "location_precision",
  "timezone",
  "import_hash",
  "open_minutes",
] as const;

function record(listing: ImportListing, options: WriteOptions, openMinutes: string | null) {
  const input = listing.input;
  return {
    name: input.name,
    category: input.category,
    primary_category: input.primaryCategory,
    cuisine: input.cuisine ?? null,
    subcategory: input.subcategory ?? null,
    age_groups: input.category === "entertainment" ? (input.ageGroups ?? []) : [],
    description: input.description ?? null,
    // A service-area business keeps no street address (docs/maps.md, "Service areas").
    address: input.serviceAreaBusiness ? null : (input.address ?? null),
    service_area: input.serviceAreaBusiness ? (input.serviceArea ?? []) : [],
    service_radius_km: input.serviceAreaBusiness ? (input.serviceRadiusKm ?? null) : null,
    city: input.city,
    state: input.state ?? null,
    zip: input.zip ?? null,
    country: input.country ?? options.siteCountry ?? "US",
    neighborhood: input.neighborhood ?? null,
    phone: input.phone ?? null,
    website: input.website ?? null,
    email: input.email ?? null,
    booking_url: input.bookingUrl ?? null,
    social_links: input.socialLinks ?? {},
    price_range: input.priceRange ?? null,
    features: input.features ?? [],
    categories: input.categories ?? [],
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    location_precision: listing.locationPrecision ?? (input.latitude == null ? null : "exact"),
    timezone: input.timezone ?? options.defaultTimezone,
    import_hash: listing.hash,
    open_minutes: openMinutes,
  };
}

/** A JSON array of strings as a text[] (one parameter, whatever the batch size). */
const textArray = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

async function classify(db: Database | Tx, rows: BatchRow[]) {
  // Two ANY lists (not a list of row values): the planner uses the (source, external_id) index.
  const existing = await queryRows<{
    id: string;
    source: string;
    externalId: string;
    importHash: string | null;
    edited: boolean;
  }>(
    db,
    sql`select id, source, external_id as "externalId", import_hash as "importHash",
          (owner_id is not null and imported_at is not null and updated_at > imported_at) as edited
        from businesses
        where source = any(${textArray([...new Set(rows.map((r) => r.listing.source))])})
          and external_id = any(${textArray(rows.map((r) => r.listing.externalId))})`,
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
      await queryRows<{ slug: string }>(
        tx,
        sql`select slug from businesses where slug = any(${textArray([...new Set(bases)])})`,
      )
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

type NewRecord = ReturnType<typeof record> & { slug: string; source: string; external_id: string; status: string };

/**
 * New listings in one statement: the batch travels as one JSON parameter (building a 500-row, 30-column
 * INSERT with the query builder cost more than the database's work). A conflict (a slug taken meanwhile)
 * skips the row, which the caller retries.
 */
async function insertListings(tx: Tx, values: NewRecord[]) {
  const columns = sql.raw(["slug", "source", "external_id", "status", ...FIELDS].join(", "));
  return queryRows<{ id: string; source: string; externalId: string }>(
    tx,
    sql`insert into businesses (${columns}, imported_at, updated_at)
        select ${columns}, now(), now() from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as ${RECORD}
        on conflict do nothing
        returning id, source, external_id as "externalId"`,
  );
}

async function writeRows(tx: Tx, fresh: BatchRow[], changed: { row: BatchRow; id: string }[], options: WriteOptions) {
  const written: { id: string; listing: ImportListing }[] = [];
  if (fresh.length) {
    const slugs = await freeSlugs(tx, fresh);
    const values: NewRecord[] = fresh.map((r, i) => ({
      // No hours rows: open minutes left as the trigger would leave them (null for a new listing).
      ...record(r.listing, options, r.listing.input.hours?.length ? openMinutesLiteral(r.listing.input.hours) : null),
      slug: slugs[i]!,
      source: r.listing.source,
      external_id: r.listing.externalId,
      status: r.listing.status ?? options.status,
    }));
    const inserted = await insertListings(tx, values);
    const ids = new Map(inserted.map((r) => [`${r.source}\u0000${r.externalId}`, r.id]));
    for (const [i, r] of fresh.entries()) {
      let id = ids.get(key(r.listing));
      if (!id) {
        // A slug taken meanwhile: one more try with a random suffix (a (source, id) taken meanwhile fails the batch).
        const [row] = await insertListings(tx, [
          { ...values[i]!, slug: `${slugs[i]!.slice(0, 53)}-${randomBytes(3).toString("hex")}` },
        ]);
        if (!row) throw new Error(`(${r.listing.source}, ${r.listing.externalId}) was imported meanwhile`);
        id = row.id;
      }
      written.push({ id, listing: r.listing });
    }
  }
  if (changed.length) {
    // A changed listing's open minutes are its new hours' ('{}' with none), as the hours trigger would leave them.
    const values = changed.map((c) => ({
      ...record(c.row.listing, options, openMinutesLiteral(c.row.listing.input.hours)),
      id: c.id,
    }));
    await tx.execute(sql`
      update businesses b set ${sql.raw(FIELDS.map((f) => `${f} = r.${f}`).join(", "))},
        imported_at = now(), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as ${RECORD}
      where b.id = r.id`);
    for (const c of changed) written.push({ id: c.id, listing: c.row.listing });
    // Days the file no longer names go; the others are upserted below (delete-all-then-insert would
    // swing open minutes to empty and back: two more writes of each listing).
    const keep = changed.flatMap((c) => (c.row.listing.input.hours ?? []).map((h) => [c.id, h.day]));
    await tx.execute(sql`
      delete from business_hours h
      where h.business_id = any(${textArray(changed.map((c) => c.id))}::uuid[])
        and not exists (
          select 1 from jsonb_array_elements(${JSON.stringify(keep)}::jsonb) k
          where (k ->> 0)::uuid = h.business_id and (k ->> 1)::smallint = h.day
        )`);
  }
  await replaceParts(tx, written);
  const hours = written.flatMap((w) =>
    (w.listing.input.hours ?? []).map((h) => ({
      business_id: w.id,
      day: h.day,
      open_time: h.open,
      close_time: h.close,
      is_closed: h.isClosed,
    })),
  );
  if (hours.length)
    // An unchanged day of a changed listing is not rewritten.
    await tx.execute(sql`
      insert into business_hours (business_id, day, open_time, close_time, is_closed)
      select business_id, day, open_time, close_time, is_closed
      from jsonb_to_recordset(${JSON.stringify(hours)}::jsonb)
        as r(business_id uuid, day smallint, open_time text, close_time text, is_closed boolean)
      on conflict (business_id, day) do update
        set open_time = excluded.open_time, close_time = excluded.close_time, is_closed = excluded.is_closed
        where (business_hours.open_time, business_hours.close_time, business_hours.is_closed)
          is distinct from (excluded.open_time, excluded.close_time, excluded.is_closed)`);
}

type PartRow = Record<string, string | number | null>;

/**
 * Where each kind of part is stored: its table, its columns with their types (for jsonb_to_recordset) and the
 * row of one item at its position in the file's list.
 */
const PART_TABLES: {
  [K in PartColumn]: {
    table: string;
    columns: Record<string, string>;
    row: (item: NonNullable<NonNullable<ImportListing["parts"]>[K]>[number], position: number) => PartRow;
  };
} = {
  testimonials: {
    table: "business_testimonials",
    columns: { position: "int", author: "text", body: "text", source: "text", given_on: "date" },
    row: (t, position) => ({
      position,
      author: t.author,
      body: t.quote,
      source: t.source ?? null,
      given_on: t.givenOn ?? null,
    }),
  },
  videos: {
    table: "business_videos",
    columns: { position: "int", provider: "text", video_id: "text", title: "text" },
    row: (v, position) => ({ position, provider: v.provider, video_id: v.id, title: v.title }),
  },
  offers: {
    table: "business_offers",
    columns: {
      title: "text",
      terms: "text",
      code: "text",
      starts_on: "date",
      ends_on: "date",
      first_customers: "int",
    },
    row: (o) => ({
      title: o.title,
      terms: o.terms,
      code: o.code ?? null,
      starts_on: o.startsOn,
      ends_on: o.endsOn,
      first_customers: o.firstCustomers ?? null,
    }),
  },
};

const PART_KINDS = Object.keys(PART_TABLES) as PartColumn[];

/**
 * The testimonials, videos and offers of the written listings whose rows have those columns: the file's list
 * replaces the listing's (listing-parts.ts). One delete and one insert a kind for the whole batch.
 */
async function replaceParts(tx: Tx, written: { id: string; listing: ImportListing }[]) {
  for (const kind of PART_KINDS) {
    const having = written.filter((w) => w.listing.parts?.[kind] !== undefined);
    if (!having.length) continue;
    // A loop cannot tie `kind` to its entry's item type; PART_TABLES' own type checks each entry.
    const { table, columns, row } = PART_TABLES[kind] as {
      table: string;
      columns: Record<string, string>;
      row: (item: unknown, position: number) => PartRow;
    };
    await tx.execute(
      sql`delete from ${sql.identifier(table)} where business_id = any(${textArray(having.map((w) => w.id))}::uuid[])`,
    );
    const rows = having.flatMap((w) =>
      (w.listing.parts![kind] as unknown[]).map((item, position) => ({ business_id: w.id, ...row(item, position) })),
    );
    if (!rows.length) continue;
    const names = ["business_id", ...Object.keys(columns)];
    const list = sql.raw(names.join(", "));
    const types = sql.raw(["business_id uuid", ...Object.entries(columns).map(([c, t]) => `${c} ${t}`)].join(", "));
    await tx.execute(sql`
      insert into ${sql.identifier(table)} (${list})
      select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${types})`);
  }
}

/** Which of the rows' listings hold a kind of part their row gives as an empty list (one query). */
async function holdingParts(db: Database | Tx, rows: { row: BatchRow; id: string }[]) {
  const emptied = PART_KINDS.map((kind) => ({
    table: PART_TABLES[kind].table,
    ids: rows.filter((r) => r.row.listing.parts?.[kind]?.length === 0).map((r) => r.id),
  })).filter((k) => k.ids.length);
  if (!emptied.length) return new Set<string>();
  const held = await queryRows<{ id: string }>(
    db,
    sql.join(
      emptied.map(
        ({ table, ids }) =>
          sql`select business_id as id from ${sql.identifier(table)} where business_id = any(${textArray(ids)}::uuid[])`,
      ),
      sql` union `,
    ),
  );
  return new Set(held.map((r) => r.id));
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
    const same: { row: BatchRow; id: string; edited: boolean }[] = [];
    for (const row of unique) {
      const found = existing.get(key(row.listing));
      if (!found) fresh.push(row);
      else if (found.importHash === row.listing.hash) same.push({ row, id: found.id, edited: found.edited });
      else if (found.edited) kept++;
      else changed.push({ row, id: found.id });
    }
    // An empty list hashes as no column (listing-parts.ts): one whose listing still holds that kind is a change.
    const clearing = await holdingParts(tx, same);
    for (const s of same) {
      if (!clearing.has(s.id)) unchanged++;
      else if (s.edited) kept++;
      else changed.push({ row: s.row, id: s.id });
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

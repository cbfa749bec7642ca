import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import {
  businesses,
  businessHours,
  businessMenus,
  businessOffers,
  businessTestimonials,
  businessVideos,
} from "~/.server/db/schema";
import { menuDownloadPath } from "~/features/menus/queries.server";
import { videoWatchUrl } from "~/lib/video-url";
import { csvRecord } from "~/.server/csv";
import type { ListingCategory, ListingStatus } from "~/lib/catalogue";
import { NEAR_COLUMNS, type NearColumn } from "./columns";
import { SOCIAL_NETWORKS, type SocialNetwork } from "~/lib/social-links";
import { formatHoursText, type StoredDay } from "./hours-text";

/**
 * Every listing (or the filtered ones) as CSV or JSON lines in Near's
 * columns (columns.ts), a page of 1,000 at a time: the import reads the
 * file back to the same listings (tests/integration/import.test.ts). A
 * listing created in Near exports with source "near" and its id as the
 * external id, so importing the file elsewhere keeps one identity.
 */

export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFilter {
  status?: ListingStatus;
  category?: ListingCategory;
}

const PAGE = 1000;

type Row = Record<NearColumn, string | number | string[] | object[] | null>;

/** The rows of `table` for a page of listings, grouped by listing, in their order. */
function byListing<T extends { businessId: string }>(rows: T[], map: (row: T) => object) {
  const grouped = new Map<string, object[]>();
  for (const row of rows) {
    const list = grouped.get(row.businessId) ?? [];
    list.push(map(row));
    grouped.set(row.businessId, list);
  }
  return grouped;
}

/**
 * A listing's testimonials, videos, offers and menus, with the API's keys (import/listing-parts.ts reads the first
 * three back). Every one, also those a downgrade hides and offers that have ended: the export is the admin's copy.
 */
async function pageParts(db: Database, ids: string[]) {
  const [testimonials, videos, offers, menus] = await Promise.all([
    db
      .select()
      .from(businessTestimonials)
      .where(inArray(businessTestimonials.businessId, ids))
      .orderBy(asc(businessTestimonials.position), asc(businessTestimonials.createdAt)),
    db
      .select()
      .from(businessVideos)
      .where(inArray(businessVideos.businessId, ids))
      .orderBy(asc(businessVideos.position), asc(businessVideos.createdAt)),
    db
      .select()
      .from(businessOffers)
      .where(inArray(businessOffers.businessId, ids))
      .orderBy(asc(businessOffers.startsOn), asc(businessOffers.createdAt), asc(businessOffers.id)),
    db
      .select({
        businessId: businessMenus.businessId,
        id: businessMenus.id,
        title: businessMenus.title,
        kind: businessMenus.kind,
      })
      .from(businessMenus)
      .where(inArray(businessMenus.businessId, ids))
      .orderBy(asc(businessMenus.position), asc(businessMenus.createdAt)),
  ]);
  return {
    testimonials: byListing(testimonials, (t) => ({
      author: t.author,
      quote: t.body,
      ...(t.source ? { source: t.source } : {}),
      ...(t.givenOn ? { givenOn: t.givenOn } : {}),
    })),
    videos: byListing(videos, (v) => ({ url: videoWatchUrl({ provider: v.provider, id: v.videoId }), title: v.title })),
    offers: byListing(offers, (o) => ({
      title: o.title,
      terms: o.terms,
      ...(o.code ? { code: o.code } : {}),
      startsOn: o.startsOn,
      endsOn: o.endsOn,
      ...(o.firstCustomers ? { firstCustomers: o.firstCustomers } : {}),
    })),
    menus: byListing(menus, (m) => ({ title: m.title, kind: m.kind, path: menuDownloadPath(m.businessId, m.id) })),
  };
}

/** A list of objects is JSON text in its cell (empty when none); a list of words is `a; b` as before. */
function csvCell(value: Row[NearColumn]) {
  if (!Array.isArray(value) || value.every((v) => typeof v === "string")) return value as string | string[] | null;
  return value.length ? JSON.stringify(value) : null;
}

/** The file's lines (CSV: the header first), one page of listings read at a time. */
export async function* exportListings(
  db: Database,
  format: ExportFormat,
  filter: ExportFilter = {},
): AsyncGenerator<string> {
  if (format === "csv") yield csvRecord(NEAR_COLUMNS);
  let after: string | null = null;
  for (;;) {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(businesses.status, filter.status));
    if (filter.category) conditions.push(eq(businesses.category, filter.category));
    if (after) conditions.push(gt(businesses.id, after));
    const page = await db
      .select()
      .from(businesses)
      .where(and(...conditions))
      .orderBy(asc(businesses.id))
      .limit(PAGE);
    if (!page.length) return;
    const hours = await db
      .select()
      .from(businessHours)
      .where(
        inArray(
          businessHours.businessId,
          page.map((b) => b.id),
        ),
      );
    const parts = await pageParts(
      db,
      page.map((b) => b.id),
    );
    const byBusiness = new Map<string, StoredDay[]>();
    for (const h of hours) {
      const list = byBusiness.get(h.businessId) ?? [];
      list.push({ day: h.day, open: h.openTime, close: h.closeTime, isClosed: h.isClosed });
      byBusiness.set(h.businessId, list);
    }
    for (const b of page) {
      const row: Row = {
        source: b.source ?? "near",
        external_id: b.externalId ?? b.id,
        name: b.name,
        category: b.category,
        kind: b.cuisine ?? b.subcategory,
        description: b.description,
        address: b.address,
        city: b.city,
        state: b.state,
        zip: b.zip,
        country: b.country,
        service_area: b.serviceArea,
        service_radius_km: b.serviceRadiusKm,
        neighborhood: b.neighborhood,
        phone: b.phone,
        website: b.website,
        email: b.email,
        booking_url: b.bookingUrl,
        // Every stored link, also one a downgrade hides: the export is the admin's copy of the data.
        ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social_${n}`, b.socialLinks?.[n] ?? null])) as Record<
          `social_${SocialNetwork}`,
          string | null
        >),
        price_range: b.priceRange,
        features: b.features,
        categories: b.categories,
        age_groups: b.ageGroups,
        latitude: b.latitude,
        longitude: b.longitude,
        timezone: b.timezone,
        hours: formatHoursText(byBusiness.get(b.id) ?? []) || null,
        status: b.status,
        testimonials: parts.testimonials.get(b.id) ?? [],
        videos: parts.videos.get(b.id) ?? [],
        offers: parts.offers.get(b.id) ?? [],
        menus: parts.menus.get(b.id) ?? [],
      };
      yield format === "csv" ? csvRecord(NEAR_COLUMNS.map((c) => csvCell(row[c]))) : `${JSON.stringify(row)}\n`;
    }
    after = page.at(-1)!.id;
    if (page.length < PAGE) return;
  }
}

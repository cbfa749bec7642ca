import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { queryRows } from "../../app/.server/db/client";
import {
  blogPosts,
  businesses,
  businessHours,
  businessImages,
  businessMenus,
  businessOffers,
  businessSpecialHours,
  businessTestimonials,
  businessVideos,
  events,
  reviews,
} from "../../app/.server/db/schema";
import {
  PIPELINE_VERSION,
  TARGET_WIDTHS,
  WEBP_QUALITY,
  encodeImage,
  storeEncodedImage,
  type EncodedImage,
} from "../../app/.server/media/process";
import { deleteImages } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { AppServices } from "../services";
import { buildDemoCity } from "./demo-city";
import { buildDemoEvents, buildDemoPosts } from "./demo-content";
import { buildDemoShowcase } from "./demo-showcase";
import { buildDemoOffers } from "./demo-offers";
import { buildDemoMenus } from "./demo-menus";

export { DEMO_OWNED_BUSINESS_SLUG, DEMO_OWNER_BUSINESS_SLUGS } from "./demo-businesses";

/** Serialises seeding across processes sharing one PostgreSQL (migrations use 7316203). */
export const SEED_LOCK_KEY = 7316204;

export interface SeedOptions {
  /** Where processed demo images are cached by content; false disables the cache. Default: node_modules/.cache. */
  cacheDir?: string | false;
  /** Media storage to fill (default: the configured one). */
  storage?: MediaStorage;
  /** "Now" for review and listing dates (tests). */
  now?: Date;
}

/** Fills an empty database with the demo city. Returns what it added, or null when it had nothing to do. */
export async function seedDemoData(
  services: AppServices,
  options: SeedOptions = {},
): Promise<{ businesses: number; reviews: number } | null> {
  const { db } = services.database;
  const { config, logger } = services;
  // Cheap check first: a database that has businesses is never touched.
  if (await hasBusinesses(db)) return null;

  const started = Date.now();
  const city = buildDemoCity({
    city: config.SITE_CITY,
    state: config.SITE_STATE,
    timezone: config.SITE_TIMEZONE,
    now: options.now ?? new Date(),
  });

  // Photos go through the same pipeline as uploads; every business gets its own
  // copies (own storage keys) so deleting one listing never touches another's files.
  const storage = options.storage ?? services.storage;
  const assets = demoAssetsDir();
  const imageRows: (typeof businessImages.$inferInsert)[] = [];
  // The city's blog and upcoming events (server/seed/demo-content.ts).
  const contentOptions = { city: config.SITE_CITY, timezone: config.SITE_TIMEZONE, now: options.now ?? new Date() };
  const demoEvents = buildDemoEvents(city, contentOptions);
  // Demo events have no photo: their hosts' photos are the venue's, not the event's, and the events page shows a date
  // tile instead (issue 40, defect 18).
  if (assets) {
    const cacheDir = options.cacheDir === undefined ? defaultCacheDir(assets) : options.cacheDir;
    const files = [...new Set(city.flatMap((b) => b.images.map((i) => i.file)))];
    const encoded = new Map<string, EncodedImage>();
    await eachLimit(files, 3, async (file) => {
      encoded.set(file, await encodeDemoImage(path.join(assets, file), cacheDir || null));
    });
    const jobs = city.flatMap((b) => b.images.map((image, position) => ({ b, image, position })));
    await eachLimit(jobs, 8, async ({ b, image, position }) => {
      const stored = await storeEncodedImage(storage, encoded.get(image.file)!);
      imageRows.push({
        businessId: b.business.id,
        position,
        storageKey: stored.storageKey,
        widths: stored.widths,
        width: stored.width,
        height: stored.height,
        alt: image.alt,
        createdAt: b.business.createdAt,
      });
    });
  } else {
    logger.warn("Demo data: assets/demo/ not found; seeding without photos");
  }

  // Menus (issue 36): their files are stored before the rows, like the photos.
  const demoMenus = await buildDemoMenus(city, storage);
  const photosDone = Date.now();
  let seeded = false;
  try {
    seeded = await db.transaction(async (tx) => {
      // Two processes starting at once on one PostgreSQL: the second waits here, then sees the rows.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (await hasBusinesses(tx)) return false;
      await insertChunks(
        city.map((b) => b.business),
        (rows) => tx.insert(businesses).values(rows),
      );
      await insertChunks(
        city.flatMap((b) => b.hours),
        (rows) => tx.insert(businessHours).values(rows),
      );
      await insertChunks(
        city.flatMap((b) => b.specialHours),
        (rows) => tx.insert(businessSpecialHours).values(rows),
      );
      await insertChunks(imageRows, (rows) => tx.insert(businessImages).values(rows));
      await insertChunks(
        city.flatMap((b) => b.reviews),
        (rows) => tx.insert(reviews).values(rows),
      );
      await tx.insert(blogPosts).values(buildDemoPosts(city, contentOptions));
      await tx.insert(events).values(demoEvents);
      // Testimonials and videos on a few Featured and Premium listings (issue 36).
      const showcase = buildDemoShowcase(city, contentOptions);
      if (showcase.testimonials.length) await tx.insert(businessTestimonials).values(showcase.testimonials);
      if (showcase.videos.length) await tx.insert(businessVideos).values(showcase.videos);
      // Coupons and offers on a few Featured and Premium listings (issue 36), current on the seed's "now".
      const demoOffers = buildDemoOffers(city, demoEvents, contentOptions);
      if (demoOffers.length) await tx.insert(businessOffers).values(demoOffers);
      if (demoMenus.rows.length) await tx.insert(businessMenus).values(demoMenus.rows);
      return true;
    });
  } finally {
    // Another process won the race, or the insert failed: our copies are orphans.
    if (!seeded) await deleteImages(storage, [...imageRows, ...demoMenus.files]).catch(() => {});
    if (!seeded) await storage.delete(demoMenus.files.map((f) => f.fileName)).catch(() => {});
  }
  if (!seeded) return null;

  const reviewCount = city.reduce((n, b) => n + b.reviews.length, 0);
  const done = Date.now();
  logger.debug(`Demo data seeded in ${done - started} ms`, {
    photos: imageRows.length,
    photosMs: photosDone - started,
    databaseMs: done - photosDone,
  });
  return { businesses: city.length, reviews: reviewCount };
}

type Db = AppServices["database"]["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function hasBusinesses(db: Db | Tx) {
  const [row] = await queryRows<{ found: boolean }>(db, sql`select exists(select 1 from ${businesses}) as found`);
  return Boolean(row?.found);
}

/** Keeps each INSERT well under PostgreSQL's 65,535 bind parameters. */
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** assets/demo/ at the repository root, found from source (server/seed) or from the bundle (build/server). */
export function demoAssetsDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "assets", "demo");
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function defaultCacheDir(assets: string) {
  const nodeModules = path.join(path.dirname(path.dirname(assets)), "node_modules");
  return fs.existsSync(nodeModules)
    ? path.join(nodeModules, ".cache", "near", "demo-media")
    : path.join(os.tmpdir(), `near-demo-media-${os.userInfo().uid}`);
}

interface CacheEntry {
  width: number;
  height: number;
  variants: { width: number; height: number }[];
}

/**
 * Encodes a demo image, reusing earlier output for identical bytes and
 * pipeline settings: a fresh start copies files instead of re-encoding.
 * The cache is best effort; any problem with it falls back to encoding.
 */
export async function encodeDemoImage(file: string, cacheDir: string | null): Promise<EncodedImage> {
  const source = await fs.promises.readFile(file);
  const hash = createHash("sha256")
    .update(`near-media:${PIPELINE_VERSION}:${TARGET_WIDTHS.join(",")}:${WEBP_QUALITY}\n`)
    .update(source)
    .digest("hex")
    .slice(0, 32);
  if (cacheDir) {
    try {
      const entry = JSON.parse(await fs.promises.readFile(path.join(cacheDir, `${hash}.json`), "utf8")) as CacheEntry;
      const variants = await Promise.all(
        entry.variants.map(async (v) => ({
          ...v,
          body: await fs.promises.readFile(path.join(cacheDir, `${hash}-${v.width}.webp`)),
        })),
      );
      if (variants.length > 0) return { width: entry.width, height: entry.height, variants };
    } catch {
      // Not cached yet (or unreadable): encode below.
    }
  }
  const encoded = await encodeImage(source, { filename: path.basename(file) });
  if (cacheDir) {
    try {
      await fs.promises.mkdir(cacheDir, { recursive: true });
      for (const v of encoded.variants) await writeAtomic(path.join(cacheDir, `${hash}-${v.width}.webp`), v.body);
      const entry: CacheEntry = {
        width: encoded.width,
        height: encoded.height,
        variants: encoded.variants.map(({ width, height }) => ({ width, height })),
      };
      // The index is written last: a reader that finds it finds every variant.
      await writeAtomic(path.join(cacheDir, `${hash}.json`), Buffer.from(JSON.stringify(entry)));
    } catch {
      // A read-only or full disk only costs speed.
    }
  }
  return encoded;
}

async function writeAtomic(target: string, body: Buffer) {
  const tmp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.promises.writeFile(tmp, body);
  await fs.promises.rename(tmp, target);
}

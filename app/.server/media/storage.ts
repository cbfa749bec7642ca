import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { DEFAULT_MEDIA_BASE_URL, mediaUrl, variantFileName, type StoredImage } from "../../lib/images";
import { S3MediaStorage } from "./s3";
import type { MediaStorage } from "./types";

/**
 * Where photo files live. Objects are flat, immutable and named
 * `${storageKey}-${width}.webp`, so the same interface maps onto an
 * S3-compatible bucket (PutObject / DeleteObjects / public or CDN URL) later.
 */

/** Storage keys are random and URL-safe; object names add `-{width}.webp`. */
const OBJECT_NAME_RE = /^[a-z0-9]{16,64}-[1-9][0-9]{0,4}\.webp$/;
/** A stored document (a PDF menu, issue 36): `${key}.pdf`, read back only through its download route. */
const DOCUMENT_NAME_RE = /^[a-z0-9]{16,64}\.pdf$/;

export function documentName(storageKey: string) {
  return `${storageKey}.pdf`;
}

export function isDocumentName(name: string) {
  return DOCUMENT_NAME_RE.test(name);
}

export function newStorageKey() {
  return randomBytes(12).toString("hex");
}

/** Every object name an image's variants are stored under (for deletion). */
export function objectNames(image: Pick<StoredImage, "storageKey" | "widths">) {
  return image.widths.map((w) => variantFileName(image.storageKey, w));
}

/** Deletes the files of several images (e.g. when a business is deleted). */
export async function deleteImages(
  storage: MediaStorage,
  images: readonly Pick<StoredImage, "storageKey" | "widths">[],
) {
  const names = images.flatMap(objectNames);
  if (names.length > 0) await storage.delete(names);
}

function assertObjectName(name: string) {
  // Names come from our own keys, but a path separator must never reach the file system.
  if (!OBJECT_NAME_RE.test(name) && !DOCUMENT_NAME_RE.test(name))
    throw new Error(`Invalid media object name ${JSON.stringify(name)}`);
}

/** Local disk under `DATA_DIR/media`, served by the app at /media/* with immutable caching. */
export class LocalMediaStorage implements MediaStorage {
  constructor(
    readonly dir: string,
    readonly baseUrl: string = DEFAULT_MEDIA_BASE_URL,
  ) {}

  async put(name: string, body: Buffer, _contentType: string) {
    assertObjectName(name);
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    // Write then rename: a reader never sees half a file.
    const tmp = `${target}.${randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, target);
  }

  async delete(names: readonly string[]) {
    for (const name of names) assertObjectName(name);
    await Promise.all(names.map((name) => fs.rm(path.join(this.dir, name), { force: true })));
  }

  url(storageKey: string, width: number) {
    return mediaUrl(storageKey, width, this.baseUrl);
  }

  async getDocument(name: string): Promise<Buffer | null> {
    if (!DOCUMENT_NAME_RE.test(name)) return null;
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch {
      return null;
    }
  }

  /** Absolute path of one variant (local storage only; tests and tooling). */
  filePath(storageKey: string, width: number) {
    return path.join(this.dir, variantFileName(storageKey, width));
  }
}

export interface MediaStorageConfig {
  dataDir: string;
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}

/** The storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    const region = config.S3_REGION ?? "us-east-1";
    return new S3MediaStorage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
      region,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? true,
    });
  }
  return new LocalMediaStorage(path.join(config.dataDir, "media"));
}

/** Reads a stored document back (local disk or the bucket); null when it is missing. */
export async function readDocument(storage: MediaStorage, name: string): Promise<Buffer | null> {
  // Not `instanceof`: the page build and the server bundle each have their own copy of these classes.
  if (!DOCUMENT_NAME_RE.test(name) || !storage.getDocument) return null;
  return storage.getDocument(name);
}

/**
 * Where photos are kept: local disk under DATA_DIR/media (served by the
 * static handler) or an S3-compatible bucket (read back through `get`).
 * storage.ts builds the one the configuration asks for.
 */
export interface MediaStorage {
  /** Stores one object (overwrites an existing one of the same name). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** Deletes objects by name; missing ones are ignored. */
  delete(names: readonly string[]): Promise<void>;
  /** Public URL of one variant. */
  url(storageKey: string, width: number): string;
  /** Reads an object back, for stores the static file handler can't see (a bucket); null when missing. */
  get?(name: string): Promise<Response | null>;
  /** A stored document's bytes (a PDF menu, `<key>.pdf`), read back by its download route; null when missing. */
  getDocument?(name: string): Promise<Buffer | null>;
}

// `npm run export -- [--format csv|jsonl] [--status published|pending|rejected|suspended] [--category restaurants|…]
//   [--out FILE]`: every listing (or the filtered ones) in the columns the import reads back (docs/import.md).
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { parseConfig, ConfigError } from "../app/.server/config";
import { openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { EXPORT_FORMATS, exportListings, type ExportFormat } from "../app/features/import/export.server";
import { LISTING_CATEGORIES, LISTING_STATUSES, type ListingCategory, type ListingStatus } from "../app/lib/catalogue";

try {
  const { values } = parseArgs({
    options: {
      format: { type: "string", default: "csv" },
      status: { type: "string" },
      category: { type: "string" },
      out: { type: "string" },
    },
  });
  if (!(EXPORT_FORMATS as readonly string[]).includes(values.format)) throw new Error("--format must be csv or jsonl");
  if (values.status && !(LISTING_STATUSES as readonly string[]).includes(values.status))
    throw new Error(`--status must be one of ${LISTING_STATUSES.join(", ")}`);
  if (values.category && !(LISTING_CATEGORIES as readonly string[]).includes(values.category))
    throw new Error(`--category must be one of ${LISTING_CATEGORIES.join(", ")}`);
  const config = parseConfig(process.env);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const lines = exportListings(handle.db, values.format as ExportFormat, {
      status: values.status as ListingStatus | undefined,
      category: values.category as ListingCategory | undefined,
    });
    await pipeline(Readable.from(lines), values.out ? fs.createWriteStream(values.out) : process.stdout);
    if (values.out) console.error(`Written: ${values.out}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe server is running on this DATA_DIR: stop it, use the export buttons in /admin, or set DATABASE_URL.`,
    );
  } else {
    console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  }
  process.exit(1);
}

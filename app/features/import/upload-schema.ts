import { z } from "zod";

/**
 * The /admin import page's upload form (docs/import.md), parsed by Conform in
 * the browser and in the action. The file itself streams to disk on the
 * server; the action checks it arrived with the same schema.
 */

/** "auto": guessed from the file's name and first bytes, as the command line does. */
export const IMPORT_FORMAT_CHOICES = ["auto", "csv", "jsonl", "yelp", "osm"] as const;
export type ImportFormatChoice = (typeof IMPORT_FORMAT_CHOICES)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormatChoice, string> = {
  auto: "Detect from the file",
  csv: "CSV",
  jsonl: "JSON lines (Near's export)",
  yelp: "Yelp Open Dataset",
  osm: "OpenStreetMap (GeoJSON / Overpass)",
};

/** The largest file the page takes (bigger ones: `npm run import`). */
export const IMPORT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

export const importUploadSchema = z.object({
  file: z
    .instanceof(File, { message: "Choose a file to import." })
    .refine((f) => f.name !== "", "Choose a file to import.")
    .refine((f) => f.size <= IMPORT_UPLOAD_MAX_BYTES, "The file must be 100 MB or smaller."),
  format: z.enum(IMPORT_FORMAT_CHOICES, { error: "Choose a format." }).default("auto"),
  status: z.enum(["published", "pending"], { error: "Choose published or pending." }).default("published"),
  dryRun: z.boolean().default(false),
});
export type ImportUploadInput = z.output<typeof importUploadSchema>;

/** The preview's "Run import" (and "Discard") buttons. */
export const importRunSchema = z.object({
  intent: z.enum(["run", "discard"]),
  uploadId: z.string().min(1).max(100),
});

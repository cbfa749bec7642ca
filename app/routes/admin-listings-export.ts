import { Readable } from "node:stream";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/guards.server";
import { EXPORT_FORMATS, exportListings } from "~/features/import/export.server";
import { LISTING_CATEGORIES, LISTING_STATUSES } from "~/lib/catalogue";
import type { Route } from "./+types/admin-listings-export";

const paramsSchema = z.object({
  format: z.enum(EXPORT_FORMATS).catch("csv").default("csv"),
  status: z.enum(LISTING_STATUSES).optional().catch(undefined),
  category: z.enum(LISTING_CATEGORIES).optional().catch(undefined),
});

/**
 * GET /admin/listings/export?format=csv|jsonl&status=&category=: every
 * listing (or the filtered ones) in the columns the import reads back
 * (docs/import.md), streamed a page at a time. Admins only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const url = new URL(request.url);
  const params = paramsSchema.parse(Object.fromEntries(url.searchParams));
  const lines = exportListings(context.db, params.format, { status: params.status, category: params.category });
  const encoder = new TextEncoder();
  async function* bytes() {
    for await (const line of lines) yield encoder.encode(line);
  }
  const day = new Date().toISOString().slice(0, 10);
  const name = ["listings", params.status, params.category, day].filter(Boolean).join("-");
  const extension = params.format === "csv" ? "csv" : "jsonl";
  return new Response(Readable.toWeb(Readable.from(bytes())) as ReadableStream, {
    headers: {
      "Content-Type": params.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.${extension}"`,
      "Cache-Control": "no-store",
    },
  });
}

import { Readable } from "node:stream";
import type { Database } from "~/.server/db/client";
import { exportListings } from "~/features/import/export.server";
import { openReader, runImport } from "~/features/import/run.server";
import type { Reject } from "~/features/import/writer.server";

/** Imports a file's text as the CLI would (published, Chicago's time zone), collecting the rejects. */
export async function importText(db: Database, text: string, format: "csv" | "jsonl", source = "test") {
  const rejects: Reject[] = [];
  const summary = await runImport(db, openReader(format, Readable.from([text]), { source }), {
    status: "published",
    defaultTimezone: "America/Chicago",
    onReject: (r) => {
      rejects.push(r);
    },
  });
  return { summary, rejects };
}

/** The whole export as one string. */
export async function exportText(db: Database, format: "csv" | "jsonl") {
  let out = "";
  for await (const line of exportListings(db, format)) out += line;
  return out;
}

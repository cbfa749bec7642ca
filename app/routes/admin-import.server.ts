import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { parseWithZod } from "@conform-to/zod/v4";
import busboy from "busboy";
import { data, redirect, type AppLoadContext } from "react-router";
import { requireAdmin } from "~/features/auth/guards.server";
import {
  IMPORT_UPLOAD_MAX_BYTES,
  importRunSchema,
  importUploadSchema,
  type ImportFormatChoice,
} from "~/features/import/upload-schema";
import { AppError, isAppError } from "~/lib/app-error";
import { errorResult, replyWithError, type FormResult } from "~/lib/form-reply";

/**
 * /admin/import (docs/import.md): upload a file (streamed to
 * DATA_DIR/tmp/import, never held in memory), see the preview of its first
 * rows, run it; the import runs in the background (ImportJobs) and the page
 * polls /admin/import/jobs/:id. Admins only, every loader and action.
 */

type Args = { request: Request; context: AppLoadContext };

export type ImportActionData = { ok: false; message: string; result: FormResult };

const tooLarge = "The file must be 100 MB or smaller: import bigger files with npm run import.";

/** The upload form's fields and its one file, written to `target` as it streams in. */
async function receiveUpload(request: Request, target: string) {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !type.toLowerCase().startsWith("multipart/form-data"))
    throw new AppError("bad_request", "Upload the file with the form.");
  const fields = new FormData();
  let file: { filename: string; size: number; truncated: boolean } | null = null;
  const parser = busboy({
    headers: { "content-type": type },
    limits: { files: 1, fileSize: IMPORT_UPLOAD_MAX_BYTES, fields: 10, fieldSize: 1000 },
  });
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value) => fields.append(name, value));
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || !info.filename) {
      stream.resume();
      return;
    }
    const received = { filename: path.basename(info.filename).slice(0, 200), size: 0, truncated: false };
    file = received;
    stream.on("data", (chunk: Buffer) => (received.size += chunk.length));
    stream.on("limit", () => (received.truncated = true));
    writes.push(pipeline(stream, fs.createWriteStream(target)));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch (error) {
    fs.rmSync(target, { force: true });
    if (error instanceof Error && error.name === "BodyTooLargeError") throw new AppError("payload_too_large", tooLarge);
    throw new AppError("bad_request", "The upload was cut short: try again.");
  }
  return { fields, file: file as { filename: string; size: number; truncated: boolean } | null };
}

async function uploadAction({ request, context }: Args, adminId: string) {
  const imports = context.imports;
  const target = imports.newUploadFile();
  let received: Awaited<ReturnType<typeof receiveUpload>>;
  try {
    received = await receiveUpload(request, target);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ImportActionData>(
      { ok: false, message: error.message, result: errorResult(error.message, { file: error.message }) },
      { status: error.status },
    );
  }
  // The schema checks the fields; the file itself is on disk, checked below.
  const submission = parseWithZod(received.fields, { schema: importUploadSchema.omit({ file: true }) });
  const fail = (message: string, status: number, fields?: Record<string, string>) => {
    fs.rmSync(target, { force: true });
    const result =
      submission.status === "success" ? replyWithError(submission, message, fields) : errorResult(message, fields);
    return data<ImportActionData>({ ok: false, message, result }, { status });
  };
  if (submission.status !== "success") {
    fs.rmSync(target, { force: true });
    return data<ImportActionData>(
      { ok: false, message: "Check the form.", result: submission.reply() },
      { status: 400 },
    );
  }
  const file = received.file;
  if (!file) return fail("Choose a file to import.", 400, { file: "Choose a file to import." });
  if (file.truncated) return fail(tooLarge, 413, { file: tooLarge });
  try {
    const upload = await imports.prepare(
      adminId,
      {
        file: target,
        filename: file.filename,
        format: submission.value.format as ImportFormatChoice,
        status: submission.value.status,
        dryRun: submission.value.dryRun,
      },
      { timezone: context.config.SITE_TIMEZONE, country: context.config.SITE_COUNTRY },
    );
    return redirect(`/admin/import?upload=${encodeURIComponent(upload.id)}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(error.message, error.status, error.fields);
  }
}

export async function adminImportAction(args: Args) {
  const admin = await requireAdmin(args);
  const { request, context } = args;
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    return uploadAction(args, admin.id);
  const parsed = importRunSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const message = "Upload a file first.";
    return data<ImportActionData>({ ok: false, message, result: errorResult(message) }, { status: 400 });
  }
  if (parsed.data.intent === "discard") {
    context.imports.discard(parsed.data.uploadId, admin.id);
    return redirect("/admin/import");
  }
  try {
    const job = context.imports.start(context.db, parsed.data.uploadId, admin.id, {
      timezone: context.config.SITE_TIMEZONE,
      country: context.config.SITE_COUNTRY,
    });
    return redirect(`/admin/import?job=${encodeURIComponent(job.id)}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ImportActionData>(
      { ok: false, message: error.message, result: errorResult(error.message) },
      { status: error.status },
    );
  }
}

/** The page: the upload form, an upload's preview (?upload=), or a job's progress and summary (?job=). */
export async function loadAdminImport(args: Args) {
  const admin = await requireAdmin(args);
  const url = new URL(args.request.url);
  const jobId = url.searchParams.get("job");
  const uploadId = url.searchParams.get("upload");
  const imports = args.context.imports;
  if (jobId) {
    const job = imports.job(jobId, admin.id);
    if (!job) throw new Response("Import Not Found", { status: 404 });
    return { step: "job" as const, job };
  }
  if (uploadId) {
    const upload = imports.upload(uploadId, admin.id);
    if (!upload) return { step: "upload" as const, expired: true };
    const { id, filename, size, status, dryRun, preview } = upload;
    return { step: "preview" as const, upload: { id, filename, size, status, dryRun, preview } };
  }
  return { step: "upload" as const, expired: false };
}

/** GET /admin/import/jobs/:id: the job's progress as JSON (the page polls it); 404 for another's or an unknown id. */
export async function loadImportJob(args: Args & { params: { id?: string } }) {
  const admin = await requireAdmin(args);
  const job = args.context.imports.job(args.params.id ?? "", admin.id);
  if (!job)
    return Response.json({ error: "Import not found." }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json(job, { headers: { "Cache-Control": "no-store" } });
}

/** GET /admin/import/jobs/:id/rejects.csv: a finished job's rejected rows (line, external id, reason). */
export async function loadImportRejects(args: Args & { params: { id?: string } }) {
  const admin = await requireAdmin(args);
  const file = args.context.imports.rejectsFile(args.params.id ?? "", admin.id);
  if (!file || !fs.existsSync(file)) return new Response("Not Found", { status: 404 });
  const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-rejects.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

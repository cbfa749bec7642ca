import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { addressLines } from "~/lib/address";
import { AlertTriangle, CheckCircle2, Download, FileUp, Loader2, Play, RotateCcw, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LabelledField, FieldMessage } from "~/components/ui/field-message";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { CATEGORY_OPTIONS } from "~/lib/catalogue";
import type { FormResult } from "~/lib/form-reply";
import { useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { ImportJobView, ImportPreview } from "../jobs.server";
import { IMPORT_FORMAT_CHOICES, IMPORT_FORMAT_LABELS, importUploadSchema } from "../upload-schema";

/**
 * The /admin import page's three steps: upload (Conform, a plain multipart
 * post that works without JavaScript), the preview of the first rows, and
 * the running import with its progress bar and summary.
 */

const FORMAT_NAMES = { csv: "CSV", jsonl: "JSON lines", yelp: "Yelp Open Dataset", osm: "OpenStreetMap" } as const;

const MAPPING_NOTES = {
  jsonl: "Each line's keys are Near's own column names (the export's format).",
  yelp: "Yelp's categories give the primary and additional categories (one Near has no mapping for is filed and noted), attributes the features, hours and price range their own fields.",
  osm: "amenity / shop / craft / healthcare / office / leisure / tourism give the categories (cuisine, religion… refine them), addr:* the address, opening_hours the hours.",
} as const;

const card = "rounded-2xl border bg-card p-5 shadow-card sm:p-6";

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Steps({ current }: { current: 1 | 2 | 3 }) {
  const steps = ["Upload", "Preview", "Import"];
  return (
    <ol className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm" aria-label="Import steps">
      {steps.map((label, i) => {
        const n = i + 1;
        const state = n < current ? "done" : n === current ? "current" : "todo";
        return (
          <li key={label} className="flex items-center gap-2" aria-current={state === "current" ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={cn(
                "grid size-6 place-items-center rounded-full text-xs font-bold",
                state === "current" && "bg-primary text-primary-foreground",
                state === "done" && "bg-primary-soft text-accent-foreground",
                state === "todo" && "bg-muted text-muted-foreground",
              )}
            >
              {n}
            </span>
            <span className={cn("font-semibold", state === "todo" && "text-muted-foreground")}>{label}</span>
            {n < steps.length ? <span aria-hidden="true" className="mx-1 hidden h-px w-6 bg-border sm:block" /> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function UploadStep({ lastResult, expired }: { lastResult?: FormResult | null; expired: boolean }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(importUploadSchema, {
    id: "import-upload",
    lastResult,
    defaultValue: { format: "auto", status: "published" },
  });
  return (
    <section className={cn(card, "grid gap-5")} aria-labelledby="import-upload-heading">
      <Steps current={1} />
      <div className="grid gap-1">
        <h2 id="import-upload-heading" className="text-xl font-bold">
          Upload a file
        </h2>
        <p className="text-sm text-muted-foreground">
          CSV with a header row, Near&apos;s JSON lines export, the Yelp Open Dataset business file or OpenStreetMap
          GeoJSON / Overpass JSON, up to 100 MB. Nothing is written until you run the import.
        </p>
      </div>
      {expired ? (
        <p role="status" className="rounded-xl border bg-muted/60 px-4 py-3 text-sm">
          That upload has expired or was already imported: upload the file again.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-5">
        {form.errors?.[0] ? (
          <p
            role="alert"
            id={form.errorId}
            className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <LabelledField id={fields.file.id} label="File" errors={fields.file.errors} errorId={fields.file.errorId}>
          <Input
            {...getInputProps(fields.file, { type: "file" })}
            accept=".csv,.tsv,.json,.jsonl,.ndjson,.geojson,text/csv,application/json"
            className="h-auto py-2 file:mr-3 file:rounded-md file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
          />
        </LabelledField>
        <div className="grid gap-5 sm:grid-cols-2">
          <LabelledField
            id={fields.format.id}
            label="Format"
            errors={fields.format.errors}
            errorId={fields.format.errorId}
          >
            <NativeSelect {...getSelectProps(fields.format)}>
              {IMPORT_FORMAT_CHOICES.map((f) => (
                <option key={f} value={f}>
                  {IMPORT_FORMAT_LABELS[f]}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <fieldset className="grid content-start gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">New listings are</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {(["published", "pending"] as const).map((value) => (
                <label key={value} className="inline-flex min-h-10 items-center gap-2 text-sm">
                  <input
                    {...getInputProps(fields.status, { type: "radio", value })}
                    key={value}
                    className="size-4 accent-primary"
                  />
                  {value === "published" ? "Published" : "Pending review"}
                </label>
              ))}
            </div>
            <FieldMessage id={fields.status.errorId} errors={fields.status.errors} />
          </fieldset>
        </div>
        <label className="inline-flex w-fit items-start gap-2 text-sm">
          <input {...getInputProps(fields.dryRun, { type: "checkbox" })} className="mt-0.5 size-4 accent-primary" />
          <span>
            <span className="font-medium">Dry run</span>
            <span className="block text-muted-foreground">
              Check every row and count what would change; write nothing.
            </span>
          </span>
        </label>
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <FileUp aria-hidden="true" />}
            {sending ? "Uploading…" : "Upload and preview"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

export interface PreviewUpload {
  id: string;
  filename: string;
  size: number;
  status: "published" | "pending" | string;
  dryRun: boolean;
  preview: ImportPreview;
}

export function PreviewStep({ upload, error }: { upload: PreviewUpload; error?: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const { preview } = upload;
  const rejected = preview.rows.filter((r) => !r.ok).length;
  return (
    <section className={cn(card, "grid gap-6")} aria-labelledby="import-preview-heading">
      <Steps current={2} />
      <div className="grid gap-2">
        <h2 id="import-preview-heading" className="text-xl font-bold break-words">
          Preview of {upload.filename}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="soft" data-testid="import-format">
            {FORMAT_NAMES[preview.format]}
            {preview.detected ? " (detected)" : ""}
          </Badge>
          <span>
            {formatBytes(upload.size)}, new listings {upload.status === "pending" ? "pending review" : "published"}
          </span>
          {upload.dryRun ? <Badge variant="outline">Dry run: nothing is written</Badge> : null}
        </div>
      </div>
      {error ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          {error}
        </p>
      ) : null}

      <div className="grid gap-3">
        <h3 className="font-semibold">Column mapping</h3>
        {preview.columns ? (
          <ul className="flex flex-wrap gap-2" aria-label="Column mapping">
            {preview.columns.map(({ header, column }, i) => (
              <li
                key={`${header}-${i}`}
                className={cn(
                  "inline-flex items-center gap-1.5 rounded-lg border px-2.5 py-1 text-xs",
                  column ? "bg-muted/50" : "border-dashed text-muted-foreground",
                )}
              >
                <span className="font-medium">{header || "(blank)"}</span>
                <span aria-hidden="true">→</span>
                <span className="sr-only">maps to</span>
                {column ? <code className="font-mono text-accent-foreground">{column}</code> : <span>ignored</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{MAPPING_NOTES[preview.format as keyof typeof MAPPING_NOTES]}</p>
        )}
      </div>

      <div className="grid gap-3">
        <h3 className="font-semibold">
          First {preview.rows.length} rows{" "}
          <span className="font-normal text-muted-foreground">
            as they will be imported{rejected ? ` · ${rejected} would be rejected` : ""}
          </span>
        </h3>
        {/* Scrolls sideways on a phone: focusable so the keyboard can scroll it too (axe's scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="overflow-x-auto rounded-xl border" role="region" aria-label="Preview rows" tabIndex={0}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase">
              <tr>
                {["Line", "Name", "Category", "Address", "Phone", "Hours"].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {preview.rows.map((row) =>
                row.ok ? (
                  <tr key={row.line} className="align-top">
                    <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.line}</td>
                    <td className="px-3 py-2 font-medium">
                      {row.listing.name}
                      {row.listing.features.length ? (
                        <span className="block text-xs font-normal text-muted-foreground">
                          {row.listing.features.join(", ")}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {CATEGORY_OPTIONS.find((o) => o.value === row.listing.category)?.label ?? row.listing.category}
                      {row.listing.kind ? (
                        <span className="block text-xs text-muted-foreground">{row.listing.kind}</span>
                      ) : null}
                      {row.listing.categoryNotes?.map((note) => (
                        <span key={note} className="block text-xs text-muted-foreground italic">
                          {note}
                        </span>
                      ))}
                    </td>
                    <td className="px-3 py-2">
                      {row.listing.address}
                      <span className="block text-xs text-muted-foreground">
                        {addressLines({ ...row.listing, country: row.listing.country ?? "" }).at(-1)}
                        {row.listing.country ? ` · ${row.listing.country}` : ""}
                      </span>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.listing.phone ?? "—"}</td>
                    <td className="px-3 py-2 text-xs">{row.listing.hours ?? "—"}</td>
                  </tr>
                ) : (
                  <tr key={row.line} className="bg-destructive/5" data-testid="preview-reject">
                    <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.line}</td>
                    <td colSpan={5} className="px-3 py-2 text-destructive">
                      <span className="inline-flex items-center gap-1.5 font-medium">
                        <XCircle aria-hidden="true" className="size-4 shrink-0" />
                        Rejected: {row.reason}
                      </span>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
        {preview.more ? (
          <p className="text-xs text-muted-foreground">The rest of the file is checked the same way when it runs.</p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-3 border-t pt-5">
        <Form method="post">
          <input type="hidden" name="uploadId" value={upload.id} />
          <Button type="submit" name="intent" value="run" disabled={sending}>
            {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Play aria-hidden="true" />}
            {upload.dryRun ? "Run dry run" : "Run import"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="uploadId" value={upload.id} />
          <Button type="submit" name="intent" value="discard" variant="outline" disabled={sending}>
            <RotateCcw aria-hidden="true" /> Choose another file
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** Polls the job's JSON while it runs (without JavaScript the page refreshes itself). */
function useJobProgress(initial: ImportJobView) {
  const [job, setJob] = useState(initial);
  useEffect(() => {
    if (job.state !== "running") return;
    let stopped = false;
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/admin/import/jobs/${encodeURIComponent(job.id)}`, {
          headers: { Accept: "application/json" },
        });
        if (res.ok && !stopped) setJob((await res.json()) as ImportJobView);
      } catch {
        // A missed poll: the next one (set off by the unchanged state below) tries again.
        if (!stopped) setJob((j) => ({ ...j }));
      }
    }, 500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job]);
  return job;
}

export function JobStep({ initial }: { initial: ImportJobView }) {
  const job = useJobProgress(initial);
  const running = job.state === "running";
  const s = job.summary;
  const counts = [
    { id: "inserted", label: job.dryRun ? "Would be created" : "Created", value: s.inserted },
    { id: "updated", label: job.dryRun ? "Would be updated" : "Updated", value: s.updated },
    { id: "unchanged", label: "Unchanged", value: s.unchanged },
    { id: "kept", label: "Kept owner edits", value: s.kept },
    { id: "skipped", label: "Skipped", value: s.skipped },
    { id: "rejected", label: "Rejected", value: s.rejected },
  ];
  return (
    <section className={cn(card, "grid gap-6")} aria-labelledby="import-job-heading">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <Steps current={3} />
      <div className="grid gap-1">
        <h2 id="import-job-heading" className="flex items-center gap-2 text-xl font-bold break-words">
          {running ? (
            <Loader2 aria-hidden="true" className="size-5 shrink-0 animate-spin text-primary" />
          ) : job.state === "done" ? (
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
          ) : (
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-destructive" />
          )}
          {running
            ? `Importing ${job.filename}…`
            : job.state === "done"
              ? `${job.dryRun ? "Dry run of" : "Imported"} ${job.filename}`
              : `The import of ${job.filename} stopped`}
        </h2>
        <p className="text-sm text-muted-foreground">
          {FORMAT_NAMES[job.format]} · new listings {job.status === "pending" ? "pending review" : "published"}
          {job.dryRun ? " · dry run: nothing was written" : ""}
        </p>
      </div>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span id="import-progress-label" className="font-semibold">
            Progress
          </span>
          <span className="tabular-nums" data-testid="import-percent">
            {job.percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="import-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.percent}
          aria-valuetext={`${job.percent}%: ${s.read} rows read`}
          className="h-3 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn(
              "h-full rounded-full transition-[width] duration-300",
              job.state === "failed" ? "bg-destructive" : "bg-primary",
            )}
            style={{ width: `${job.percent}%` }}
          />
        </div>
        <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="import-rates">
          {s.read.toLocaleString("en-US")} rows read · {job.written.toLocaleString("en-US")} written ·{" "}
          {s.rejected.toLocaleString("en-US")} rejected · {job.rowsPerSecond.toLocaleString("en-US")} rows/s
        </p>
      </div>

      {job.error ? (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          {job.error}
        </p>
      ) : null}

      {running ? null : (
        <>
          <div className="grid gap-3">
            <h3 className="font-semibold">Summary</h3>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-summary">
              {counts.map((c) => (
                <div
                  key={c.id}
                  className={cn(
                    "rounded-xl border p-3",
                    c.id === "rejected" && c.value > 0 ? "border-destructive/40 bg-destructive/5" : "bg-muted/30",
                  )}
                >
                  <dt className="text-xs font-medium text-muted-foreground">{c.label}</dt>
                  <dd className="mt-1 text-2xl font-extrabold tabular-nums" data-testid={`summary-${c.id}`}>
                    {c.value.toLocaleString("en-US")}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          {s.filedByFallback > 0 ? <CategoryNotesList summary={s} /> : null}
          {job.firstRejects.length ? <RejectsList rejects={job.firstRejects} total={s.rejected} /> : null}
          <div className="flex flex-wrap gap-3 border-t pt-5">
            {s.rejected > 0 ? (
              <Button asChild variant="outline">
                {/* A file download: a plain link, not a client-side navigation. */}
                <a href={`/admin/import/jobs/${encodeURIComponent(job.id)}/rejects.csv`} download>
                  <Download aria-hidden="true" /> Download rejected rows (CSV)
                </a>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/admin/import">
                <FileUp aria-hidden="true" /> Import another file
              </Link>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The rows filed by a category fallback, and where (issue 34): kept, but worth a mapping. */
function CategoryNotesList({ summary }: { summary: ImportJobView["summary"] }) {
  const rows = summary.filedByFallback;
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">
        Filed by fallback{" "}
        <span className="font-normal text-muted-foreground" data-testid="summary-fallback">
          ({rows.toLocaleString("en-US")} {rows === 1 ? "row" : "rows"})
        </span>
      </h3>
      <p className="text-sm text-muted-foreground">
        These categories have no mapping in Near&apos;s category tree: the rows were kept and filed as shown.
      </p>
      <ul className="grid gap-1.5 text-sm" aria-label="Category fallbacks" data-testid="import-category-notes">
        {summary.categoryNotes.map((n) => (
          <li key={n.note} className="flex gap-2">
            <span className="shrink-0 font-medium tabular-nums">{n.count.toLocaleString("en-US")} ×</span>
            <span className="min-w-0 break-words text-muted-foreground">{n.note}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RejectsList({ rejects, total }: { rejects: ImportJobView["firstRejects"]; total: number }) {
  return (
    <div className="grid gap-2">
      <h3 className="font-semibold">
        Rejected rows{" "}
        {total > rejects.length ? (
          <span className="font-normal text-muted-foreground">(the first {rejects.length})</span>
        ) : null}
      </h3>
      <ul className="grid gap-1.5 text-sm" aria-label="Rejected rows" data-testid="import-rejects">
        {rejects.map((r) => (
          <li key={r.line} className="flex gap-2">
            <span className="shrink-0 font-medium tabular-nums">Line {r.line}:</span>
            <span className="min-w-0 break-words text-muted-foreground">{r.reason}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

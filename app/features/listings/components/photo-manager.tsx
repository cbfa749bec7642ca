import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import {
  ACCEPTED_PHOTO_TEXT,
  ACCEPTED_PHOTO_TYPES,
  LIMITS,
  MAX_PHOTOS_PER_REQUEST,
  PHOTO_LIMITS,
  PLAN_LABELS,
  upgradeFor,
  type ListingPlan,
} from "../../../lib/catalogue";
import { photoFileProblem } from "../schema";
import { SNIFF_BYTES, sniffedImageProblem } from "~/lib/image-sniff";
import type { ManagedPhoto } from "../types";
import { FieldError } from "./field";
import { countLabel } from "~/lib/plural";

export type PhotoItem =
  | { key: string; kind: "stored"; id: string; alt: string; src: string; srcSet: string; width: number; height: number }
  | { key: string; kind: "new"; file: File; alt: string; previewUrl: string; width?: number; height?: number };

export function photosFromStored(photos: ManagedPhoto[]): PhotoItem[] {
  return photos.map((p) => ({
    key: p.id,
    kind: "stored",
    id: p.id,
    alt: p.alt,
    src: p.src,
    srcSet: p.srcSet,
    width: p.width,
    height: p.height,
  }));
}

let counter = 0;

/**
 * A new photo's file as a hidden file input of the form, so the form's own
 * data carries it (checked and sent as is). Set again after a render that
 * left the input without it.
 */
function PhotoFileInput({ name, file }: { name: string; file: File }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input || (input.files?.length === 1 && input.files[0] === file)) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  });
  return <input ref={ref} type="file" name={name} hidden tabIndex={-1} aria-hidden="true" />;
}

/**
 * The listing's photos in order: the first is the cover. Upload several at
 * once (or drop them here), move them, make one the cover, describe each for
 * screen readers, remove. Nothing is stored until the form is saved; the
 * browser checks type and size first, the server checks the content.
 */
export function PhotoManager({
  value,
  onChange,
  limit,
  plan,
  errors,
}: {
  value: PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  /** Null: no limit (admins). */
  limit: number | null;
  plan: ListingPlan;
  errors: Record<string, string>;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const urls = useRef(new Set<string>());
  const newCount = value.filter((p) => p.kind === "new").length;
  const full = limit !== null && value.length >= limit;
  // The cheapest plan that takes one more photo, named when this one is full.
  const better = limit === null ? null : upgradeFor(plan, "images");

  // Object URLs of previews are released when the form goes away.
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  async function addFiles(files: File[]) {
    // Each file's first bytes: one that isn't an image we take (whatever its name or type says) is refused here with
    // the server's words, instead of a broken preview (issue 40).
    const heads = await Promise.all(
      files.map((file) =>
        file
          .slice(0, SNIFF_BYTES)
          .arrayBuffer()
          .then((bytes) => new Uint8Array(bytes))
          .catch(() => new Uint8Array()),
      ),
    );
    const problems: string[] = [];
    const added: PhotoItem[] = [];
    let room = limit === null ? Infinity : limit - value.length;
    let batchRoom = MAX_PHOTOS_PER_REQUEST - newCount;
    for (const [i, file] of files.entries()) {
      const problem = photoFileProblem(file) ?? sniffedImageProblem(heads[i]!, file.name);
      if (problem) {
        problems.push(problem);
        continue;
      }
      if (room <= 0) {
        problems.push(
          `"${file.name}" was not added: the ${PLAN_LABELS[plan]} plan includes ${countLabel(limit ?? 0, "photo")}.`,
        );
        continue;
      }
      if (batchRoom <= 0) {
        problems.push(
          `"${file.name}" was not added: save first, then add more (at most ${MAX_PHOTOS_PER_REQUEST} new photos per save).`,
        );
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      urls.current.add(previewUrl);
      added.push({ key: `new-${++counter}`, kind: "new", file, alt: "", previewUrl });
      room--;
      batchRoom--;
    }
    setRefused(problems);
    if (added.length) onChange([...value, ...added]);
  }

  function remove(index: number) {
    const photo = value[index]!;
    if (photo.kind === "new") {
      URL.revokeObjectURL(photo.previewUrl);
      urls.current.delete(photo.previewUrl);
    }
    onChange(value.filter((_, i) => i !== index));
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    onChange(next);
  }

  const listError = errors.photos;

  return (
    <div className="grid gap-4">
      {value.length ? (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos, in order">
          {value.map((photo, index) => {
            const n = index + 1;
            const fileError =
              errors[`photos.${index}.file`] ?? errors[`photos.${index}.id`] ?? errors[`photos.${index}`];
            const altError = errors[`photos.${index}.alt`];
            return (
              <li
                key={photo.key}
                className={cn(
                  "group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs",
                  index === 0 && "ring-2 ring-primary/60",
                  fileError && "border-destructive",
                )}
                data-testid="photo-tile"
              >
                <div className="relative aspect-[4/3] bg-muted">
                  {photo.kind === "stored" ? (
                    <img
                      src={photo.src}
                      srcSet={photo.srcSet}
                      sizes="(min-width: 1024px) 240px, (min-width: 640px) 45vw, 90vw"
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      decoding="async"
                      alt={photo.alt || `Photo ${n}`}
                      className="size-full object-cover"
                    />
                  ) : (
                    <img
                      src={photo.previewUrl}
                      alt={photo.alt || `New photo ${n}: ${photo.file.name}`}
                      className="size-full object-cover"
                    />
                  )}
                  <div className="absolute top-2 left-2 flex gap-1.5">
                    {index === 0 ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground shadow-sm">
                        <Star aria-hidden="true" className="size-3 fill-current" />
                        Cover
                      </span>
                    ) : null}
                    {photo.kind === "new" ? (
                      <span className="rounded-full bg-background/90 px-2 py-0.5 text-xs font-semibold text-foreground shadow-sm">
                        New
                      </span>
                    ) : null}
                    {/* After a downgrade the public page shows only the plan's first photos; the rest are kept. */}
                    {limit !== null && index >= limit && photo.kind === "stored" ? (
                      <span
                        className="rounded-full bg-background/90 px-2 py-0.5 text-xs font-semibold text-foreground shadow-sm"
                        data-testid="photo-hidden"
                      >
                        Hidden on the {PLAN_LABELS[plan]} plan
                      </span>
                    ) : null}
                  </div>
                  <span className="absolute right-2 bottom-2 rounded-full bg-background/90 px-2 py-0.5 text-xs font-semibold text-foreground tabular-nums shadow-sm">
                    {n}
                  </span>
                </div>
                <div className="grid gap-2 p-3">
                  {photo.kind === "stored" ? (
                    <input type="hidden" name={`photos.${index}.id`} value={photo.id} />
                  ) : (
                    <PhotoFileInput name={`photos.${index}.file`} file={photo.file} />
                  )}
                  <label htmlFor={`${inputId}-alt-${photo.key}`} className="text-xs font-medium text-muted-foreground">
                    Alt text for photo {n}
                  </label>
                  <Input
                    id={`${inputId}-alt-${photo.key}`}
                    name={`photos.${index}.alt`}
                    value={photo.alt}
                    maxLength={LIMITS.alt}
                    placeholder="What the photo shows"
                    onChange={(e) => onChange(value.map((p, i) => (i === index ? { ...p, alt: e.target.value } : p)))}
                    aria-invalid={altError ? true : undefined}
                    className="h-9"
                  />
                  <FieldError message={altError} />
                  <FieldError message={fileError} />
                  <div className="flex items-center gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => move(index, index - 1)}
                      disabled={index === 0}
                      aria-label={`Move photo ${n} earlier`}
                    >
                      <ArrowLeft aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      onClick={() => move(index, index + 1)}
                      disabled={index === value.length - 1}
                      aria-label={`Move photo ${n} later`}
                    >
                      <ArrowRight aria-hidden="true" />
                    </Button>
                    {index > 0 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => move(index, 0)}
                        aria-label={`Make photo ${n} the cover`}
                      >
                        <Star aria-hidden="true" />
                        Cover
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      className="ml-auto text-destructive hover:bg-destructive/10"
                      onClick={() => remove(index)}
                      aria-label={`Remove photo ${n}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}

      {full ? (
        <p
          className="rounded-xl border border-dashed bg-muted/50 px-4 py-3 text-sm text-muted-foreground"
          data-testid="photo-allowance"
        >
          The {PLAN_LABELS[plan]} plan includes {countLabel(limit ?? 0, "photo")}.{" "}
          {better ? (
            <>
              <Link to="/pricing" className="font-semibold text-primary underline-offset-4 hover:underline">
                Upgrade to {PLAN_LABELS[better]}
              </Link>{" "}
              for up to {PHOTO_LIMITS[better]}.
            </>
          ) : (
            "Remove a photo to add another."
          )}
        </p>
      ) : (
        <div
          className={cn(
            "relative flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/25",
            dragging ? "border-primary bg-primary-soft" : "border-input bg-muted/30 hover:bg-muted/60",
          )}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            void addFiles([...e.dataTransfer.files]);
          }}
        >
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full bg-primary-soft text-accent-foreground"
          >
            <ImagePlus className="size-5" />
          </span>
          <label
            htmlFor={inputId}
            className="cursor-pointer text-sm font-semibold text-primary after:absolute after:inset-0"
          >
            {value.length ? "Add more photos" : "Add photos"}
          </label>
          <p id={hintId} className="text-xs text-muted-foreground">
            {ACCEPTED_PHOTO_TEXT}, up to 10 MB each. Drag them here or choose files.
            {limit !== null
              ? ` ${value.length} of ${countLabel(limit, "photo")} on the ${PLAN_LABELS[plan]} plan.`
              : ""}
          </p>
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPTED_PHOTO_TYPES.join(",")}
            aria-describedby={hintId}
            className="sr-only"
            data-testid="photo-input"
            onChange={(e) => {
              void addFiles([...(e.target.files ?? [])]);
              // Choosing the same file again later must fire change again.
              e.target.value = "";
            }}
          />
        </div>
      )}
      {refused.length ? (
        <div
          role="alert"
          className="flex gap-2 rounded-xl border border-destructive/30 bg-destructive/8 px-4 py-3 text-sm text-destructive"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ul className="grid gap-1">
            {refused.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FieldError message={listError} />
    </div>
  );
}

import { ImagePlus, Loader2, X } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { BusinessImage } from "~/features/directory/components/business-image";
import { PhotoLightbox, useLightbox } from "~/features/directory/components/photo-gallery";
import { useHydrated } from "~/lib/use-hydrated";
import { MAX_REVIEW_PHOTOS, REVIEW_PHOTO_CAPTION_MAX } from "../photo-constants";
import type { ReviewView } from "../types";
import type { ReviewPhotoActionResult } from "./review-photos-data";
import { useActionResult } from "./use-action-result";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";
const summaryClass =
  "inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden";

/**
 * A review's photos (issue 41): thumbnails that open the lightbox; for the review's author, Add photos and a delete
 * button on each; for other signed-in readers (the listing's owner above all), Report a photo. Plain forms posting to
 * /reviews/:reviewId/photos, so they work before the page's JavaScript runs.
 */
export function ReviewPhotos({ review, signedIn }: { review: ReviewView; signedIn: boolean }) {
  const photos = review.photos ?? [];
  const lightbox = useLightbox();
  const hydrated = useHydrated();
  const uploader = useFetcher<ReviewPhotoActionResult>();
  const remover = useFetcher<ReviewPhotoActionResult>();
  const reporter = useFetcher<ReviewPhotoActionResult>();
  const uploadForm = useRef<HTMLFormElement>(null);
  const reportForm = useRef<HTMLFormElement>(null);
  useActionResult(uploader, { onSuccess: () => uploadForm.current?.reset() });
  useActionResult(remover);
  useActionResult(reporter, { onSuccess: () => reportForm.current?.closest("details")?.removeAttribute("open") });
  const action = `/reviews/${review.id}/photos`;
  const room = MAX_REVIEW_PHOTOS - photos.length;
  const uploading = uploader.state !== "idle";
  const removing = remover.state !== "idle" ? String(remover.formData?.get("photoId") ?? "") : null;
  const noJs = hydrated ? null : <input type="hidden" name="_nojs" value="1" />;

  if (!photos.length && !review.mine) return null;
  return (
    <div className="mt-3 grid gap-2" data-testid="review-photos">
      {photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos in ${review.author}'s review`}>
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative" hidden={removing === photo.id}>
              <button
                type="button"
                onClick={() => lightbox.open(i)}
                className="block overflow-hidden rounded-lg bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={`Open photo ${i + 1} of ${photos.length}: ${photo.alt}`}
                data-testid="review-photo"
              >
                <BusinessImage image={photo} alt="" sizes="96px" className="size-20 sm:size-24" />
              </button>
              {review.mine ? (
                <remover.Form method="post" action={`${action}?intent=delete`} className="absolute -top-2 -right-2">
                  {noJs}
                  <input type="hidden" name="photoId" value={photo.id} />
                  <button
                    type="submit"
                    className="grid size-7 cursor-pointer place-items-center rounded-full border bg-background text-foreground shadow-sm hover:bg-destructive hover:text-white focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <X aria-hidden="true" className="size-4" />
                    <span className="sr-only">Delete photo {i + 1}</span>
                  </button>
                </remover.Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {review.mine && room > 0 ? (
        <details className="group">
          <summary className={summaryClass} data-testid="add-review-photos">
            <ImagePlus aria-hidden="true" className="size-4" />
            Add photos
          </summary>
          <uploader.Form
            ref={uploadForm}
            method="post"
            encType="multipart/form-data"
            action={action}
            className="mt-2 grid max-w-md gap-3 rounded-xl border p-4"
          >
            {noJs}
            <div className="grid gap-1.5">
              <label htmlFor={`photos-${review.id}`} className="text-sm font-medium">
                Photos (up to {room} more; JPEG, PNG, WebP or AVIF, 10 MB each)
              </label>
              <input
                id={`photos-${review.id}`}
                name="photos"
                type="file"
                accept={ACCEPT}
                multiple
                required
                className="text-sm file:mr-3 file:rounded-md file:border file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`caption-${review.id}`} className="text-sm font-medium">
                Caption (optional)
              </label>
              <input
                id={`caption-${review.id}`}
                name="caption"
                type="text"
                maxLength={REVIEW_PHOTO_CAPTION_MAX}
                className={fieldClass}
              />
            </div>
            <p className="text-xs text-muted-foreground">
              Location and camera details are removed from your photos before they are shown.
            </p>
            <Button type="submit" size="sm" className="justify-self-start" disabled={uploading}>
              {uploading ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              {uploading ? "Uploading…" : "Upload photos"}
            </Button>
          </uploader.Form>
        </details>
      ) : null}

      {!review.mine && signedIn && photos.length ? (
        <details>
          <summary className={summaryClass}>Report a photo</summary>
          <reporter.Form
            ref={reportForm}
            method="post"
            action={`${action}?intent=report`}
            className="mt-2 grid max-w-md gap-3 rounded-xl border p-4"
          >
            {noJs}
            <div className="grid gap-1.5">
              <label htmlFor={`report-photo-${review.id}`} className="text-sm font-medium">
                Photo
              </label>
              <select id={`report-photo-${review.id}`} name="photoId" className={fieldClass}>
                {photos.map((photo, i) => (
                  <option key={photo.id} value={photo.id}>
                    {`Photo ${i + 1}${photo.caption ? `: ${photo.caption}` : ""}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`report-reason-${review.id}`} className="text-sm font-medium">
                What is wrong with it?
              </label>
              <textarea
                id={`report-reason-${review.id}`}
                name="reason"
                required
                minLength={5}
                maxLength={500}
                rows={2}
                className={fieldClass}
              />
            </div>
            <Button type="submit" size="sm" variant="outline" className="justify-self-start">
              Report photo
            </Button>
          </reporter.Form>
        </details>
      ) : null}

      {photos.length ? (
        <PhotoLightbox
          images={photos}
          businessName=""
          title={`Photos in ${review.author}'s review`}
          lightbox={lightbox}
        />
      ) : null}
    </div>
  );
}

import { BusinessImage } from "~/features/directory/components/business-image";
import { PhotoLightbox, useLightbox } from "~/features/directory/components/photo-gallery";
import { countLabel } from "~/lib/plural";
import type { ReviewPhotoView } from "../photo-constants";

/**
 * "From customers" (issue 41): the newest photos from the listing's visible reviews, beside the owner's photos. Each
 * opens the lightbox, which names whose photo it is and links to the review.
 */
export function CustomerPhotos({
  photos,
  total,
  businessName,
}: {
  photos: readonly ReviewPhotoView[];
  total: number;
  businessName: string;
}) {
  const lightbox = useLightbox();
  if (!photos.length) return null;
  return (
    <section aria-labelledby="customer-photos-heading" className="mt-6" data-testid="customer-photos">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="customer-photos-heading" className="text-lg font-semibold">
          From customers
        </h3>
        <span className="text-sm text-muted-foreground">{countLabel(total, "photo")} from reviews</span>
      </div>
      <ul className="mt-3 flex gap-2 overflow-x-auto pb-2">
        {photos.map((photo, i) => (
          <li key={photo.id} className="shrink-0">
            <button
              type="button"
              onClick={() => lightbox.open(i)}
              className="block overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={`Open photo ${i + 1} of ${photos.length} by ${photo.author}${photo.caption ? `: ${photo.caption}` : ""}`}
              data-testid="customer-photo"
            >
              <BusinessImage image={photo} alt="" sizes="144px" className="size-28 sm:size-36" />
            </button>
          </li>
        ))}
      </ul>
      <PhotoLightbox
        images={photos}
        businessName={businessName}
        title={`Photos from customers of ${businessName}`}
        credits={photos.map((p) => ({ author: p.author, reviewId: p.reviewId }))}
        lightbox={lightbox}
      />
    </section>
  );
}

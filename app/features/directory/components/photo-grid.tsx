import { cn } from "~/lib/utils";
import type { CategorySlug, ImageSource } from "../types";
import { BusinessImage } from "./business-image";
import { categoryIcon, PlaceholderArt } from "./placeholder-art";

const GRID_LIMIT = 9;

/**
 * The business's own photos in a grid; each opens a lightbox (Radix Dialog:
 * focus trapped, Esc closes, focus returns to the photo) where the arrow keys
 * move between photos. With no photos, the spec's six placeholders.
 */
export function PhotoGallery({
  images,
  businessName,
  category,
  onOpen,
}: {
  images: readonly ImageSource[];
  businessName: string;
  category: CategorySlug;
  /** Opens the lightbox at that photo (useLightbox's `open`). */
  onOpen: (index: number) => void;
}) {
  if (images.length === 0) {
    const Icon = categoryIcon(category);
    return (
      <div>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="photo-placeholders">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <PlaceholderArt
                index={i}
                icon={Icon}
                label={`Placeholder photo ${i + 1} of 6`}
                className="aspect-[4/3] rounded-xl"
              />
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted-foreground">No photos have been added for {businessName} yet.</p>
      </div>
    );
  }

  const shown = images.slice(0, GRID_LIMIT);
  const hidden = images.length - shown.length;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="photo-grid">
      {shown.map((image, i) => {
        const isLastWithMore = hidden > 0 && i === shown.length - 1;
        return (
          <li key={image.src} className={cn(i === 0 && images.length >= 3 && "col-span-2 row-span-2")}>
            <button
              type="button"
              onClick={() => onOpen(i)}
              className="group relative block size-full overflow-hidden rounded-xl bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={`Open photo ${i + 1} of ${images.length}${image.alt ? `: ${image.alt}` : ""}`}
            >
              <BusinessImage
                image={image}
                alt=""
                sizes={
                  i === 0 && images.length >= 3
                    ? "(min-width: 1024px) 480px, (min-width: 640px) 66vw, 100vw"
                    : "(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
                }
                className="aspect-[4/3] size-full transition-transform duration-300 group-hover:scale-[1.04]"
              />
              {isLastWithMore ? (
                <span className="absolute inset-0 grid place-items-center bg-black/55 text-lg font-bold text-white">
                  +{hidden} more
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

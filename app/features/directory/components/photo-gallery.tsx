import { Images } from "lucide-react";
import { useRef, useState, type RefObject } from "react";
import { cn } from "~/lib/utils";
import type { CategorySlug, ImageSource } from "../types";
import { BusinessImage } from "./business-image";
import { categoryIcon, PlaceholderArt } from "./placeholder-art";
import { countLabel } from "~/lib/plural";
import { deferredComponent } from "~/lib/deferred-component";

const GRID_LIMIT = 9;

export interface PhotoLightboxProps {
  images: readonly ImageSource[];
  businessName: string;
  lightbox: LightboxState;
}

/** The lightbox (Radix Dialog) in its own chunk: loaded when a photo is first opened. */
const Lightbox = deferredComponent(() => import("./photo-lightbox").then((m) => m.PhotoLightbox));

/**
 * The business's own photos in a grid; each opens a lightbox (Radix Dialog:
 * focus trapped, Esc closes, focus returns to the photo) where the arrow keys
 * move between photos. With no photos, the spec's six placeholders.
 */
export function PhotoGallery({
  images,
  businessName,
  category,
  lightbox,
}: {
  images: readonly ImageSource[];
  businessName: string;
  category: CategorySlug;
  lightbox: LightboxState;
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
              onClick={() => lightbox.open(i)}
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

export interface LightboxState {
  index: number | null;
  /** The lightbox's code is in and it is on the page (from the first opening on). */
  mounted: boolean;
  /** What had focus when it opened: focus goes back there on close (there is no Radix trigger to return to). */
  opener: RefObject<HTMLElement | null>;
  open: (index: number) => void;
  close: () => void;
  setIndex: (index: number) => void;
}

/** Which photo the lightbox shows (shared by the hero's "See all photos" and the grid). */
export function useLightbox(): LightboxState {
  const [index, setIndex] = useState<number | null>(null);
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  return {
    index,
    mounted,
    opener,
    open: (i) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      Lightbox.whenLoaded(() => {
        setMounted(true);
        setIndex(i);
      }, "The photos couldn't be opened.");
    },
    close: () => setIndex(null),
    setIndex,
  };
}

/**
 * The lightbox, once a photo has been opened: its code (Radix Dialog) is loaded then (photo-lightbox.tsx), and it
 * stays mounted after, so it closes and returns focus as before.
 */
export function PhotoLightbox(props: PhotoLightboxProps) {
  return props.lightbox.mounted ? <Lightbox.Component {...props} className="contents" /> : null;
}

export function SeeAllPhotosButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-white/95 px-3 text-sm font-semibold text-neutral-900 shadow-md transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <Images aria-hidden="true" className="size-4" />
      {count === 1 ? "See the photo" : `See all ${countLabel(count, "photo")}`}
    </button>
  );
}

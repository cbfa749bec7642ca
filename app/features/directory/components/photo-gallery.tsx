import { ChevronLeft, ChevronRight, Images, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useRef, useState, type RefObject } from "react";
import { cn } from "~/lib/utils";
import type { CategorySlug, ImageSource } from "../types";
import { BusinessImage } from "./business-image";
import { categoryIcon, PlaceholderArt } from "./placeholder-art";
import { countLabel } from "~/lib/plural";

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
  /** What had focus when it opened: focus goes back there on close (there is no Radix trigger to return to). */
  opener: RefObject<HTMLElement | null>;
  open: (index: number) => void;
  close: () => void;
  setIndex: (index: number) => void;
}

/** Which photo the lightbox shows (shared by the hero's "See all photos" and the grid). */
export function useLightbox(): LightboxState {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  return {
    index,
    opener,
    open: (i) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setIndex(i);
    },
    close: () => setIndex(null),
    setIndex,
  };
}

export function PhotoLightbox({
  images,
  businessName,
  lightbox,
}: {
  images: readonly ImageSource[];
  businessName: string;
  lightbox: LightboxState;
}) {
  const { index } = lightbox;
  const count = images.length;
  const current = index === null ? null : images[index];
  const go = (delta: number) => {
    if (index === null) return;
    lightbox.setIndex((index + delta + count) % count);
  };
  return (
    <DialogPrimitive.Root open={current != null} onOpenChange={(open) => !open && lightbox.close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-neutral-950/95 backdrop-blur-md data-[state=open]:animate-pop-in" />
        <DialogPrimitive.Content
          data-testid="lightbox"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            lightbox.opener.current?.focus();
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") {
              event.preventDefault();
              go(1);
            } else if (event.key === "ArrowLeft") {
              event.preventDefault();
              go(-1);
            }
          }}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <DialogPrimitive.Title className="truncate text-base font-semibold">
                Photos of {businessName}
              </DialogPrimitive.Title>
              <p className="text-sm text-white/75" aria-live="polite" data-testid="lightbox-counter">
                {index === null ? "" : `Photo ${index + 1} of ${count}`}
              </p>
            </div>
            <DialogPrimitive.Close className="grid size-10 shrink-0 cursor-pointer place-items-center rounded-full bg-white/10 transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white">
              <XIcon aria-hidden="true" className="size-5" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-20">
            {current ? (
              <img
                key={current.src}
                src={current.src}
                srcSet={current.srcSet || undefined}
                sizes="100vw"
                width={current.width}
                height={current.height}
                alt={current.alt}
                className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
              />
            ) : null}
            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  className="absolute top-1/2 left-2 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-white/15 backdrop-blur transition-colors hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white sm:left-5"
                >
                  <ChevronLeft aria-hidden="true" className="size-6" />
                  <span className="sr-only">Previous photo</span>
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  className="absolute top-1/2 right-2 grid size-11 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-white/15 backdrop-blur transition-colors hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white sm:right-5"
                >
                  <ChevronRight aria-hidden="true" className="size-6" />
                  <span className="sr-only">Next photo</span>
                </button>
              </>
            ) : null}
          </div>
          <DialogPrimitive.Description className="px-4 pb-5 text-center text-sm text-white/80 sm:px-6">
            {current?.alt || `Photo of ${businessName}`}
            <span className="sr-only">. Use the left and right arrow keys to move between photos.</span>
          </DialogPrimitive.Description>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export function SeeAllPhotosButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-white/95 px-3 text-sm font-semibold text-neutral-900 shadow-md transition-colors hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <Images aria-hidden="true" className="size-4" />
      {`See all ${countLabel(count, "photo")}`}
    </button>
  );
}

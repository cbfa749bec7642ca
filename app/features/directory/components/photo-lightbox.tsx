import { ChevronLeft, ChevronRight, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { MouseEvent } from "react";
import type { PhotoLightboxProps } from "./photo-gallery";

/** The photo lightbox (Radix Dialog: focus trapped, Esc closes, the arrow keys move between photos); loaded on first use. */
export function PhotoLightbox({ images, businessName, lightbox, title, credits }: PhotoLightboxProps) {
  const { index } = lightbox;
  const count = images.length;
  const current = index === null ? null : images[index];
  const credit = index === null ? null : (credits?.[index] ?? null);
  // To the review the photo is from: the dialog closes (focus back to the photo pressed), then the review comes into
  // view and takes focus.
  const toReview = (event: MouseEvent<HTMLAnchorElement>, reviewId: string) => {
    event.preventDefault();
    lightbox.close();
    window.setTimeout(() => {
      // A review further down the list than the pages shown: the Reviews section, at least.
      const target = document.getElementById(`review-${reviewId}`) ?? document.getElementById("reviews");
      if (!target) return;
      window.history.replaceState(window.history.state, "", `#${target.id}`);
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }, 50);
  };
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
                {title ?? `Photos of ${businessName}`}
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
            {credit ? (
              <span className="mt-1 block" data-testid="lightbox-credit">
                Photo by {credit.author} ·{" "}
                <a
                  href={`#review-${credit.reviewId}`}
                  onClick={(event) => toReview(event, credit.reviewId)}
                  className="font-semibold text-white underline underline-offset-4"
                >
                  See the review
                </a>
              </span>
            ) : null}
          </DialogPrimitive.Description>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

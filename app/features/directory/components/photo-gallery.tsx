import { Images } from "lucide-react";
import { useCallback, useRef, useState, type RefObject } from "react";
import type { ImageSource } from "../types";
import { countLabel } from "~/lib/plural";
import { deferredComponent } from "~/lib/deferred-component";

export interface PhotoLightboxProps {
  images: readonly ImageSource[];
  businessName: string;
  lightbox: LightboxState;
  /** The dialog's title; "Photos of {businessName}" by default. */
  title?: string;
  /** Whose photo each is (customers' photos, issue 41): the author's name and the review's address on this page. */
  credits?: readonly ({ author: string; reviewId: string } | null)[];
}

/** The lightbox (Radix Dialog) in its own chunk: loaded when a photo is first opened. */
const Lightbox = deferredComponent(() => import("./photo-lightbox").then((m) => m.PhotoLightbox));

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
  // The same function on every render: the photo grid is a deferred part that must not see new props before its
  // code is in (lib/deferred-component).
  const open = useCallback((i: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Lightbox.whenLoaded(() => {
      setMounted(true);
      setIndex(i);
    }, "The photos couldn't be opened.");
  }, []);
  const close = useCallback(() => setIndex(null), []);
  return { index, mounted, opener, open, close, setIndex };
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

import type { ImageSource } from "../types";
import { cn } from "~/lib/utils";

/** A stored business photo: responsive srcset, intrinsic size (no layout shift), lazy unless told otherwise. */
export function BusinessImage({
  image,
  sizes,
  className,
  eager = false,
  alt,
}: {
  image: ImageSource;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** Overrides the stored alt text (e.g. "" when the image is decorative next to the name). */
  alt?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={cn("object-cover", className)}
    />
  );
}

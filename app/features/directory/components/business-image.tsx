import type { ImageSource } from "../types";
import { cn } from "~/lib/utils";

/** A stored business photo: responsive srcset, intrinsic size (no layout shift), lazy unless told otherwise. */
export function BusinessImage({
  image,
  sizes,
  className,
  eager = false,
  priority = false,
  alt,
}: {
  image: ImageSource;
  sizes: string;
  className?: string;
  eager?: boolean;
  /** The page's largest image above the fold (its LCP): fetched first, decoded at once. */
  priority?: boolean;
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
      loading={eager || priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={cn("object-cover", className)}
    />
  );
}

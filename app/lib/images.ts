/**
 * Responsive image helpers shared by server and client code (no Node imports).
 * Stored photos are WebP variants named `${storageKey}-${width}.webp`; see
 * app/.server/media/ for how they are made.
 */

/** What a business_images row (or an API image) carries about its files. */
export interface StoredImage {
  storageKey: string;
  /** Widths generated for srcset, ascending. */
  widths: readonly number[];
  /** Pixel size of the largest variant (sets the aspect ratio: no layout shift). */
  width: number;
  height: number;
}

export interface ImageSources {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** Where local media is served from (server/http/app.ts). */
export const DEFAULT_MEDIA_BASE_URL = "/media";

/** The file name of one variant, as stored. */
export function variantFileName(storageKey: string, width: number) {
  return `${storageKey}-${width}.webp`;
}

/** URL of one variant under a media base URL (a CDN or bucket URL later; /media by default). */
export function mediaUrl(storageKey: string, width: number, baseUrl: string = DEFAULT_MEDIA_BASE_URL) {
  return `${baseUrl.replace(/\/+$/, "")}/${variantFileName(storageKey, width)}`;
}

/** The width used as `src` (browsers without srcset, and the default pick): the one nearest 800 px. */
export const PREFERRED_SRC_WIDTH = 800;

/**
 * `src`, `srcSet`, `width` and `height` for an <img>. Pass `sizes` on the
 * element yourself (it depends on the layout, e.g. "(min-width: 768px) 33vw, 100vw").
 */
export function imageSources(image: StoredImage, options: { baseUrl?: string } = {}): ImageSources {
  const widths = [...image.widths].filter((w) => Number.isInteger(w) && w > 0).sort((a, b) => a - b);
  const baseUrl = options.baseUrl ?? DEFAULT_MEDIA_BASE_URL;
  if (widths.length === 0) {
    // Defensive: a row without variants still points at its recorded size.
    const src = mediaUrl(image.storageKey, image.width, baseUrl);
    return { src, srcSet: `${src} ${image.width}w`, width: image.width, height: image.height };
  }
  let srcWidth = widths[0]!;
  for (const w of widths) {
    if (Math.abs(w - PREFERRED_SRC_WIDTH) < Math.abs(srcWidth - PREFERRED_SRC_WIDTH)) srcWidth = w;
  }
  return {
    src: mediaUrl(image.storageKey, srcWidth, baseUrl),
    srcSet: widths.map((w) => `${mediaUrl(image.storageKey, w, baseUrl)} ${w}w`).join(", "),
    width: image.width,
    height: image.height,
  };
}

/**
 * Review photos (issue 41): limits shared by the server, the review item's upload form and the API docs. Apart from
 * the server module so the page's components can read them without loading it.
 */

/** At most this many photos on one review (and so in one upload). */
export const MAX_REVIEW_PHOTOS = 10;
/** A caption is optional and at most this long. */
export const REVIEW_PHOTO_CAPTION_MAX = 200;
/**
 * Per-user storage for review photos: the bytes of every stored variant of every review photo of one account. 10
 * photos on each of 25 reviews at a typical 400 KB fit; a flood of uploads doesn't.
 */
export const REVIEW_PHOTO_STORAGE_BYTES = 100 * 1024 * 1024;
/** How many customer photos the business page's "From customers" strip shows (the newest). */
export const CUSTOMER_PHOTOS_SHOWN = 12;

/** One review photo as pages and the API show it. */
export interface ReviewPhotoView {
  id: string;
  reviewId: string;
  src: string;
  srcSet: string;
  width: number;
  height: number;
  caption: string;
  /** The text alternative: the caption, or "Photo by <name>". */
  alt: string;
  /** The review's author as the review shows them. */
  author: string;
}

export function reviewPhotoAlt(caption: string, author: string) {
  return caption.trim() || `Photo by ${author}`;
}

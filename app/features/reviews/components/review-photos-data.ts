import type { Notice } from "./section-data";

/** What the review item's photo forms get back (POST /reviews/:reviewId/photos). */
export type ReviewPhotoActionResult =
  | { ok: true; intent: "add" | "delete" | "report"; notice: Notice }
  | { ok: false; intent: string | null; error: string };

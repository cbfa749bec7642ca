import { ACCEPTED_PHOTO_TEXT } from "./catalogue";

/**
 * What a file's first bytes say it is, so that only the four formats we accept reach a decoder (the server's check in
 * app/.server/media/process.ts) and the listing form's photo picker refuses the rest with the server's own words
 * (issue 40: a non-image file showed a broken preview). 512 bytes are enough.
 */
export type SniffedImage = "jpeg" | "png" | "webp" | "isobmff" | { other: string } | null;

/** How many bytes sniffImage reads. */
export const SNIFF_BYTES = 512;

function latin1(bytes: Uint8Array, start: number, end: number) {
  return String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImage(bytes: Uint8Array): SniffedImage {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && latin1(bytes, 0, 4) === "RIFF" && latin1(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && latin1(bytes, 4, 8) === "ftyp") return "isobmff";
  const head = latin1(bytes, 0, SNIFF_BYTES);
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return { other: "GIF" };
  if (head.startsWith("BM")) return { other: "BMP" };
  if (head.startsWith("II*\0") || head.startsWith("MM\0*")) return { other: "TIFF" };
  if (head.startsWith("%PDF")) return { other: "PDF" };
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return { other: "SVG" };
  return null;
}

function describe(filename: string | undefined) {
  return filename ? `"${filename}"` : "The file";
}

/** A format we don't accept (GIF, PDF, SVG…). */
export function unsupportedImageMessage(kind: string, filename: string | undefined) {
  return `${describe(filename)} is not a supported image type (${kind}). Upload a ${ACCEPTED_PHOTO_TEXT} image.`;
}

/** Not an image at all, or one that can't be read. */
export function undecodableImageMessage(filename: string | undefined) {
  return `${describe(filename)} is not a valid image. Upload a ${ACCEPTED_PHOTO_TEXT} image.`;
}

/** The refusal for a file whose first bytes aren't one of the accepted formats, or null. */
export function sniffedImageProblem(bytes: Uint8Array, filename: string | undefined): string | null {
  const sniffed = sniffImage(bytes);
  if (sniffed === null) return undecodableImageMessage(filename);
  if (typeof sniffed === "object") return unsupportedImageMessage(sniffed.other, filename);
  return null;
}

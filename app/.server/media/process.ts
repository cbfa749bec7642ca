import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_PIXELS } from "../../lib/catalogue";
import { variantFileName } from "../../lib/images";
import { sniffImage, undecodableImageMessage, unsupportedImageMessage } from "../../lib/image-sniff";
import { newStorageKey } from "./storage";
import type { MediaStorage } from "./types";

/**
 * The photo pipeline shared by uploads and demo data: validate by content,
 * apply the EXIF orientation, drop all metadata (EXIF, GPS, XMP, ICC after
 * conversion to sRGB), and store a few WebP widths for srcset.
 */

/** Upload limit per file (issue 5: "up to 10 MB each"). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Refused from the header, before any decoding: guards against decompression
 * bombs (a 12 KB PNG can claim 10000 × 10000 pixels). 40 MP covers phone cameras.
 */
export const MAX_INPUT_PIXELS = MAX_IMAGE_PIXELS;
/** Target srcset widths; the original width is added when it lies between them (never upscaled). */
export const TARGET_WIDTHS = [400, 800, 1600] as const;
export const WEBP_QUALITY = 80;
/** Bump whenever the output for a given input changes: caches keyed by content include it. */
export const PIPELINE_VERSION = 1;

export const ACCEPTED_FORMATS_TEXT = "JPEG, PNG, WebP or AVIF";

export type ImageRejectionReason = "empty" | "too_large" | "too_many_pixels" | "unsupported_format" | "undecodable";

/** The input is not an image we accept. Its message names the file and is safe to show to the user. */
export class ImageRejectedError extends Error {
  override readonly name = "ImageRejectedError";
  constructor(
    readonly reason: ImageRejectionReason,
    message: string,
    readonly filename?: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  storageKey: string;
  /** Stored widths, ascending. */
  widths: number[];
  /** Size of the largest variant. */
  width: number;
  height: number;
}

export interface EncodedVariant {
  width: number;
  height: number;
  body: Buffer;
}

export interface EncodedImage {
  /** Ascending by width. */
  variants: EncodedVariant[];
  width: number;
  height: number;
}

export const WEBP_CONTENT_TYPE = "image/webp";

/** The widths to generate for an image `originalWidth` px wide (after orientation). */
export function variantWidths(originalWidth: number): number[] {
  const max = TARGET_WIDTHS[TARGET_WIDTHS.length - 1]!;
  const widths: number[] = TARGET_WIDTHS.filter((w) => w <= originalWidth);
  // Keep the full resolution of an image narrower than the largest target,
  // unless it is within 10% of a width we already have.
  if (originalWidth < max) {
    const last = widths[widths.length - 1];
    if (last === undefined || originalWidth > last * 1.1) widths.push(originalWidth);
  }
  return widths;
}

function describe(filename: string | undefined) {
  return filename ? `"${filename}"` : "The file";
}

/** Decoding: libvips itself refuses more pixels than we allow (a backstop behind inspectImage's check). */
const SHARP_OPTIONS = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;
/**
 * Reading the header only (metadata() decodes no pixel data). Without a pixel
 * limit here, so that an oversized image gets our message, not "undecodable".
 */
const HEADER_OPTIONS = { failOn: "error", limitInputPixels: false } as const;

/**
 * Sniffs the container from its first bytes (app/lib/image-sniff.ts, which the listing form's photo picker uses too),
 * so that only the four decoders we accept ever see user input (libvips can also parse SVG, PDF, TIFF…).
 */
const sniff = (input: Buffer) => sniffImage(input);

function unsupported(kind: string, filename: string | undefined) {
  return new ImageRejectedError("unsupported_format", unsupportedImageMessage(kind, filename), filename);
}

function undecodable(filename: string | undefined) {
  return new ImageRejectedError("undecodable", undecodableImageMessage(filename), filename);
}

export interface InspectedImage {
  format: "jpeg" | "png" | "webp" | "avif";
  /** After the EXIF orientation. */
  width: number;
  height: number;
}

/**
 * Checks what can be checked without decoding any pixels: size, container,
 * format and dimensions (from the header). Throws ImageRejectedError.
 */
export async function inspectImage(input: Buffer, opts: { filename?: string } = {}): Promise<InspectedImage> {
  const { filename } = opts;
  if (input.length === 0) throw new ImageRejectedError("empty", `${describe(filename)} is empty.`, filename);
  if (input.length > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError(
      "too_large",
      `${describe(filename)} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
      filename,
    );
  }
  const sniffed = sniff(input);
  if (sniffed === null) throw undecodable(filename);
  if (typeof sniffed === "object") throw unsupported(sniffed.other, filename);

  let metadata: Metadata;
  try {
    metadata = await sharp(input, HEADER_OPTIONS).metadata();
  } catch {
    throw undecodable(filename);
  }
  const format = metadata.format as string;
  // sharp reports AVIF as "heif" with AV1 compression; HEIC (HEVC) is not decodable here.
  const accepted =
    format === "jpeg" || format === "png" || format === "webp" || (format === "heif" && metadata.compression === "av1");
  if (!accepted) {
    throw unsupported(format === "heif" ? "HEIC" : format.toUpperCase(), filename);
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw undecodable(filename);
  if (width * height > MAX_INPUT_PIXELS) {
    const name = filename ? ` ("${filename}" is ${width} × ${height})` : ` (this one is ${width} × ${height})`;
    throw new ImageRejectedError(
      "too_many_pixels",
      `Photos can be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels${name}.`,
      filename,
    );
  }
  return { format: format === "heif" ? "avif" : (format as "jpeg" | "png" | "webp"), width, height };
}

/** Validates and re-encodes an image into its WebP variants without storing anything. */
export async function encodeImage(input: Buffer, opts: { filename?: string } = {}): Promise<EncodedImage> {
  const { filename } = opts;
  const { width } = await inspectImage(input, { filename });

  try {
    const variants = await Promise.all(
      variantWidths(width).map(async (w) => {
        // No withMetadata()/keepMetadata(): sharp writes none of the input's EXIF, GPS, XMP or ICC.
        const { data, info } = await sharp(input, SHARP_OPTIONS)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY, effort: 4 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, body: data };
      }),
    );
    variants.sort((a, b) => a.width - b.width);
    const largest = variants[variants.length - 1]!;
    return { variants, width: largest.width, height: largest.height };
  } catch {
    // The header parsed but the pixel data did not (truncated or corrupt file).
    throw undecodable(filename);
  }
}

/** Stores encoded variants under a new random key; on failure removes what it wrote. */
export async function storeEncodedImage(storage: MediaStorage, encoded: EncodedImage): Promise<ProcessedImage> {
  const storageKey = newStorageKey();
  const names = encoded.variants.map((v) => variantFileName(storageKey, v.width));
  try {
    await Promise.all(encoded.variants.map((v, i) => storage.put(names[i]!, v.body, WEBP_CONTENT_TYPE)));
  } catch (error) {
    await storage.delete(names).catch(() => {});
    throw error;
  }
  return {
    storageKey,
    widths: encoded.variants.map((v) => v.width),
    width: encoded.width,
    height: encoded.height,
  };
}

/**
 * Validates, re-encodes and stores an uploaded image. Throws ImageRejectedError
 * (safe to show, names the file) when the input is not an image we accept.
 */
export async function processImage(
  input: Buffer,
  opts: { filename?: string; storage: MediaStorage },
): Promise<ProcessedImage> {
  const encoded = await encodeImage(input, { filename: opts.filename });
  return storeEncodedImage(opts.storage, encoded);
}

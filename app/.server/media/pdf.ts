import { createRequire } from "node:module";
import path from "node:path";

/**
 * PDF menus (issue 36): checked by content before anything is stored. The file must start with the PDF signature,
 * open in Mozilla's pdf.js (its legacy build for Node; no eval, no scripts) without a password, and have a page: its
 * page count is kept and its first page rendered (@napi-rs/canvas) to a PNG, which the image pipeline then turns
 * into the preview's variants. pdf.js is imported only when a PDF arrives, so it stays out of every page's start-up.
 */

export const PDF_CONTENT_TYPE = "application/pdf";
/** Per file, as photos. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** A menu is a few pages; a file with thousands is not one (and costs time to open). */
export const MAX_PDF_PAGES = 50;
/** The first page's preview is rendered this wide (at most), then the pipeline makes its variants. */
const PREVIEW_WIDTH = 1200;

export type PdfRejectionReason = "empty" | "too_large" | "not_pdf" | "encrypted" | "malformed" | "too_many_pages";

export class PdfRejectedError extends Error {
  constructor(
    readonly reason: PdfRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = "PdfRejectedError";
  }
}

/** The PDF signature, at the very start of the file (what the content says, not its name). */
export function looksLikePdf(body: Buffer) {
  return body.subarray(0, 5).toString("latin1") === "%PDF-";
}

export interface InspectedPdf {
  pageCount: number;
  /** The first page as a PNG. */
  preview: Buffer;
}

const require = createRequire(import.meta.url);
let standardFonts: string | undefined;
function standardFontDataUrl() {
  // pdf.js reads the 14 standard fonts from its own package (no download): the directory it ships them in.
  standardFonts ??= `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;
  return standardFonts;
}

export async function inspectPdf(body: Buffer, opts: { filename?: string } = {}): Promise<InspectedPdf> {
  const name = `"${opts.filename || "The file"}"`;
  if (body.length === 0) throw new PdfRejectedError("empty", `${name} is empty.`);
  if (body.length > MAX_PDF_BYTES)
    throw new PdfRejectedError("too_large", `${name} is larger than ${MAX_PDF_BYTES / 1024 / 1024} MB.`);
  if (!looksLikePdf(body)) throw new PdfRejectedError("not_pdf", `${name} is not a PDF file.`);
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: new Uint8Array(body),
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    standardFontDataUrl: standardFontDataUrl(),
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise> | undefined;
  try {
    try {
      doc = await task.promise;
    } catch (error) {
      const kind = error instanceof Error ? error.name : "";
      if (kind === "PasswordException")
        throw new PdfRejectedError("encrypted", `${name} is protected by a password. Upload a PDF without one.`);
      throw new PdfRejectedError("malformed", `${name} could not be read as a PDF. Export it again and retry.`);
    }
    if (doc.numPages < 1) throw new PdfRejectedError("malformed", `${name} has no pages.`);
    if (doc.numPages > MAX_PDF_PAGES)
      throw new PdfRejectedError("too_many_pages", `${name} has more than ${MAX_PDF_PAGES} pages.`);
    try {
      const page = await doc.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(2, PREVIEW_WIDTH / Math.max(1, base.width)) });
      const { canvas, context } = (
        doc as unknown as {
          canvasFactory: {
            create(w: number, h: number): { canvas: { toBuffer(type: "image/png"): Buffer }; context: unknown };
          };
        }
      ).canvasFactory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({
        canvasContext: context as CanvasRenderingContext2D,
        canvas: canvas as unknown as HTMLCanvasElement,
        viewport,
      }).promise;
      return { pageCount: doc.numPages, preview: canvas.toBuffer("image/png") };
    } catch (error) {
      if (error instanceof PdfRejectedError) throw error;
      throw new PdfRejectedError("malformed", `${name} could not be read as a PDF. Export it again and retry.`);
    }
  } finally {
    await (doc ?? task).destroy().catch(() => {});
  }
}

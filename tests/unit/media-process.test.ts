import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  encodeImage,
  variantWidths,
  type EncodedImage,
} from "~/.server/media/process";

/** Tags of IFD0 in a TIFF-structured EXIF block (enough to see whether a GPS IFD is present). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0", 0, "latin1") + 6);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_IFD_POINTER = 0x8825;

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } });
}

async function rejection(input: Buffer, filename?: string): Promise<ImageRejectedError> {
  const error = await encodeImage(input, { filename }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

async function expectCleanWebp(encoded: EncodedImage) {
  for (const v of encoded.variants) {
    const meta = await sharp(v.body).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(v.body.includes("Exif", 0, "latin1")).toBe(false);
  }
}

describe("variantWidths", () => {
  it("uses the standard widths up to the original and keeps the original's resolution", () => {
    expect(variantWidths(4000)).toEqual([400, 800, 1600]);
    expect(variantWidths(1600)).toEqual([400, 800, 1600]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(820)).toEqual([400, 800]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(430)).toEqual([400]);
    expect(variantWidths(900)).toEqual([400, 800, 900]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(1)).toEqual([1]);
  });
});

describe("encodeImage", () => {
  it("applies the EXIF orientation and strips EXIF and GPS from a real JPEG", async () => {
    const input = await photo(2000, 1000)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: "NearTestCam", Model: "GPS Phone" },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "39/1 47/1 2/1",
            GPSLongitudeRef: "W",
            GPSLongitude: "89/1 39/1 0/1",
          },
        },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(ifd0Tags(before.exif!)).toContain(GPS_IFD_POINTER);
    expect(input.includes("NearTestCam", 0, "latin1")).toBe(true);

    const encoded = await encodeImage(input, { filename: "holiday.jpg" });
    // Orientation 6 turns the 2000×1000 sensor image upright: 1000 wide, 2000 high.
    expect(encoded.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 800],
      [800, 1600],
      [1000, 2000],
    ]);
    expect([encoded.width, encoded.height]).toEqual([1000, 2000]);
    await expectCleanWebp(encoded);
    for (const v of encoded.variants) {
      expect(v.body.includes("NearTestCam", 0, "latin1")).toBe(false);
      expect((await sharp(v.body).metadata()).orientation).toBeUndefined();
    }
  });

  it("accepts PNG (keeping transparency), WebP and AVIF", async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const fromPng = await encodeImage(png, { filename: "logo.png" });
    expect(fromPng.variants.map((v) => v.width)).toEqual([400, 800, 900]);
    expect((await sharp(fromPng.variants[0]!.body).metadata()).hasAlpha).toBe(true);

    const webp = await photo(640, 480).webp().toBuffer();
    expect((await encodeImage(webp)).variants.map((v) => v.width)).toEqual([400, 640]);

    const avif = await photo(500, 300).avif().toBuffer();
    const fromAvif = await encodeImage(avif, { filename: "photo.avif" });
    expect(fromAvif.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 240],
      [500, 300],
    ]);
    await expectCleanWebp(fromAvif);
  });

  it("never upscales: a small image is stored at its own size only", async () => {
    const small = await photo(320, 200).jpeg().toBuffer();
    const encoded = await encodeImage(small);
    expect(encoded.variants.map((v) => [v.width, v.height])).toEqual([[320, 200]]);
    expect([encoded.width, encoded.height]).toEqual([320, 200]);
  });

  it("makes 400, 800 and 1600 wide variants of a large photo, keeping the aspect ratio", async () => {
    const big = await photo(3000, 2000).jpeg({ quality: 90 }).toBuffer();
    const encoded = await encodeImage(big);
    expect(encoded.variants.map((v) => [v.width, v.height])).toEqual([
      [400, 267],
      [800, 533],
      [1600, 1067],
    ]);
    expect([encoded.width, encoded.height]).toEqual([1600, 1067]);
  });

  it("refuses a text file renamed .jpg, naming the file", async () => {
    const error = await rejection(Buffer.from("#!/bin/sh\necho pwned\n"), "cute-cat.jpg");
    expect(error.reason).toBe("undecodable");
    expect(error.filename).toBe("cute-cat.jpg");
    expect(error.message).toBe('"cute-cat.jpg" is not a valid image. Upload a JPEG, PNG, WebP or AVIF image.');
  });

  it("refuses GIF and SVG, naming the file and the type", async () => {
    const gif = await photo(40, 40).gif().toBuffer();
    const gifError = await rejection(gif, "party.gif");
    expect(gifError.reason).toBe("unsupported_format");
    expect(gifError.message).toBe(
      '"party.gif" is not a supported image type (GIF). Upload a JPEG, PNG, WebP or AVIF image.',
    );

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const svgError = await rejection(svg, "logo.jpg");
    expect(svgError.reason).toBe("unsupported_format");
    expect(svgError.message).toContain('"logo.jpg" is not a supported image type (SVG)');
  });

  it("refuses a truncated JPEG and an empty or oversized file", async () => {
    const jpeg = await photo(800, 600).jpeg().toBuffer();
    expect((await rejection(jpeg.subarray(0, 400), "cut.jpg")).reason).toBe("undecodable");
    expect((await rejection(Buffer.alloc(0), "empty.png")).message).toBe('"empty.png" is empty.');
    const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooLarge = await rejection(huge, "huge.jpg");
    expect(tooLarge.reason).toBe("too_large");
    expect(tooLarge.message).toBe('"huge.jpg" is larger than 10 MB.');
  });

  it('says "The file" when it has no name', async () => {
    expect((await rejection(Buffer.from("not an image"))).message).toBe(
      "The file is not a valid image. Upload a JPEG, PNG, WebP or AVIF image.",
    );
  });
});

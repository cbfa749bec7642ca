import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/http/app";
import { ImageRejectedError, processImage } from "~/.server/media/process";
import { type LocalMediaStorage, createMediaStorage, deleteImages, objectNames } from "~/.server/media/storage";
import { imageSources } from "~/lib/images";
import { createTestServices } from "../support/services";

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let storage: LocalMediaStorage;
let mediaDir: string;

beforeAll(async () => {
  ctx = await createTestServices();
  mediaDir = path.join(ctx.services.config.dataDir, "media");
  storage = createMediaStorage(ctx.services.config) as LocalMediaStorage;
});
afterAll(async () => {
  await ctx.cleanup();
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 47/1 2/1" } } })
    .toBuffer();

describe("processImage with local storage", () => {
  it("stores each width as DATA_DIR/media/{key}-{width}.webp and returns the largest size", async () => {
    const stored = await processImage(await jpeg(1800, 1200), { filename: "storefront.jpg", storage });
    expect(stored.storageKey).toMatch(/^[a-z0-9]{24}$/);
    expect(stored.widths).toEqual([400, 800, 1600]);
    expect([stored.width, stored.height]).toEqual([1600, 1067]);
    for (const w of stored.widths) {
      const file = path.join(mediaDir, `${stored.storageKey}-${w}.webp`);
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
      expect(meta.exif).toBeUndefined();
    }
    expect(storage.url(stored.storageKey, 800)).toBe(`/media/${stored.storageKey}-800.webp`);
  });

  it("gives every upload its own key, even for identical content", async () => {
    const input = await jpeg(500, 500);
    const a = await processImage(input, { storage });
    const b = await processImage(input, { storage });
    expect(a.storageKey).not.toBe(b.storageKey);
  });

  it("serves the stored variants at the imageSources URLs", async () => {
    const stored = await processImage(await jpeg(900, 600), { filename: "patio.jpg", storage });
    const app = createApp({ services: ctx.services });
    const { src, srcSet, width, height } = imageSources(stored);
    expect([width, height]).toEqual([900, 600]);
    const urls = srcSet.split(", ").map((entry) => entry.split(" ")[0]!);
    expect(urls).toContain(src);
    for (const url of urls) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("webp");
    }
  });

  it("serves media with immutable caching", async () => {
    const stored = await processImage(await jpeg(500, 300), { storage });
    const res = await createApp({ services: ctx.services }).request(storage.url(stored.storageKey, 500));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("refuses a script renamed .jpg without writing anything", async () => {
    const before = fs.readdirSync(mediaDir).length;
    const error = await processImage(Buffer.from("<script>alert(1)</script>"), { filename: "evil.jpg", storage }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({
      reason: "undecodable",
      filename: "evil.jpg",
      message: '"evil.jpg" is not a valid image. Upload a JPEG, PNG, WebP or AVIF image.',
    });
    expect(fs.readdirSync(mediaDir).length).toBe(before);
  });

  it("deletes every variant of an image", async () => {
    const stored = await processImage(await jpeg(1700, 900), { storage });
    expect(objectNames(stored)).toHaveLength(3);
    await deleteImages(storage, [stored]);
    for (const name of objectNames(stored)) expect(fs.existsSync(path.join(mediaDir, name))).toBe(false);
    // Deleting again is harmless.
    await deleteImages(storage, [stored]);
  });

  it("never writes outside the media directory", async () => {
    await expect(storage.put("../escape-400.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Invalid media object name/,
    );
    await expect(storage.delete(["../../etc/passwd"])).rejects.toThrow(/Invalid media object name/);
  });
});

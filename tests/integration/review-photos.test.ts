import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, reviewPhotos } from "~/.server/db/schema";
import { exportAccountData } from "~/features/auth/account-data.server";
import { customerPhotos, listReportedReviewPhotos } from "~/features/reviews/photos.server";
import { REVIEW_PHOTO_STORAGE_BYTES, type ReviewPhotoView } from "~/features/reviews/photo-constants";
import { PHOTO_UPLOAD_RATE } from "~/lib/catalogue";
import type { AppLoadContext } from "react-router";
import { loadModeration, moderateAction } from "~/routes/admin-reviews.server";
import { loadReviewsSection } from "~/routes/business-reviews.server";
import { reviewPhotosAction } from "~/routes/review-photos.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * Review photos (issue 41): the listing photo pipeline on a review — checked by content, re-encoded without EXIF or
 * GPS, at most 10 on a review, only its author adds, captions and deletes them, hidden with the review, reported and
 * moderated, in the data export, and their files gone with the photo, the review, the listing or the account.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
type Client = Awaited<ReturnType<typeof signedInUser>>;
let owner: Client;
let alice: Client;
let bob: Client;
let admin: Client;
let mediaDir: string;

const db = () => ctx.database.db;
const GOOD = "Lovely coffee, friendly staff and a quiet corner to work.";
const mediaFiles = () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir).sort() : []);

/** A JPEG with an EXIF GPS position in it (a phone photo's metadata). */
const gpsJpeg = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 47/1 2/1" } } })
    .toBuffer();

function photoForm(files: { name: string; body: Buffer; type?: string }[], captions: string[] = []) {
  const form = new FormData();
  for (const f of files)
    form.append("photos", new File([new Uint8Array(f.body)], f.name, { type: f.type ?? "image/jpeg" }));
  for (const c of captions) form.append("caption", c);
  return form;
}

async function review(client: Client, businessId: string) {
  const res = await client.request(`/api/v1/businesses/${businessId}/reviews/mine`, {
    method: "PUT",
    json: { rating: 5, content: GOOD },
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

const upload = (client: Client, reviewId: string, form: FormData) =>
  client.request(`/api/v1/reviews/${reviewId}/photos`, { method: "POST", body: form });

async function uploadOk(client: Client, reviewId: string, n = 1, captions: string[] = []) {
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({ name: `p${i}.jpg`, body: await gpsJpeg() })),
  );
  const res = await upload(client, reviewId, photoForm(files, captions));
  expect(res.status).toBe(201);
  return ((await res.json()) as { photos: ReviewPhotoView[] }).photos;
}

const keyOf = (photo: ReviewPhotoView) => photo.src.match(/\/media\/([a-z0-9]+)-\d+\.webp$/)![1]!;
const filesOf = (photo: ReviewPhotoView) => mediaFiles().filter((f) => f.startsWith(`${keyOf(photo)}-`));

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
  mediaDir = path.join(ctx.services.config.dataDir, "media");
  owner = await signedInUser(app, db(), { name: "Olive Owner", type: "business" });
  alice = await signedInUser(app, db(), { name: "Alice Adams" });
  bob = await signedInUser(app, db(), { name: "Bob Brown" });
  admin = await signedInUser(app, db(), { name: "Ada Admin", admin: true });
});
afterAll(async () => {
  await ctx.cleanup();
});

describe("adding photos to a review", () => {
  it("re-encodes them as WebP variants without EXIF or GPS, with captions, shown with the review", async () => {
    const cafe = await createBusiness(db(), { name: "Photo Cafe", ownerId: owner.id });
    const reviewId = await review(alice, cafe.id);
    const photos = await uploadOk(alice, reviewId, 2, ["The  flat white ", ""]);
    expect(photos).toHaveLength(2);
    expect(photos[0]).toMatchObject({ reviewId, caption: "The flat white", alt: "The flat white", author: "Alice A." });
    // Without a caption, the text alternative names the photographer.
    expect(photos[1]).toMatchObject({ caption: "", alt: "Photo by Alice A." });
    for (const photo of photos) {
      const files = filesOf(photo);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const meta = await sharp(fs.readFileSync(path.join(mediaDir, file))).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
      }
      // The files are served.
      expect((await app.request(photo.src)).status).toBe(200);
    }
    const list = await (await app.request(`/api/v1/businesses/${cafe.id}/reviews`)).json();
    expect(list.items[0].photos.map((p: ReviewPhotoView) => p.id)).toEqual(photos.map((p) => p.id));
    const strip = await (await app.request(`/api/v1/businesses/${cafe.slug}/review-photos`)).json();
    expect(strip.total).toBe(2);
    expect(strip.items.map((p: ReviewPhotoView) => p.author)).toEqual(["Alice A.", "Alice A."]);
  });

  it("refuses a file that isn't an image by its content, and stores nothing", async () => {
    const cafe = await createBusiness(db(), { name: "Refusing Cafe" });
    const reviewId = await review(alice, cafe.id);
    const before = mediaFiles();
    const res = await upload(
      alice,
      reviewId,
      photoForm([
        { name: "fine.jpg", body: await gpsJpeg() },
        { name: "evil.jpg", body: Buffer.from("#!/bin/sh\necho pwned\n"), type: "image/jpeg" },
      ]),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('"evil.jpg"');
    expect(mediaFiles()).toEqual(before);
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId))).toEqual([]);
  });

  it("takes at most 10 photos on a review, in one request or several", async () => {
    const cafe = await createBusiness(db(), { name: "Ten Cafe" });
    const reviewId = await review(bob, cafe.id);
    const eleven = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({ name: `p${i}.jpg`, body: await gpsJpeg(40, 30) })),
    );
    const tooMany = await upload(bob, reviewId, photoForm(eleven));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBe(
      "A review can have at most 10 photos.",
    );
    const ten = await upload(bob, reviewId, photoForm(eleven.slice(0, 10)));
    expect(ten.status).toBe(201);
    const more = await upload(bob, reviewId, photoForm(eleven.slice(0, 1)));
    expect(more.status).toBe(400);
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId))).toHaveLength(10);
  });

  it("refuses a caption over 200 characters", async () => {
    const cafe = await createBusiness(db(), { name: "Caption Cafe" });
    const reviewId = await review(alice, cafe.id);
    const res = await upload(alice, reviewId, photoForm([{ name: "a.jpg", body: await gpsJpeg() }], ["x".repeat(201)]));
    expect(res.status).toBe(400);
  });
});

describe("who may", () => {
  it("lets only the review's author add photos; others get a 403, visitors a 401, unknown reviews a 404", async () => {
    const cafe = await createBusiness(db(), { name: "Guarded Cafe", ownerId: owner.id });
    const reviewId = await review(alice, cafe.id);
    const form = async () => photoForm([{ name: "a.jpg", body: await gpsJpeg() }]);
    expect((await upload(bob, reviewId, await form())).status).toBe(403);
    expect((await upload(owner, reviewId, await form())).status).toBe(403);
    const visitor = await app.request(`http://near.test/api/v1/reviews/${reviewId}/photos`, {
      method: "POST",
      body: await form(),
      headers: { origin: "http://near.test" },
    });
    expect(visitor.status).toBe(401);
    expect((await upload(alice, "00000000-0000-4000-8000-000000000000", await form())).status).toBe(404);
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId))).toEqual([]);
  });

  it("B can neither caption nor delete A's photos; A can", async () => {
    const cafe = await createBusiness(db(), { name: "Mine Cafe" });
    const reviewId = await review(alice, cafe.id);
    const [photo] = await uploadOk(alice, reviewId);
    const url = `/api/v1/reviews/${reviewId}/photos/${photo!.id}`;
    expect((await bob.request(url, { method: "PATCH", json: { caption: "Mine now" } })).status).toBe(403);
    expect((await bob.request(url, { method: "DELETE" })).status).toBe(403);
    // Not through another review's address either.
    const bobsReview = await review(bob, cafe.id);
    expect((await bob.request(`/api/v1/reviews/${bobsReview}/photos/${photo!.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(filesOf(photo!).length).toBeGreaterThan(0);

    const captioned = await alice.request(url, { method: "PATCH", json: { caption: "Our table" } });
    expect(captioned.status).toBe(200);
    expect(((await captioned.json()) as { photos: ReviewPhotoView[] }).photos[0]).toMatchObject({
      caption: "Our table",
    });
    const deleted = await alice.request(url, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { photos: ReviewPhotoView[] }).photos).toEqual([]);
    expect(filesOf(photo!)).toEqual([]);
  });
});

describe("visibility", () => {
  it("hides a hidden review's photos, and a listing's that isn't public", async () => {
    const cafe = await createBusiness(db(), { name: "Hidden Cafe" });
    const reviewId = await review(alice, cafe.id);
    await uploadOk(alice, reviewId, 1);
    expect((await customerPhotos(db(), cafe.id)).total).toBe(1);
    expect((await admin.request(`/api/v1/admin/reviews/${reviewId}/hide`, { method: "POST" })).status).toBe(204);
    expect(await customerPhotos(db(), cafe.id)).toEqual({ items: [], total: 0 });
    const strip = await (await app.request(`/api/v1/businesses/${cafe.id}/review-photos`)).json();
    expect(strip.items).toEqual([]);
    expect((await admin.request(`/api/v1/admin/reviews/${reviewId}/restore`, { method: "POST" })).status).toBe(204);
    expect((await customerPhotos(db(), cafe.id)).total).toBe(1);
    await db().update(businesses).set({ status: "suspended" }).where(eq(businesses.id, cafe.id));
    expect((await customerPhotos(db(), cafe.id)).total).toBe(0);
    expect((await app.request(`/api/v1/businesses/${cafe.id}/review-photos`)).status).toBe(404);
  });
});

describe("limits", () => {
  it("counts the files in the photo upload rate shared with the listing photos", async () => {
    const cafe = await createBusiness(db(), { name: "Rate Cafe" });
    const carol = await signedInUser(app, db(), { name: "Carol Quick" });
    const reviewId = await review(carol, cafe.id);
    for (let i = 0; i < PHOTO_UPLOAD_RATE.photos; i++) await ctx.services.limits.photoUploads.hit(carol.id);
    const res = await upload(carol, reviewId, photoForm([{ name: "a.jpg", body: await gpsJpeg() }]));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses more once the author's review photo storage is full", async () => {
    const cafe = await createBusiness(db(), { name: "Full Cafe" });
    const dora = await signedInUser(app, db(), { name: "Dora Full" });
    const reviewId = await review(dora, cafe.id);
    const [photo] = await uploadOk(dora, reviewId);
    await db().update(reviewPhotos).set({ bytes: REVIEW_PHOTO_STORAGE_BYTES }).where(eq(reviewPhotos.id, photo!.id));
    const res = await upload(dora, reviewId, photoForm([{ name: "a.jpg", body: await gpsJpeg() }]));
    expect(res.status).toBe(413);
  });
});

describe("reports and moderation", () => {
  it("lets the owner report a photo; admins see it in the queue and remove it, files too", async () => {
    const cafe = await createBusiness(db(), { name: "Reported Cafe", ownerId: owner.id });
    const reviewId = await review(alice, cafe.id);
    const [photo] = await uploadOk(alice, reviewId);
    const reportUrl = `/api/v1/reviews/${reviewId}/photos/${photo!.id}/reports`;
    expect((await owner.request(reportUrl, { method: "POST", json: { reason: "Not our shop" } })).status).toBe(201);
    expect((await owner.request(reportUrl, { method: "POST", json: { reason: "Again" } })).status).toBe(409);
    const queue = await listReportedReviewPhotos(db());
    expect(queue).toEqual([
      expect.objectContaining({
        id: photo!.id,
        businessName: "Reported Cafe",
        reports: [expect.objectContaining({ reason: "Not our shop" })],
      }),
    ]);
    expect((await alice.request(`/api/v1/admin/review-photos/${photo!.id}/remove`, { method: "POST" })).status).toBe(
      403,
    );
    expect((await admin.request(`/api/v1/admin/review-photos/${photo!.id}/remove`, { method: "POST" })).status).toBe(
      204,
    );
    expect(filesOf(photo!)).toEqual([]);
    expect(await listReportedReviewPhotos(db())).toEqual([]);
  });
});

describe("deleting", () => {
  it("removes the files with the review (its author's delete and an admin's)", async () => {
    const cafe = await createBusiness(db(), { name: "Gone Cafe" });
    const own = await review(alice, cafe.id);
    const byAdmin = await review(bob, cafe.id);
    const [a] = await uploadOk(alice, own);
    const [b] = await uploadOk(bob, byAdmin);
    expect((await alice.request(`/api/v1/reviews/${own}`, { method: "DELETE" })).status).toBe(204);
    expect(filesOf(a!)).toEqual([]);
    expect((await admin.request(`/api/v1/admin/reviews/${byAdmin}/delete`, { method: "POST" })).status).toBe(204);
    expect(filesOf(b!)).toEqual([]);
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.businessId, cafe.id))).toEqual([]);
  });

  it("removes the files with the listing", async () => {
    const cafe = await createBusiness(db(), { name: "Closing Cafe" });
    const reviewId = await review(alice, cafe.id);
    const [photo] = await uploadOk(alice, reviewId);
    expect((await admin.request(`/api/v1/businesses/${cafe.id}`, { method: "DELETE" })).status).toBeLessThan(300);
    expect(filesOf(photo!)).toEqual([]);
  });

  it("exports the photos with the account's data, and removes them and their files with the account", async () => {
    const cafe = await createBusiness(db(), { name: "Leaving Cafe" });
    const erin = await signedInUser(app, db(), { name: "Erin Exit" });
    const reviewId = await review(erin, cafe.id);
    const [photo] = await uploadOk(erin, reviewId, 1, ["Window seat"]);
    const data = await exportAccountData(db(), erin.id);
    expect(data.reviewPhotos).toEqual([
      expect.objectContaining({ id: photo!.id, reviewId, business: "Leaving Cafe", caption: "Window seat" }),
    ]);
    expect(data.reviewPhotos[0]!.url).toMatch(new RegExp(`^/media/${keyOf(photo!)}-\\d+\\.webp$`));

    const res = await erin.request("/api/auth/delete-user", { method: "POST", json: {} });
    expect(res.status).toBe(200);
    expect(await db().select().from(reviewPhotos).where(eq(reviewPhotos.userId, erin.id))).toEqual([]);
    expect(filesOf(photo!)).toEqual([]);
  });
});

describe("the review item's forms (POST /reviews/:reviewId/photos)", () => {
  const ORIGIN = "http://near.test";
  const context = () =>
    ({ ...ctx.services, db: db(), nonce: "", requestId: "test", clientIp: "127.0.0.1" }) as AppLoadContext;
  const cookieOf = (client: Client) => [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const post = (client: Client | null, reviewId: string, body: FormData | URLSearchParams, intent?: string) =>
    new Request(`${ORIGIN}/reviews/${reviewId}/photos${intent ? `?intent=${intent}` : ""}`, {
      method: "POST",
      headers: client ? { cookie: cookieOf(client) } : {},
      body,
    });
  async function settle(promise: Promise<unknown>) {
    try {
      const value = (await promise) as { data?: unknown; init?: ResponseInit | null };
      return { status: value.init?.status ?? 200, data: value.data as { ok: boolean; error?: string } };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  it("adds photos (one caption for them), deletes and reports, back to the review without JavaScript", async () => {
    const cafe = await createBusiness(db(), { name: "Form Cafe", ownerId: owner.id });
    const reviewId = await review(alice, cafe.id);
    const form = photoForm([
      { name: "a.jpg", body: await gpsJpeg() },
      { name: "b.jpg", body: await gpsJpeg() },
    ]);
    form.append("caption", "Our corner");
    const added = await settle(reviewPhotosAction(reviewId, post(alice, reviewId, form), context()));
    expect(added).toMatchObject({ status: 200, data: { ok: true } });

    // The business page's Reviews section carries them, and "From customers".
    const section = await loadReviewsSection(new Request(`${ORIGIN}/business/${cafe.slug}`), context(), cafe.id);
    const photos = section.items[0]!.photos!;
    expect(photos.map((p) => p.caption)).toEqual(["Our corner", "Our corner"]);
    expect(section.customerPhotos?.total).toBe(2);

    // Another user can't delete; the author can, and without JavaScript lands back on the review.
    const refused = await settle(
      reviewPhotosAction(
        reviewId,
        post(bob, reviewId, new URLSearchParams({ photoId: photos[0]!.id }), "delete"),
        context(),
      ),
    );
    expect(refused).toMatchObject({ status: 403, data: { ok: false } });
    const removed = await settle(
      reviewPhotosAction(
        reviewId,
        post(alice, reviewId, new URLSearchParams({ photoId: photos[0]!.id, _nojs: "1" }), "delete"),
        context(),
      ),
    );
    expect(removed).toEqual({ status: 302, location: `/business/${cafe.slug}#review-${reviewId}` });
    expect(filesOf(photos[0]!)).toEqual([]);

    // The owner reports the other one.
    const reported = await settle(
      reviewPhotosAction(
        reviewId,
        post(owner, reviewId, new URLSearchParams({ photoId: photos[1]!.id, reason: "Not our shop" }), "report"),
        context(),
      ),
    );
    expect(reported).toMatchObject({ status: 200, data: { ok: true } });
    expect((await listReportedReviewPhotos(db())).map((p) => p.id)).toContain(photos[1]!.id);

    // A visitor is sent to sign in and back.
    const visitor = await settle(reviewPhotosAction(reviewId, post(null, reviewId, photoForm([])), context()));
    expect(visitor.status).toBe(302);
    expect((visitor as { location: string }).location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("shows reported photos in the admins' Reviews tab, where an admin removes one or dismisses its reports", async () => {
    const cafe = await createBusiness(db(), { name: "Queue Cafe", ownerId: owner.id });
    const fay = await signedInUser(app, db(), { name: "Fay Photo" });
    const reviewId = await review(fay, cafe.id);
    const [kept, gone] = await uploadOk(fay, reviewId, 2);
    for (const photo of [kept!, gone!]) {
      const res = await settle(
        reviewPhotosAction(
          reviewId,
          post(owner, reviewId, new URLSearchParams({ photoId: photo.id, reason: "Not our shop" }), "report"),
          context(),
        ),
      );
      expect(res).toMatchObject({ status: 200 });
    }
    const asAdmin = (body?: URLSearchParams) =>
      new Request(`${ORIGIN}/admin/reviews`, {
        method: body ? "POST" : "GET",
        headers: { cookie: cookieOf(admin) },
        body,
      });
    const queue = await loadModeration({ request: asAdmin(), context: context() });
    expect(queue.photos.map((p) => p.id)).toEqual(expect.arrayContaining([kept!.id, gone!.id]));
    expect(queue.photos.find((p) => p.id === gone!.id)).toMatchObject({
      businessName: "Queue Cafe",
      reports: [expect.objectContaining({ reason: "Not our shop" })],
    });

    const removed = await settle(
      moderateAction({
        request: asAdmin(new URLSearchParams({ intent: "photo-remove", photoId: gone!.id })),
        context: context(),
      }),
    );
    expect(removed).toMatchObject({ status: 200, data: { ok: true } });
    expect(filesOf(gone!)).toEqual([]);
    const dismissed = await settle(
      moderateAction({
        request: asAdmin(new URLSearchParams({ intent: "photo-dismiss", photoId: kept!.id })),
        context: context(),
      }),
    );
    expect(dismissed).toMatchObject({ status: 200, data: { ok: true } });
    expect(filesOf(kept!).length).toBeGreaterThan(0);
    const after = await loadModeration({ request: asAdmin(), context: context() });
    expect(after.photos.map((p) => p.id)).not.toContain(kept!.id);
    expect(after.photos.map((p) => p.id)).not.toContain(gone!.id);
  });
});

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessImages, users } from "~/.server/db/schema";
import { MAX_IMAGE_PIXELS, PHOTO_REQUEST_BODY_LIMIT, PHOTO_UPLOAD_RATE } from "~/lib/catalogue";
import { updateBusinessAction } from "~/routes/business-edit.server";
import { createBusinessAction } from "~/routes/business-new.server";
import { browserSession } from "../support/auth-http";
import { createBusiness as insertBusiness } from "../support/factories";
import { ORIGIN, listingHarness, photoForm, png, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Security finding #3: uploads must not burn CPU and memory cheaply.
 * - who may upload, and whether the plan has room, is settled before the body is read;
 * - an image's pixel count is read from its header and refused above 40 MP before decoding;
 * - a body without Content-Length is bounded while it streams;
 * - photo files per user are rate-limited, the API and the forms together.
 * No test measures time: "not read" is shown by counting the bytes the server pulled
 * from a body that never ends, "not decoded" by files that would fail to decode.
 */

let h: ListingHarness;
let hugePng: Buffer;
let truncatedPng: Buffer;
beforeAll(async () => {
  h = await listingHarness();
  // An admin grant applies to a verified account.
  await h.ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, h.users.admin.id));
  // 10000 × 10000 = 100 MP in a few hundred KB.
  hugePng = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  // A PNG whose header is fine (640 × 480) but whose pixel data is cut off: refused only when decoded.
  const whole = await png(640, 480);
  truncatedPng = whole.subarray(0, Math.floor(whole.length / 2));
}, 120_000);
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;
const BOUNDARY = "----near-test-boundary";
const MEGAPIXEL_MESSAGE = `Photos can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
const BASIC_LIMIT_MESSAGE = "The Basic plan includes 1 photo. Upgrade to Featured for up to 10.";

/**
 * A multipart body that starts a `photos` file part and then never ends: it
 * always has another chunk ready. Counts what was pulled from it.
 */
function endlessUpload(chunkSize = 64 * 1024) {
  const head = new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="endless.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const filler = new Uint8Array(chunkSize).fill(0x61);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pulled === 0 ? head : filler;
      pulled += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { body, pulled: () => pulled };
}

/** Fails (instead of hanging until the test's timeout) when no response comes: the server is waiting for the body. */
async function answered(response: Promise<Response>, ms = 15_000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("No response: the server is reading a body that never ends")), ms);
  });
  try {
    return await Promise.race([response, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function streamUpload(who: Role | "visitor", path: string, body: ReadableStream<Uint8Array>) {
  return h.as(who).request(`/api/v1${path}`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

/** The listing form (as the browser posts it) for the route actions. */
function formRequest(who: Role, path: string, fields: Record<string, string>, files: Record<string, File> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, f] of Object.entries(files)) fd.append(k, f);
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: h.users[who].cookie, origin: ORIGIN },
    body: fd,
  });
}

const basics = (name: string) => ({
  name,
  category: "restaurants",
  cuisine: "italian",
  description: "Wood-fired pizza.",
  address: "7 Oven Road",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  "hours.1.mode": "open",
  "hours.1.open": "11:00",
  "hours.1.close": "22:00",
});

const pngFile = (name: string, body: Buffer) => new File([new Uint8Array(body)], name, { type: "image/png" });

type FormFailure = {
  data: { ok: false; message: string; result: { error: Record<string, string[]> } };
  init: { status: number; headers?: HeadersInit };
};

describe("who may upload is settled before the body is read", () => {
  it("refuses a visitor (401), a customer and another owner (403) without reading a body that never ends", async () => {
    const listing = await insertBusiness(db(), { name: "Guarded Photos", ownerId: h.users.owner.id, plan: "featured" });
    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
    ] as const) {
      const upload = endlessUpload();
      const res = await answered(streamUpload(who, `/businesses/${listing.id}/photos`, upload.body));
      expect(res.status, who).toBe(status);
      // At most what the stream had queued before anyone asked: nothing was buffered.
      expect(upload.pulled(), who).toBeLessThan(1024 * 1024);
    }
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id))).toEqual([]);
  });

  it("refuses an owner whose plan has no room left (Basic, one photo stored) without reading the body", async () => {
    const listing = await insertBusiness(db(), { name: "Full Basic", ownerId: h.users.owner.id, plan: "basic" });
    await db()
      .insert(businessImages)
      .values({
        businessId: listing.id,
        position: 0,
        storageKey: "bbbbbbbbbbbbbbbbbbbbbbbb",
        widths: [400],
        width: 400,
        height: 300,
      });
    const upload = endlessUpload();
    const res = await answered(streamUpload("owner", `/businesses/${listing.id}/photos`, upload.body));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(BASIC_LIMIT_MESSAGE);
    expect(upload.pulled()).toBeLessThan(1024 * 1024);
  });

  it("the form actions check who may before reading the body", async () => {
    const listing = await insertBusiness(db(), { name: "Form Guarded", ownerId: h.users.owner.id, plan: "featured" });
    const newUpload = endlessUpload();
    const asCustomer = new Request(`${ORIGIN}/business/new`, {
      method: "POST",
      headers: {
        cookie: h.users.customer.cookie,
        origin: ORIGIN,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: newUpload.body,
      duplex: "half",
    } as RequestInit);
    const created = await answered(
      settle(createBusinessAction({ request: asCustomer, context: h.routeContext })).then((r) => r.response!),
    );
    expect(created.status).toBe(302);
    expect(newUpload.pulled()).toBeLessThan(1024 * 1024);

    const editUpload = endlessUpload();
    const asOther = new Request(`${ORIGIN}/business/edit/${listing.id}`, {
      method: "POST",
      headers: {
        cookie: h.users.other.cookie,
        origin: ORIGIN,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: editUpload.body,
      duplex: "half",
    } as RequestInit);
    const edited = await answered(
      settle(updateBusinessAction({ request: asOther, context: h.routeContext, params: { id: listing.id } })).then(
        (r) => r.response!,
      ),
    );
    expect(edited.status).toBe(302);
    expect(editUpload.pulled()).toBeLessThan(1024 * 1024);
  });
});

describe("the plan's allowance is checked before any file is decoded", () => {
  it("API: three 100-megapixel PNGs to a Basic listing get the plan's message, not the pixel one", async () => {
    const listing = await insertBusiness(db(), { name: "Basic Bombs", ownerId: h.users.owner.id, plan: "basic" });
    const before = h.mediaFiles();
    const res = await h.as("owner").request(`/api/v1/businesses/${listing.id}/photos`, {
      method: "POST",
      body: photoForm([1, 2, 3].map((i) => ({ name: `bomb-${i}.png`, body: hugePng }))),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(BASIC_LIMIT_MESSAGE);
    expect(h.mediaFiles()).toEqual(before);
  });

  it("API: two files over a Basic listing's one are refused before the first is decoded", async () => {
    const listing = await insertBusiness(db(), { name: "Basic Truncated", ownerId: h.users.owner.id, plan: "basic" });
    // Decoding the first file would fail ("not a valid image"): the plan's message shows it never was.
    const res = await h.as("owner").request(`/api/v1/businesses/${listing.id}/photos`, {
      method: "POST",
      body: photoForm([
        { name: "cut.png", body: truncatedPng },
        { name: "fine.png", body: await png(64, 64) },
      ]),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(BASIC_LIMIT_MESSAGE);
  });

  it("form: a Basic owner who keeps their photo and adds one is refused before the new file is decoded", async () => {
    const listing = await insertBusiness(db(), { name: "Basic Form", ownerId: h.users.owner.id, plan: "basic" });
    const [kept] = await db()
      .insert(businessImages)
      .values({
        businessId: listing.id,
        position: 0,
        storageKey: "cccccccccccccccccccccccc",
        widths: [400],
        width: 400,
        height: 300,
      })
      .returning();
    const res = await updateBusinessAction({
      request: formRequest(
        "owner",
        `/business/edit/${listing.id}`,
        { ...basics("Basic Form"), "photos.0.id": kept!.id, "photos.0.alt": "", "photos.1.alt": "" },
        { "photos.1.file": pngFile("cut.png", truncatedPng) },
      ),
      context: h.routeContext,
      params: { id: listing.id },
    });
    const { data, init } = res as unknown as FormFailure;
    expect(init.status).toBe(400);
    expect(data.message).toBe(BASIC_LIMIT_MESSAGE);
  });
});

describe("pixel limit (read from the header, before decoding)", () => {
  it("API: a 10000 × 10000 PNG gets a 400 naming the limit and the size", async () => {
    const listing = await insertBusiness(db(), { name: "Big Pixels", ownerId: h.users.owner.id, plan: "featured" });
    const before = h.mediaFiles();
    const res = await h.as("owner").request(`/api/v1/businesses/${listing.id}/photos`, {
      method: "POST",
      body: photoForm([{ name: "bomb.png", body: hugePng }]),
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe(`${MEGAPIXEL_MESSAGE} ("bomb.png" is 10000 × 10000).`);
    expect(error.fields).toEqual({ photos: error.message });
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, listing.id))).toEqual([]);
    expect(h.mediaFiles()).toEqual(before);
  });

  it("API: with several files, none is decoded when a later one is too large", async () => {
    const listing = await insertBusiness(db(), { name: "Mixed Pixels", ownerId: h.users.owner.id, plan: "featured" });
    // The first would fail to decode; the pixel message shows the headers were all read first.
    const res = await h.as("owner").request(`/api/v1/businesses/${listing.id}/photos`, {
      method: "POST",
      body: photoForm([
        { name: "cut.png", body: truncatedPng },
        { name: "bomb.png", body: hugePng },
      ]),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(`${MEGAPIXEL_MESSAGE} ("bomb.png" is 10000 × 10000).`);
  });

  it("form: /business/new answers a 10000 × 10000 PNG with the message on the file's field", async () => {
    const before = h.mediaFiles();
    const res = await createBusinessAction({
      request: formRequest(
        "owner",
        "/business/new",
        { ...basics("Pixel Bomb Pizza"), "photos.0.alt": "" },
        { "photos.0.file": pngFile("bomb.png", hugePng) },
      ),
      context: h.routeContext,
    });
    const { data, init } = res as unknown as FormFailure;
    expect(init.status).toBe(400);
    expect(data.result.error["photos.0.file"]).toEqual([`${MEGAPIXEL_MESSAGE} ("bomb.png" is 10000 × 10000).`]);
    expect(h.mediaFiles()).toEqual(before);
  });
});

describe("request bodies are bounded while they stream", () => {
  it("a chunked upload (no Content-Length) over the photo body limit gets a 413, read no further than the limit", async () => {
    const listing = await insertBusiness(db(), { name: "Endless Upload", ownerId: h.users.owner.id, plan: "featured" });
    const upload = endlessUpload(1024 * 1024);
    const res = await answered(streamUpload("owner", `/businesses/${listing.id}/photos`, upload.body), 60_000);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: "payload_too_large" });
    expect(upload.pulled()).toBeLessThan(PHOTO_REQUEST_BODY_LIMIT + 4 * 1024 * 1024);
  }, 90_000);

  it("a declared Content-Length over the limit gets a 413 without the body being read", async () => {
    const listing = await insertBusiness(db(), {
      name: "Declared Upload",
      ownerId: h.users.owner.id,
      plan: "featured",
    });
    const upload = endlessUpload();
    const res = await answered(
      h.as("owner").request(`/api/v1/businesses/${listing.id}/photos`, {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(PHOTO_REQUEST_BODY_LIMIT + 1),
        },
        body: upload.body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(upload.pulled()).toBeLessThan(1024 * 1024);
  });
});

describe("upload rate per user", () => {
  it(`allows ${PHOTO_UPLOAD_RATE.photos} photo files per window, then 429 with Retry-After, on the API and the forms alike`, async () => {
    // A business owner of their own, so that the other tests' uploads don't count.
    const session = browserSession(h.app, ORIGIN);
    const signUp = await session.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
      name: "Busy Uploader",
      email: "busy-uploader@listings.example.com",
      password: "secret-1",
      type: "business",
    });
    expect(signUp.status).toBe(200);
    const ownerId = signUp.body.user.id;
    const cookie = [...session.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const small = await png(32, 32);

    // Premium: 20 photos a listing, so the rate, not the plan, is what stops them.
    let sent = 0;
    const perRequest = 10;
    while (sent < PHOTO_UPLOAD_RATE.photos) {
      const listing = await insertBusiness(db(), { name: `Busy ${sent}`, ownerId, plan: "premium" });
      const count = Math.min(perRequest, PHOTO_UPLOAD_RATE.photos - sent);
      const res = await session.request(`/api/v1/businesses/${listing.id}/photos`, {
        method: "POST",
        body: photoForm(Array.from({ length: count }, (_, i) => ({ name: `p${sent + i}.png`, body: small }))),
      });
      expect(res.status, `after ${sent} files`).toBe(201);
      sent += count;
    }

    const fresh = await insertBusiness(db(), { name: "Busy Over", ownerId, plan: "premium" });
    // Over the limit: refused before the body is read.
    const upload = endlessUpload();
    const limited = await answered(
      session.request(`/api/v1/businesses/${fresh.id}/photos`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
        body: upload.body,
        duplex: "half",
      } as RequestInit),
    );
    expect(limited.status).toBe(429);
    expect(upload.pulled()).toBeLessThan(1024 * 1024);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PHOTO_UPLOAD_RATE.windowMs / 1000);
    expect(await errorOf(limited)).toMatchObject({
      code: "too_many_requests",
      message: expect.stringMatching(/uploading photos too quickly/),
    });
    expect(await db().select().from(businessImages).where(eq(businessImages.businessId, fresh.id))).toEqual([]);

    // The form shares the limiter: adding a photo on the edit page is refused too, before decoding.
    const edit = new FormData();
    for (const [k, v] of Object.entries({ ...basics("Busy Over"), "photos.0.alt": "" })) edit.append(k, v);
    edit.append("photos.0.file", pngFile("more.png", small));
    const res = await updateBusinessAction({
      request: new Request(`${ORIGIN}/business/edit/${fresh.id}`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
        body: edit,
      }),
      context: h.routeContext,
      params: { id: fresh.id },
    });
    const { data, init } = res as unknown as FormFailure;
    expect(init.status).toBe(429);
    expect(new Headers(init.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(data.result.error.photos?.[0]).toMatch(/uploading photos too quickly/);
    // An edit without new photos is not an upload and still goes through.
    const plain = new FormData();
    for (const [k, v] of Object.entries(basics("Busy Renamed"))) plain.append(k, v);
    const renamed = await updateBusinessAction({
      request: new Request(`${ORIGIN}/business/edit/${fresh.id}`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
        body: plain,
      }),
      context: h.routeContext,
      params: { id: fresh.id },
    });
    expect(renamed).toMatchObject({ ok: true });
  });
});

import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessImages, businessMenus } from "~/.server/db/schema";
import { S3MediaStorage, signRequest } from "~/.server/media/s3";
import { createMediaStorage, readDocument } from "~/.server/media/storage";
import { createBusiness as insertBusiness } from "../support/factories";
import { listingHarness, photoForm, png, type ListingHarness } from "./listings-support";

/**
 * Photos in an S3-compatible bucket (S3_BUCKET set): SigV4 against AWS's
 * published example, and uploads, serving and deletes through a local
 * stand-in for the bucket that checks every request's signature.
 */

const KEY = "AKIDNEARTEST";
const SECRET = "near/test/secret+key";
const BUCKET = "near-photos";

const objects = new Map<string, { body: Buffer; type: string }>();
const refused: string[] = [];
let server: http.Server;
let endpoint = "";

/** Re-derives the signature from what arrived, as S3 does. */
function signatureMatches(req: http.IncomingMessage, body: Buffer) {
  const auth = req.headers.authorization ?? "";
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m || m[1] !== KEY) return false;
  const payloadHash = req.headers["x-amz-content-sha256"] as string;
  if (payloadHash !== createHash("sha256").update(body).digest("hex")) return false;
  const signed = m[4]!.split(";").filter((h) => h !== "host" && h !== "x-amz-date" && h !== "x-amz-content-sha256");
  const amzDate = req.headers["x-amz-date"] as string;
  const now = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const again = signRequest({
    method: req.method!,
    url: new URL(req.url!, `http://${req.headers.host}`),
    headers: Object.fromEntries(signed.map((h) => [h, String(req.headers[h])])),
    payloadHash,
    accessKeyId: KEY,
    secretAccessKey: SECRET,
    region: m[3]!,
    now,
  });
  return again.authorization === auth;
}

let h: ListingHarness;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const [, bucket, name] = /^\/([^/]+)\/(.+)$/.exec(req.url ?? "") ?? [];
      if (bucket !== BUCKET || !name) return void res.writeHead(404).end();
      if (!signatureMatches(req, body)) {
        refused.push(`${req.method} ${req.url}`);
        return void res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      }
      if (req.method === "PUT") {
        objects.set(name, { body, type: String(req.headers["content-type"]) });
        return void res.writeHead(200).end();
      }
      if (req.method === "DELETE") {
        objects.delete(name);
        return void res.writeHead(204).end();
      }
      const object = objects.get(name);
      if (!object) return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": object.type, "content-length": object.body.length }).end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await listingHarness({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: SECRET,
    S3_REGION: "eu-west-1",
  });
});
afterAll(async () => {
  await h?.ctx.cleanup();
  await new Promise((resolve) => server?.close(resolve));
});

describe("Signature Version 4", () => {
  it("matches AWS's published GET Object example", () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (Example: GET Object)
    const headers = signRequest({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { range: "bytes=0-9" },
      payloadHash: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      region: "us-east-1",
      now: new Date("2013-05-24T00:00:00Z"),
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("builds path-style and virtual-hosted URLs", () => {
    const options = {
      endpoint: "https://s3.eu-west-1.amazonaws.com",
      bucket: "b",
      region: "eu-west-1",
      accessKeyId: "k",
      secretAccessKey: "s",
    };
    const name = "0123456789abcdef01234567-800.webp";
    expect(new S3MediaStorage({ ...options, forcePathStyle: true }).objectUrl(name).href).toBe(
      `https://s3.eu-west-1.amazonaws.com/b/${name}`,
    );
    expect(new S3MediaStorage({ ...options, forcePathStyle: false }).objectUrl(name).href).toBe(
      `https://b.s3.eu-west-1.amazonaws.com/${name}`,
    );
    expect(() => new S3MediaStorage({ ...options, forcePathStyle: true }).objectUrl("../etc/passwd")).toThrow(
      /Invalid media object name/,
    );
  });
});

describe("photos in a bucket", () => {
  it("is chosen by S3_BUCKET", () => {
    expect(createMediaStorage(h.ctx.services.config)).toBeInstanceOf(S3MediaStorage);
  });

  it("uploads every width to the bucket, serves them at /media/* and deletes them with the photo", async () => {
    const listing = await insertBusiness(h.ctx.database.db, { name: "Bucket Bakery", ownerId: h.users.owner.id });
    const res = await h.sessions.owner.request(`/api/v1/businesses/${listing.id}/photos`, {
      method: "POST",
      body: photoForm([{ name: "loaf.png", body: await png(1000, 700) }]),
    });
    expect(res.status).toBe(201);
    const [photo] = await h.ctx.database.db
      .select()
      .from(businessImages)
      .where(eq(businessImages.businessId, listing.id));
    const names = photo!.widths.map((w) => `${photo!.storageKey}-${w}.webp`);
    expect(photo!.widths).toEqual([400, 800, 1000]);
    expect(names.every((n) => objects.has(n))).toBe(true);
    expect(objects.get(names[0]!)!.type).toBe("image/webp");
    expect(h.mediaFiles()).toEqual([]);
    expect(refused).toEqual([]);

    const served = await h.visitor.request(`/media/${names[1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(objects.get(names[1]!)!.body)).toBe(true);
    expect((await h.visitor.request("/media/0123456789abcdef01234567-400.webp")).status).toBe(404);
    expect((await h.visitor.request("/media/..%2F..%2Fsecret")).status).toBe(404);

    const removed = await h.sessions.owner.request(`/api/v1/businesses/${listing.id}/photos/${photo!.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(names.some((n) => objects.has(n))).toBe(false);
  });
});

describe("menus in a bucket (issue 36)", () => {
  it("stores a PDF menu beside the photos, reads it back for its download, never serves it at /media", async () => {
    const listing = await insertBusiness(h.ctx.database.db, {
      name: "Bucket Menus",
      ownerId: h.users.owner.id,
      plan: "featured",
    });
    const form = new FormData();
    form.append("title", "Dinner");
    const pdf = fs.readFileSync(path.resolve("tests/fixtures/menus/menu.pdf"));
    form.append("file", new File([new Uint8Array(pdf)], "dinner.pdf", { type: "application/pdf" }));
    const res = await h.sessions.owner.request(`/api/v1/businesses/${listing.id}/menus`, {
      method: "POST",
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [menu] = await h.ctx.database.db.select().from(businessMenus).where(eq(businessMenus.businessId, listing.id));
    const stored = objects.get(menu!.fileName!);
    expect(stored?.type).toBe("application/pdf");
    expect(stored?.body.equals(pdf)).toBe(true);
    expect((await readDocument(h.ctx.services.storage, menu!.fileName!))?.equals(pdf)).toBe(true);
    expect((await h.visitor.request(`/media/${menu!.fileName}`)).status).toBe(404);
    for (const w of menu!.widths) expect(objects.has(`${menu!.storageKey}-${w}.webp`)).toBe(true);
  });
});

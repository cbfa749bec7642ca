import { createHash, createHmac } from "node:crypto";
import { mediaUrl, DEFAULT_MEDIA_BASE_URL } from "../../lib/images";
import type { MediaStorage } from "./types";

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2…)
 * over plain HTTPS with AWS Signature Version 4 — no SDK. Objects are the
 * same flat, immutable `${storageKey}-${width}.webp` names as on local disk;
 * the app keeps serving them at /media/* (with a year of caching), so pages
 * never depend on the bucket being public.
 */

export interface S3Options {
  /** e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key (MinIO, most self-hosted) instead of https://bucket.endpoint/key. */
  forcePathStyle: boolean;
}

const OBJECT_NAME_RE = /^[a-z0-9]{16,64}-[1-9][0-9]{0,4}\.webp$/;
/** A PDF menu (issue 36): stored beside the photos, read back only through its download route (never /media). */
const DOCUMENT_NAME_RE = /^[a-z0-9]{16,64}\.pdf$/;
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encode(value: string) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign (host, x-amz-date and x-amz-content-sha256 are added). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
  now?: Date;
}

/** AWS Signature Version 4: the request's headers including Authorization. */
export function signRequest(input: SignInput): Record<string, string> {
  const { method, url, payloadHash, accessKeyId, secretAccessKey, region, service = "s3" } = input;
  const amzDate = (input.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, " ")]),
    ),
    host: url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalUri = url.pathname
    .split("/")
    .map((segment) => encode(decodeURIComponent(segment)))
    .join("/");
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join("&");
  const canonicalRequest = [
    method.toUpperCase(),
    canonicalUri || "/",
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(""),
    names.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  const { host: _host, ...rest } = headers;
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}

export class S3MediaStorage implements MediaStorage {
  constructor(
    readonly options: S3Options,
    readonly baseUrl: string = DEFAULT_MEDIA_BASE_URL,
  ) {}

  objectUrl(name: string) {
    if (!OBJECT_NAME_RE.test(name) && !DOCUMENT_NAME_RE.test(name))
      throw new Error(`Invalid media object name ${JSON.stringify(name)}`);
    const endpoint = new URL(this.options.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, "");
    if (this.options.forcePathStyle) return new URL(`${endpoint.origin}${base}/${encode(this.options.bucket)}/${name}`);
    return new URL(`${endpoint.protocol}//${this.options.bucket}.${endpoint.host}${base}/${name}`);
  }

  private async send(method: string, name: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = this.objectUrl(name);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: body ? sha256(body) : EMPTY_SHA256,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      region: this.options.region,
    });
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  }

  async put(name: string, body: Buffer, contentType: string) {
    const res = await this.send("PUT", name, body, {
      "content-type": contentType,
      "cache-control": "public, max-age=31536000, immutable",
    });
    if (!res.ok) throw new Error(`S3 PUT ${name} failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }

  async delete(names: readonly string[]) {
    for (const name of names) this.objectUrl(name);
    // One DELETE per object (DeleteObjects needs Content-MD5, which not every S3-compatible store accepts).
    const queue = [...names];
    await Promise.all(
      Array.from({ length: Math.min(4, queue.length) }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const res = await this.send("DELETE", name);
          if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${name} failed: ${res.status}`);
        }
      }),
    );
  }

  /** The object's bytes for /media/*, or null when there is none. */
  async get(name: string): Promise<Response | null> {
    if (!OBJECT_NAME_RE.test(name)) return null;
    const res = await this.send("GET", name);
    if (res.status === 404 || res.status === 403) return null;
    if (!res.ok) throw new Error(`S3 GET ${name} failed: ${res.status}`);
    return res;
  }

  /** A stored document's bytes (a PDF menu), or null when there is none. */
  async getDocument(name: string): Promise<Buffer | null> {
    if (!DOCUMENT_NAME_RE.test(name)) return null;
    const res = await this.send("GET", name);
    if (res.status === 404 || res.status === 403) return null;
    if (!res.ok) throw new Error(`S3 GET ${name} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  url(storageKey: string, width: number) {
    return mediaUrl(storageKey, width, this.baseUrl);
  }
}

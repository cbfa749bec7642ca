import { createHmac } from "node:crypto";

interface Requester {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * A pretend browser for app.request(): keeps cookies between requests and
 * sends an Origin on mutations, like a page of this site would.
 */
export function browserSession(app: Requester, origin = "http://near.test") {
  const jar = new Map<string, string>();

  function store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const url = path.startsWith("http") ? path : `${origin}${path}`;
    const headers = new Headers(init.headers);
    if (jar.size && !headers.has("cookie")) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const method = (init.method ?? (init.json !== undefined ? "POST" : "GET")).toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", origin);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const res = await app.request(url, { ...init, method, headers, body });
    store(res);
    return res;
  }

  return {
    jar,
    request,
    post: (path: string, json: unknown, init: RequestInit = {}) => request(path, { ...init, method: "POST", json }),
    get: (path: string, init: RequestInit = {}) => request(path, { ...init, method: "GET" }),
    async json<T = Record<string, unknown>>(path: string, json?: unknown, init: RequestInit = {}) {
      const res =
        json === undefined ? await request(path, init) : await request(path, { ...init, method: "POST", json });
      return { status: res.status, body: (await res.json().catch(() => null)) as T, res };
    },
    hasSession: () => [...jar.keys()].some((k) => k.endsWith("session_token")),
  };
}

function base32Decode(input: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of input.replace(/=+$/, "").toUpperCase()) {
    const v = alphabet.indexOf(ch);
    if (v < 0) throw new Error(`Not base32: ${ch}`);
    bits += v.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret, as an authenticator app computes it. */
export function totp(base32Secret: string, at = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", base32Decode(base32Secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, "0");
}

export function secretFromTotpUri(uri: string) {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}

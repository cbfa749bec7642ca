import zlib from "node:zlib";

/**
 * A document kept as parts compressed once, with holes filled per answer: the page cache's pages (each answer's CSP
 * nonce) and signed-in page templates (the nonce and the reader's name, address and id). Written here because no
 * library builds a gzip stream around holes, and compressing each answer again was 14% of a crowd's CPU. Deflate
 * (RFC 1951) allows it cheaply: each part was compressed on its own (a fresh window that refers to nothing before it,
 * ending on a sync flush, byte-aligned), a hole's bytes go between them as stored blocks, and only the gzip trailer's
 * CRC-32 (RFC 1952) is computed per answer, natively.
 */

/** One part compressed for gzipParts: raw deflate, a fresh window, ending byte-aligned. */
export function deflatePart(part: Uint8Array): Buffer {
  return zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman codes): ends the deflate stream. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);
/** The most a stored block holds. */
const MAX_STORED = 0xffff;

/** `parts` (and their `deflated` forms) with `fills[i]` between parts i and i + 1, as one gzip member. */
export function gzipParts(parts: Buffer[], deflated: Buffer[], fills: Buffer[]): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  // zlib's crc32 of a view without memory (an empty Buffer may have none) is its initial value, 0, not the
  // running CRC: empty pieces are skipped.
  const add = (bytes: Buffer) => {
    if (!bytes.length) return;
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
  };
  parts.forEach((part, i) => {
    if (i) {
      const fill = fills[i - 1]!;
      for (let at = 0; at < fill.length; at += MAX_STORED) {
        const piece = fill.subarray(at, at + MAX_STORED);
        // A stored block: BFINAL 0 and BTYPE 00 padded to the byte, then LEN and its one's complement, little-endian.
        const stored = Buffer.alloc(5);
        stored.writeUInt16LE(piece.length, 1);
        stored.writeUInt16LE(~piece.length & 0xffff, 3);
        chunks.push(stored, piece);
        add(piece);
      }
    }
    chunks.push(deflated[i]!);
    add(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(DEFLATE_END, trailer);
  return Buffer.concat(chunks);
}

/** `parts` with `fills[i]` between parts i and i + 1, uncompressed. */
export function joinParts(parts: Buffer[], fills: Buffer[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return new Uint8Array(parts[0]!);
  return Buffer.concat(parts.flatMap((part, i) => (i ? [fills[i - 1]!, part] : [part])));
}

/**
 * The one Accept-Encoding negotiation: gzip, deflate or neither, by q-value (`*` standing for the unnamed), gzip on a
 * tie. The compression middleware is told this choice (server/http/app.ts), HEAD answers and cached pages follow it,
 * so the three agree.
 */
export function acceptedEncoding(header: string | null | undefined): "gzip" | "deflate" | undefined {
  if (!header) return undefined;
  const q = (name: string) => {
    for (const item of header.split(",")) {
      const [coding, ...params] = item.trim().toLowerCase().split(";");
      if (coding?.trim() !== name) continue;
      const value = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return value ? Number(value.slice(2)) || 0 : 1;
    }
    return null;
  };
  const gzip = q("gzip") ?? q("*") ?? 0;
  const deflate = q("deflate") ?? q("*") ?? 0;
  if (gzip > 0 && gzip >= deflate) return "gzip";
  return deflate > 0 ? "deflate" : undefined;
}

/** True when this request's answer goes out in gzip (acceptedEncoding). */
export function prefersGzip(request: Request): boolean {
  return acceptedEncoding(request.headers.get("accept-encoding")) === "gzip";
}

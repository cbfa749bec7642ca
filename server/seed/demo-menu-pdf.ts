import { createHash } from "node:crypto";

/**
 * A small, real PDF menu written by hand (PDF 1.4: one Helvetica text page per list of lines), so the demo city and
 * the tests have menus without a PDF library that writes. `userPassword` makes an encrypted file (the standard
 * security handler, revision 2) that no one can open without it: what an upload must refuse.
 */
export function menuPdf(title: string, pages: readonly (readonly string[])[], opts: { userPassword?: string } = {}) {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  pages.forEach((lines, i) => {
    const id = pageIds[i]!;
    const text = [`BT /F1 28 Tf 56 780 Td (${escape(title)}) Tj ET`]
      .concat(lines.map((line, n) => `BT /F1 16 Tf 56 ${730 - n * 28} Td (${escape(line)}) Tj ET`))
      .join("\n");
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`;
  });
  const fileId = createHash("md5").update(title).digest();
  let encrypt = "";
  if (opts.userPassword !== undefined) {
    const id = objects.length;
    objects[id] = encryptDictionary(opts.userPassword, fileId);
    encrypt = ` /Encrypt ${id} 0 R`;
  }
  let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, "latin1");
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  const hex = fileId.toString("hex");
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /ID [<${hex}> <${hex}>]${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

function escape(text: string) {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
}

const PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");

function rc4(key: Buffer, data: Buffer) {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const padded = (password: string) => Buffer.concat([Buffer.from(password, "latin1"), PAD]).subarray(0, 32);

/** The standard security handler, revision 2 (40-bit RC4): the O and U entries for the passwords (PDF 1.4, 3.5.2). */
function encryptDictionary(userPassword: string, fileId: Buffer) {
  const permissions = -44;
  const ownerKey = createHash("md5")
    .update(padded(`${userPassword}-owner`))
    .digest()
    .subarray(0, 5);
  const o = rc4(ownerKey, padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = createHash("md5")
    .update(Buffer.concat([padded(userPassword), o, p, fileId]))
    .digest()
    .subarray(0, 5);
  const u = rc4(key, PAD);
  return `<< /Filter /Standard /V 1 /R 2 /O <${o.toString("hex")}> /U <${u.toString("hex")}> /P ${permissions} >>`;
}

// Writes the press kit's logo files (public/press/): the mark alone and the
// wordmark on light and dark, as SVG and PNG. Run: node scripts/press-logos.mjs
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve("public/press");
fs.mkdirSync(out, { recursive: true });

const gradient = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#EC5A4F"/><stop offset="1" stop-color="#C2224A"/></linearGradient>`;
const pin = `<path d="M16 6.2c-4.1 0-7.4 3.1-7.4 7.1 0 5.2 6.2 11.1 6.9 11.8a.7.7 0 0 0 1 0c.7-.7 6.9-6.6 6.9-11.8 0-4-3.3-7.1-7.4-7.1zm0 10a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8z" fill="#fff"/>`;
const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="512" height="512"><defs>${gradient}</defs><rect width="32" height="32" rx="9" fill="url(#g)"/>${pin}</svg>`;
const wordmark = (ink, paper) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 470 200" width="940" height="400"><defs>${gradient}</defs>` +
  (paper ? `<rect width="470" height="200" fill="${paper}"/>` : "") +
  `<g transform="translate(40 40) scale(3.75)"><rect width="32" height="32" rx="9" fill="url(#g)"/>${pin}</g>` +
  `<text x="190" y="132" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="104" font-weight="800" letter-spacing="-3" fill="${ink}">Near</text></svg>`;

const files = {
  "near-mark.svg": mark,
  "near-logo-light.svg": wordmark("#1E2230", "#FDFBF8"),
  "near-logo-dark.svg": wordmark("#FFFFFF", "#1E2230"),
};
for (const [name, svg] of Object.entries(files)) {
  fs.writeFileSync(path.join(out, name), `${svg}\n`);
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name.replace(/\.svg$/, ".png")));
}
console.log(`Wrote ${Object.keys(files).length * 2} files to ${out}`);

// Renders the branded share image (Open Graph / Twitter) from its SVG source:
//   node scripts/og-image.mjs
// assets/brand/og-default.svg → public/og-default.png (1200×630, the size link previews use).
import sharp from "sharp";

await sharp("assets/brand/og-default.svg", { density: 72 })
  .resize(1200, 630)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile("public/og-default.png");
console.log("public/og-default.png written");

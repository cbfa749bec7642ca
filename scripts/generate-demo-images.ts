/**
 * Draws the illustrated demo photos in assets/demo/ (committed; the seed
 * never hot-links). Each is an SVG scene — gradient, soft light, a scatter of
 * small pictograms and a big "sticker" with the main one (lucide icons) —
 * rendered through sharp to a small WebP. Deterministic: same files every run.
 *
 *   npx tsx scripts/generate-demo-images.ts
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import {
  Armchair,
  Bean,
  BedDouble,
  Beer,
  Bell,
  BookOpen,
  Briefcase,
  CakeSlice,
  Car,
  ChefHat,
  Church,
  Citrus,
  Clapperboard,
  Coffee,
  Cog,
  Coins,
  CookingPot,
  Croissant,
  Dog,
  Drama,
  Droplets,
  Dumbbell,
  FerrisWheel,
  FileText,
  Fish,
  Flame,
  Flower2,
  Gamepad2,
  Gem,
  Gift,
  GraduationCap,
  Hamburger,
  Hand,
  Heart,
  HeartPulse,
  Joystick,
  KeyRound,
  LampFloor,
  Landmark,
  Leaf,
  Library,
  Lightbulb,
  Lock,
  Music,
  PartyPopper,
  PawPrint,
  Pencil,
  PiggyBank,
  Pill,
  Pizza,
  Plug,
  Popcorn,
  Puzzle,
  RollerCoaster,
  Scale,
  Scissors,
  Shirt,
  ShoppingBag,
  Shovel,
  ShowerHead,
  Smile,
  Sofa,
  Soup,
  Sparkles,
  SprayCan,
  Sprout,
  Star,
  Stethoscope,
  Sun,
  Ticket,
  Timer,
  Trees,
  UtensilsCrossed,
  Watch,
  Wheat,
  Wine,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { DEMO_IMAGES } from "../server/seed/demo-images";

const WIDTH = 1200;
const HEIGHT = 800;
const QUALITY = 70;
const OUT_DIR = path.resolve("assets/demo");

/** An icon's inner SVG markup on lucide's 24×24 grid. */
type Glyph = string;

function glyph(icon: LucideIcon): Glyph {
  const markup = renderToStaticMarkup(createElement(icon));
  return markup.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
}

/** lucide has no taco: drawn in its style (2 px strokes on a 24 grid). */
const TACO: Glyph = [
  '<path d="M2 18a10 10 0 0 1 20 0z"/>',
  '<path d="M6 18a6 6 0 0 1 12 0"/>',
  '<path d="M4.2 11.5c1-.9 1.8-.1 2.6-1.1s1.7-1.6 2.6-1.2 1.7-.6 2.6-.6 1.7.9 2.6.6 1.7.5 2.6 1.2 1.6.2 2.6 1.1"/>',
  '<circle cx="9" cy="14.5" r=".6"/>',
  '<circle cx="12.5" cy="13" r=".6"/>',
  '<circle cx="15.5" cy="14.8" r=".6"/>',
].join("");

interface Palette {
  from: string;
  to: string;
  /** Soft light blobs. */
  glow: string;
  /** Icon colour on the white sticker. */
  ink: string;
  /** Offset "print" under the main icon. */
  tint: string;
}

interface Art {
  glyphs: Glyph[];
  palette: Palette;
  layout: "center" | "duo" | "trio";
}

const P = {
  tomato: { from: "#ff7a59", to: "#c7253e", glow: "#ffd166", ink: "#a4161a", tint: "#ffc9b5" },
  burgundy: { from: "#7b2d43", to: "#3d0c1e", glow: "#e07a5f", ink: "#7b2d43", tint: "#f2c6d0" },
  olive: { from: "#8a9a5b", to: "#3f4d1f", glow: "#f0e6a8", ink: "#4d5d23", tint: "#e3ebc4" },
  lacquer: { from: "#e63946", to: "#7f0e17", glow: "#ffb703", ink: "#b5171f", tint: "#ffe0a3" },
  ember: { from: "#f48c06", to: "#9d0208", glow: "#ffba08", ink: "#9d0208", tint: "#ffd8a8" },
  cinnabar: { from: "#c1121f", to: "#3a0a0d", glow: "#fdd85d", ink: "#8d0c15", tint: "#ffe3a3" },
  sunny: { from: "#ffb703", to: "#fb5607", glow: "#fff3b0", ink: "#c2410c", tint: "#ffe6a7" },
  lime: { from: "#80b918", to: "#2b6a16", glow: "#eeef20", ink: "#2b6a16", tint: "#d9f99d" },
  saffron: { from: "#f6a01a", to: "#b23a0b", glow: "#ffe066", ink: "#9a3412", tint: "#fde2a7" },
  turmeric: { from: "#e9c46a", to: "#bc6c25", glow: "#fefae0", ink: "#8a4b12", tint: "#f6e2b3" },
  caramel: { from: "#c08552", to: "#5e3023", glow: "#f3e9dc", ink: "#5e3023", tint: "#ecd5bf" },
  peach: { from: "#ffcdb2", to: "#e5989b", glow: "#fff1e6", ink: "#9d4b4f", tint: "#ffe5d9" },
  rose: { from: "#ff8fab", to: "#c9184a", glow: "#ffe5ec", ink: "#a4133c", tint: "#ffccd5" },
  amber: { from: "#e09f3e", to: "#540b0e", glow: "#ffd27f", ink: "#7a3e0a", tint: "#fbe3b3" },
  teal: { from: "#2a9d8f", to: "#164e63", glow: "#e9f5db", ink: "#155e63", tint: "#c7ede8" },
  dusty: { from: "#6d8fb3", to: "#2b3a55", glow: "#dbe7f5", ink: "#2b3a55", tint: "#d4e2f2" },
  charcoal: { from: "#4a4e69", to: "#22223b", glow: "#f2e9e4", ink: "#22223b", tint: "#e2dbe8" },
  violet: { from: "#9d4edd", to: "#3c096c", glow: "#e0aaff", ink: "#5a189a", tint: "#ead7ff" },
  navy: { from: "#274c77", to: "#0b1d33", glow: "#e7c77a", ink: "#1d3557", tint: "#f1e3b5" },
  coral: { from: "#ff6b6b", to: "#c23a4b", glow: "#ffe66d", ink: "#b02a3a", tint: "#ffd6cc" },
  festive: { from: "#f72585", to: "#7209b7", glow: "#ffd6ff", ink: "#7209b7", tint: "#fbcfe8" },
  sage: { from: "#a3b18a", to: "#3a5a40", glow: "#f1f5e8", ink: "#3a5a40", tint: "#dfe8d3" },
  sand: { from: "#ddb892", to: "#7f5539", glow: "#fdf0d5", ink: "#7f5539", tint: "#f1e0c9" },
  ocean: { from: "#219ebc", to: "#023047", glow: "#8ecae6", ink: "#023e73", tint: "#cdeefc" },
  aqua: { from: "#48cae4", to: "#0077b6", glow: "#caf0f8", ink: "#03558f", tint: "#d4f3fa" },
  volt: { from: "#ffd60a", to: "#f77f00", glow: "#fffbd1", ink: "#b45309", tint: "#fff0a8" },
  night: { from: "#3a506b", to: "#0b132b", glow: "#ffd166", ink: "#1c2541", tint: "#fff1b8" },
  mint: { from: "#74c69d", to: "#1b6f61", glow: "#d8f3dc", ink: "#1b4332", tint: "#d8f3dc" },
  fresh: { from: "#52b788", to: "#1b4332", glow: "#d8f3dc", ink: "#2d6a4f", tint: "#d8f3dc" },
  earth: { from: "#b08968", to: "#4a3b2a", glow: "#ddf0c2", ink: "#4a3b2a", tint: "#ece0d1" },
  crimson: { from: "#d00000", to: "#370617", glow: "#ffba08", ink: "#9d0208", tint: "#ffdfa0" },
  plum: { from: "#8e4585", to: "#2d0a31", glow: "#f7c6ff", ink: "#5b1a5a", tint: "#f3d3f0" },
  neon: { from: "#7b2ff7", to: "#1a0b3b", glow: "#f107a3", ink: "#4c1d95", tint: "#f5c2ff" },
  electric: { from: "#3a86ff", to: "#1b1f6b", glow: "#8ef6e4", ink: "#1e40af", tint: "#cfe0ff" },
  deepteal: { from: "#1f6f78", to: "#0b2a31", glow: "#f4d35e", ink: "#14505a", tint: "#f9ebb0" },
  midnight: { from: "#3d348b", to: "#120d31", glow: "#7678ed", ink: "#2a2470", tint: "#dcdafc" },
  sky: { from: "#8ecae6", to: "#3a7ca5", glow: "#fff3b0", ink: "#1f4e79", tint: "#fde68a" },
  sunset: { from: "#ffafcc", to: "#ff5d8f", glow: "#ffd166", ink: "#9d174d", tint: "#ffe3ec" },
} satisfies Record<string, Palette>;

const g = glyph;
const ART: Record<string, Art> = {
  "pizza.webp": { glyphs: [g(Pizza), g(ChefHat), g(Wine)], palette: P.tomato, layout: "center" },
  "italian-wine.webp": { glyphs: [g(Wine), g(UtensilsCrossed), g(Pizza)], palette: P.burgundy, layout: "duo" },
  "italian-chef.webp": { glyphs: [g(ChefHat), g(Pizza), g(UtensilsCrossed)], palette: P.olive, layout: "trio" },
  "chinese-soup.webp": { glyphs: [g(Soup), g(Fish), g(Flame)], palette: P.lacquer, layout: "center" },
  "chinese-wok.webp": { glyphs: [g(CookingPot), g(Flame), g(Soup)], palette: P.ember, layout: "duo" },
  "chinese-fish.webp": { glyphs: [g(Fish), g(Soup), g(UtensilsCrossed)], palette: P.cinnabar, layout: "trio" },
  "mexican-taco.webp": { glyphs: [TACO, g(Citrus), g(Flame)], palette: P.sunny, layout: "center" },
  "mexican-lime.webp": { glyphs: [g(Citrus), TACO, g(Flame)], palette: P.lime, layout: "duo" },
  "indian-curry.webp": { glyphs: [g(CookingPot), g(Flame), g(Wheat)], palette: P.saffron, layout: "center" },
  "indian-spice.webp": { glyphs: [g(Flame), g(Wheat), g(Bean)], palette: P.turmeric, layout: "trio" },
  "coffee.webp": { glyphs: [g(Coffee), g(Croissant), g(CakeSlice)], palette: P.caramel, layout: "center" },
  "cafe-croissant.webp": { glyphs: [g(Croissant), g(Coffee), g(Wheat)], palette: P.peach, layout: "duo" },
  "bakery-cake.webp": { glyphs: [g(CakeSlice), g(Croissant), g(Coffee)], palette: P.rose, layout: "trio" },
  "bar-beer.webp": { glyphs: [g(Beer), g(Music), g(Hamburger)], palette: P.amber, layout: "duo" },
  "diner-burger.webp": { glyphs: [g(Hamburger), g(Coffee), g(Beer)], palette: P.teal, layout: "center" },
  "clothing-shirt.webp": { glyphs: [g(Shirt), g(ShoppingBag), g(Scissors)], palette: P.dusty, layout: "center" },
  "clothing-bag.webp": { glyphs: [g(ShoppingBag), g(Scissors), g(Shirt)], palette: P.charcoal, layout: "duo" },
  "jewelry-gem.webp": { glyphs: [g(Gem), g(Sparkles), g(Watch)], palette: P.violet, layout: "center" },
  "jewelry-watch.webp": { glyphs: [g(Watch), g(Gem), g(Sparkles)], palette: P.navy, layout: "trio" },
  "gifts-box.webp": { glyphs: [g(Gift), g(PartyPopper), g(Star)], palette: P.coral, layout: "center" },
  "gifts-party.webp": { glyphs: [g(PartyPopper), g(Gift), g(Flower2)], palette: P.festive, layout: "duo" },
  "home-lamp.webp": { glyphs: [g(LampFloor), g(Armchair), g(Sofa)], palette: P.sage, layout: "duo" },
  "home-sofa.webp": { glyphs: [g(Sofa), g(LampFloor), g(Flower2)], palette: P.sand, layout: "center" },
  "plumbing-wrench.webp": { glyphs: [g(Wrench), g(Droplets), g(ShowerHead)], palette: P.ocean, layout: "center" },
  "plumbing-shower.webp": { glyphs: [g(ShowerHead), g(Droplets), g(Wrench)], palette: P.aqua, layout: "trio" },
  "electrical-bolt.webp": { glyphs: [g(Zap), g(Plug), g(Lightbulb)], palette: P.volt, layout: "center" },
  "electrical-bulb.webp": { glyphs: [g(Lightbulb), g(Plug), g(Zap)], palette: P.night, layout: "duo" },
  "cleaning-sparkles.webp": { glyphs: [g(Sparkles), g(SprayCan), g(Droplets)], palette: P.mint, layout: "duo" },
  "landscaping-leaf.webp": { glyphs: [g(Leaf), g(Trees), g(Sprout)], palette: P.fresh, layout: "center" },
  "landscaping-shovel.webp": { glyphs: [g(Shovel), g(Sprout), g(Flower2)], palette: P.earth, layout: "trio" },
  "theater-masks.webp": { glyphs: [g(Drama), g(Ticket), g(Star)], palette: P.crimson, layout: "center" },
  "theater-film.webp": { glyphs: [g(Clapperboard), g(Ticket), g(Popcorn)], palette: P.plum, layout: "duo" },
  "arcade-joystick.webp": { glyphs: [g(Joystick), g(Gamepad2), g(Star)], palette: P.neon, layout: "center" },
  "arcade-gamepad.webp": { glyphs: [g(Gamepad2), g(Joystick), g(Zap)], palette: P.electric, layout: "trio" },
  "escape-key.webp": { glyphs: [g(KeyRound), g(Lock), g(Puzzle)], palette: P.deepteal, layout: "duo" },
  "escape-puzzle.webp": { glyphs: [g(Puzzle), g(KeyRound), g(Lock)], palette: P.midnight, layout: "center" },
  "attractions-ferris.webp": { glyphs: [g(FerrisWheel), g(Ticket), g(Popcorn)], palette: P.sky, layout: "center" },
  "attractions-coaster.webp": {
    glyphs: [g(RollerCoaster), g(FerrisWheel), g(Ticket)],
    palette: P.sunset,
    layout: "duo",
  },
  // Issue 34: the groups beyond the spec's four.
  "dentist-smile.webp": { glyphs: [g(Smile), g(Sparkles), g(Star)], palette: P.aqua, layout: "center" },
  "doctor-stethoscope.webp": { glyphs: [g(Stethoscope), g(HeartPulse), g(Pill)], palette: P.ocean, layout: "duo" },
  "vet-paw.webp": { glyphs: [g(PawPrint), g(Heart), g(Stethoscope)], palette: P.mint, layout: "center" },
  "groomer-dog.webp": { glyphs: [g(Dog), g(Scissors), g(Sparkles)], palette: P.peach, layout: "trio" },
  "barber-scissors.webp": { glyphs: [g(Scissors), g(Star), g(Sparkles)], palette: P.navy, layout: "center" },
  "nails-hand.webp": { glyphs: [g(Hand), g(Gem), g(Sparkles)], palette: P.rose, layout: "duo" },
  "bank-landmark.webp": { glyphs: [g(Landmark), g(PiggyBank), g(Coins)], palette: P.sage, layout: "center" },
  "gym-dumbbell.webp": { glyphs: [g(Dumbbell), g(Timer), g(Flame)], palette: P.charcoal, layout: "duo" },
  "yoga-sun.webp": { glyphs: [g(Sun), g(Flower2), g(Leaf)], palette: P.sunny, layout: "center" },
  "auto-car.webp": { glyphs: [g(Car), g(Wrench), g(Cog)], palette: P.electric, layout: "trio" },
  "hotel-bed.webp": { glyphs: [g(BedDouble), g(KeyRound), g(Star)], palette: P.plum, layout: "center" },
  "library-book.webp": { glyphs: [g(BookOpen), g(Library), g(Lightbulb)], palette: P.caramel, layout: "duo" },
  "church-bell.webp": { glyphs: [g(Church), g(Bell), g(Heart)], palette: P.dusty, layout: "center" },
  "tutoring-cap.webp": { glyphs: [g(GraduationCap), g(BookOpen), g(Pencil)], palette: P.violet, layout: "trio" },
  "lawyer-scale.webp": { glyphs: [g(Scale), g(Briefcase), g(FileText)], palette: P.midnight, layout: "center" },
};

/** mulberry32: a tiny seeded PRNG, so every run draws the same scatter. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

interface Disc {
  cx: number;
  cy: number;
  r: number;
  glyph: Glyph;
}

function discs(art: Art): Disc[] {
  const main = art.glyphs[0]!;
  const second = art.glyphs[1] ?? main;
  const third = art.glyphs[2] ?? second;
  switch (art.layout) {
    case "center":
      return [{ cx: 600, cy: 400, r: 200, glyph: main }];
    case "duo":
      return [
        { cx: 520, cy: 420, r: 200, glyph: main },
        { cx: 820, cy: 270, r: 96, glyph: second },
      ];
    case "trio":
      return [
        { cx: 600, cy: 410, r: 190, glyph: main },
        { cx: 340, cy: 260, r: 84, glyph: second },
        { cx: 870, cy: 560, r: 92, glyph: third },
      ];
  }
}

/** A glyph centred at (cx, cy), `size` px across. */
function placed(glyph: Glyph, cx: number, cy: number, size: number, rotate = 0) {
  const s = size / 24;
  return `<g transform="translate(${cx} ${cy}) rotate(${rotate}) scale(${s.toFixed(3)}) translate(-12 -12)">${glyph}</g>`;
}

function scene(name: string, art: Art): string {
  const rand = prng(hash(name));
  const { palette: p } = art;
  const main = discs(art);

  // Background scatter: small outline pictograms, kept clear of the stickers.
  const scatter: string[] = [];
  const taken: { x: number; y: number }[] = [];
  for (let tries = 0; scatter.length < 24 && tries < 2000; tries++) {
    const x = 40 + rand() * (WIDTH - 80);
    const y = 40 + rand() * (HEIGHT - 80);
    if (main.some((d) => Math.hypot(d.cx - x, d.cy - y) < d.r + 90)) continue;
    if (taken.some((t) => Math.hypot(t.x - x, t.y - y) < 120)) continue;
    taken.push({ x, y });
    const glyphChoice = art.glyphs[Math.floor(rand() * art.glyphs.length)]!;
    scatter.push(placed(glyphChoice, x, y, 48 + rand() * 36, -30 + rand() * 60));
  }

  const blobs = [
    { cx: 180 + rand() * 240, cy: 120 + rand() * 160, r: 220 + rand() * 120 },
    { cx: 820 + rand() * 260, cy: 520 + rand() * 180, r: 260 + rand() * 120 },
    { cx: 900 + rand() * 200, cy: 60 + rand() * 120, r: 160 + rand() * 80 },
  ];

  const stickers = main
    .map((d, i) => {
      const iconSize = d.r * 1.2;
      const offset = d.r * 0.045;
      const stroke = i === 0 ? 1.5 : 1.7;
      return `
  <circle cx="${d.cx}" cy="${d.cy}" r="${d.r + 26}" fill="#ffffff" fill-opacity="0.14" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>
  <circle cx="${d.cx}" cy="${d.cy}" r="${d.r}" fill="#ffffff" filter="url(#shadow)"/>
  <circle cx="${d.cx}" cy="${d.cy}" r="${d.r}" fill="url(#sheen)"/>
  <g fill="none" stroke="${p.tint}" stroke-width="${stroke + 1.4}" stroke-linecap="round" stroke-linejoin="round">
    ${placed(d.glyph, d.cx + offset, d.cy + offset, iconSize)}
  </g>
  <g fill="none" stroke="${p.ink}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round">
    ${placed(d.glyph, d.cx, d.cy, iconSize)}
  </g>`;
    })
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.from}"/>
      <stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
    <radialGradient id="light" cx="0.3" cy="0.2" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="sheen" cx="0.35" cy="0.3" r="0.75">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="${p.tint}" stop-opacity="0.35"/>
    </radialGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
    <filter id="shadow" x="-30%" y="-30%" width="160%" height="170%">
      <feDropShadow dx="0" dy="22" stdDeviation="26" flood-color="#000000" flood-opacity="0.28"/>
    </filter>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <g filter="url(#blur)">
    ${blobs.map((b, i) => `<circle cx="${b.cx.toFixed(0)}" cy="${b.cy.toFixed(0)}" r="${b.r.toFixed(0)}" fill="${i === 1 ? p.to : p.glow}" fill-opacity="${i === 1 ? 0.55 : 0.45}"/>`).join("\n    ")}
  </g>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">
    ${scatter.join("\n    ")}
  </g>${stickers}
</svg>`;
}

async function main() {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const wanted = new Set(DEMO_IMAGES.map((i) => i.file));
  for (const file of wanted) if (!ART[file]) throw new Error(`No art for ${file}`);
  // Remove files no longer listed, so the folder matches DEMO_IMAGES exactly.
  for (const file of fs.readdirSync(OUT_DIR)) {
    if (file.endsWith(".webp") && !wanted.has(file)) fs.rmSync(path.join(OUT_DIR, file));
  }
  let total = 0;
  for (const file of wanted) {
    const svg = scene(file, ART[file]!);
    const out = await sharp(Buffer.from(svg)).webp({ quality: QUALITY, effort: 6, smartSubsample: true }).toBuffer();
    fs.writeFileSync(path.join(OUT_DIR, file), out);
    if (process.argv.includes("--svg")) fs.writeFileSync(path.join(OUT_DIR, file.replace(/\.webp$/, ".svg")), svg);
    total += out.length;
    console.log(`${file.padEnd(28)} ${(out.length / 1024).toFixed(1)} KB`);
  }
  console.log(`${wanted.size} images, ${(total / 1024).toFixed(0)} KB in ${path.relative(process.cwd(), OUT_DIR)}/`);
}

await main();

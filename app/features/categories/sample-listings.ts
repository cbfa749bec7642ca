import {
  Brush,
  Castle,
  Drama,
  Droplets,
  Flower2,
  Gamepad2,
  Gem,
  Gift,
  KeyRound,
  Lamp,
  Leaf,
  Mic2,
  Shirt,
  Sofa,
  Sparkles,
  Trees,
  Wrench,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { Tone } from "./components/placeholder-image";

/**
 * Hard-coded example cards for the Shopping, Services and Entertainment pages
 * (the spec's "six sample cards"). A later issue replaces them with listings
 * from the database; the views take the same shape as props.
 */
export interface SampleListing {
  id: string;
  name: string;
  /** The dropdown value this card belongs to. */
  kind: string;
  description: string;
  rating: number;
  reviewCount: number;
  neighborhood: string;
  tone: Tone;
  icon: LucideIcon;
  highlights: string[];
}

export interface SampleVenue extends SampleListing {
  ages: string[];
  priceHint: string;
}

export const SAMPLE_STORES: readonly SampleListing[] = [
  {
    id: "main-street-threads",
    name: "Main Street Threads",
    kind: "clothing",
    description: "Everyday wear and standout pieces from small, independent labels.",
    rating: 4.8,
    reviewCount: 126,
    neighborhood: "Downtown",
    tone: "coral",
    icon: Shirt,
    highlights: ["Local designers", "Alterations"],
  },
  {
    id: "gilded-lily",
    name: "The Gilded Lily",
    kind: "jewelry",
    description: "Handmade rings, vintage watches and same-week repairs.",
    rating: 4.9,
    reviewCount: 88,
    neighborhood: "Old Town",
    tone: "amber",
    icon: Gem,
    highlights: ["Custom orders", "Repairs"],
  },
  {
    id: "paper-lantern",
    name: "Paper Lantern Gifts",
    kind: "gifts",
    description: "Stationery, candles and thoughtful gifts, wrapped for free.",
    rating: 4.7,
    reviewCount: 204,
    neighborhood: "Midtown",
    tone: "rose",
    icon: Gift,
    highlights: ["Gift wrapping", "Local makers"],
  },
  {
    id: "hearth-and-home",
    name: "Hearth & Home Goods",
    kind: "home",
    description: "Linens, ceramics and lighting for cozy, well-made homes.",
    rating: 4.6,
    reviewCount: 71,
    neighborhood: "Westside",
    tone: "teal",
    icon: Lamp,
    highlights: ["Delivery", "Design help"],
  },
  {
    id: "second-chapter-vintage",
    name: "Second Chapter Vintage",
    kind: "clothing",
    description: "Curated vintage denim, jackets and one-of-a-kind finds.",
    rating: 4.7,
    reviewCount: 159,
    neighborhood: "Arts District",
    tone: "violet",
    icon: Sparkles,
    highlights: ["Buy & trade", "Sustainable"],
  },
  {
    id: "prairie-pottery",
    name: "Prairie Pottery Co.",
    kind: "home",
    description: "Stoneware made on site; watch the wheel through the window.",
    rating: 4.9,
    reviewCount: 97,
    neighborhood: "Riverside",
    tone: "emerald",
    icon: Sofa,
    highlights: ["Handmade", "Classes"],
  },
];

export const SAMPLE_SERVICES: readonly SampleListing[] = [
  {
    id: "prairie-state-plumbing",
    name: "Prairie State Plumbing",
    kind: "plumbing",
    description: "Leaks, water heaters and remodels, with upfront pricing.",
    rating: 4.9,
    reviewCount: 312,
    neighborhood: "Serves all of town",
    tone: "sky",
    icon: Droplets,
    highlights: ["24/7 emergency", "Free estimates"],
  },
  {
    id: "bright-spark-electric",
    name: "Bright Spark Electric",
    kind: "electrical",
    description: "Panel upgrades, EV chargers and lighting, done to code.",
    rating: 4.8,
    reviewCount: 187,
    neighborhood: "Eastside",
    tone: "amber",
    icon: Zap,
    highlights: ["EV chargers", "Same-day visits"],
  },
  {
    id: "spotless-home",
    name: "Spotless Home Cleaning",
    kind: "cleaning",
    description: "Recurring and move-out cleans with eco-friendly products.",
    rating: 4.7,
    reviewCount: 243,
    neighborhood: "Midtown",
    tone: "teal",
    icon: Brush,
    highlights: ["Eco products", "Bonded team"],
  },
  {
    id: "greenway-landscaping",
    name: "Greenway Landscaping",
    kind: "landscaping",
    description: "Lawn care, native plantings and patios built to last.",
    rating: 4.8,
    reviewCount: 134,
    neighborhood: "Westside",
    tone: "emerald",
    icon: Trees,
    highlights: ["Native plants", "Seasonal plans"],
  },
  {
    id: "capital-city-drain",
    name: "Capital City Drain & Sewer",
    kind: "plumbing",
    description: "Camera inspections and fast, clean drain clearing.",
    rating: 4.6,
    reviewCount: 98,
    neighborhood: "Downtown",
    tone: "indigo",
    icon: Wrench,
    highlights: ["Camera inspection", "Weekend service"],
  },
  {
    id: "fresh-cut-lawn",
    name: "Fresh Cut Lawn & Garden",
    kind: "landscaping",
    description: "Weekly mowing, cleanups and garden beds, family-run since 1998.",
    rating: 4.7,
    reviewCount: 76,
    neighborhood: "Northside",
    tone: "coral",
    icon: Leaf,
    highlights: ["Weekly plans", "Family-run"],
  },
];

export const SAMPLE_VENUES: readonly SampleVenue[] = [
  {
    id: "old-capitol-playhouse",
    name: "Old Capitol Playhouse",
    kind: "theater",
    description: "Community theater with musicals, plays and a summer youth program.",
    rating: 4.8,
    reviewCount: 218,
    neighborhood: "Downtown",
    tone: "rose",
    icon: Drama,
    highlights: ["Matinees", "Youth program"],
    ages: ["kids", "teens", "adults", "family"],
    priceHint: "From $18",
  },
  {
    id: "pixel-palace",
    name: "Pixel Palace Arcade",
    kind: "arcade",
    description: "Retro cabinets, pinball and new rhythm games under one neon roof.",
    rating: 4.6,
    reviewCount: 164,
    neighborhood: "Midtown",
    tone: "violet",
    icon: Gamepad2,
    highlights: ["Pinball", "Birthday parties"],
    ages: ["kids", "teens", "adults", "family"],
    priceHint: "Free entry",
  },
  {
    id: "lockbox-escape",
    name: "Lockbox Escape Rooms",
    kind: "escape",
    description: "Four themed rooms for teams of 2 to 8. Can you get out in 60 minutes?",
    rating: 4.9,
    reviewCount: 301,
    neighborhood: "Eastside",
    tone: "indigo",
    icon: KeyRound,
    highlights: ["Private bookings", "Team building"],
    ages: ["teens", "adults"],
    priceHint: "From $28 per player",
  },
  {
    id: "prairie-wildlife-park",
    name: "Prairie Wildlife Park",
    kind: "attractions",
    description: "Bison, elk and river otters along three miles of shaded trails.",
    rating: 4.7,
    reviewCount: 412,
    neighborhood: "Southside",
    tone: "emerald",
    icon: Flower2,
    highlights: ["Stroller friendly", "Picnic areas"],
    ages: ["kids", "teens", "adults", "family"],
    priceHint: "From $9",
  },
  {
    id: "starlight-comedy",
    name: "Starlight Comedy Club",
    kind: "theater",
    description: "Stand-up from touring comics and Thursday open mic nights.",
    rating: 4.5,
    reviewCount: 139,
    neighborhood: "Arts District",
    tone: "amber",
    icon: Mic2,
    highlights: ["Open mic", "Full bar"],
    ages: ["adults"],
    priceHint: "From $15",
  },
  {
    id: "lincoln-castle-mini-golf",
    name: "Castle Links Mini Golf",
    kind: "attractions",
    description: "Thirty-six glow-in-the-dark holes and a castle you can climb.",
    rating: 4.6,
    reviewCount: 188,
    neighborhood: "Northside",
    tone: "sky",
    icon: Castle,
    highlights: ["Glow golf", "Open late"],
    ages: ["kids", "teens", "family"],
    priceHint: "From $11",
  },
];

/** Case-insensitive match of a free-text query against a card's words. */
export function matchesQuery(listing: SampleListing, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [listing.name, listing.description, listing.neighborhood, ...listing.highlights]
    .join(" ")
    .toLowerCase()
    .includes(needle);
}

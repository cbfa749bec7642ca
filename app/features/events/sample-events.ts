/**
 * Placeholder events for the Events page (the spec's "static placeholder
 * cards"). Dates are relative to today so the page never shows past events.
 * A later issue replaces these with events businesses submit.
 */
export type EventCategory = "food" | "music" | "art" | "business";
export type EventCity = "washington" | "baltimore" | "philadelphia";

export interface EventItem {
  id: string;
  title: string;
  category: EventCategory;
  city: EventCity;
  /** YYYY-MM-DD */
  date: string;
  time: string;
  venue: string;
  description: string;
  going: number;
  price: string;
}

export const EVENT_CITIES = [
  { value: "all", label: "All Cities" },
  { value: "washington", label: "Washington" },
  { value: "baltimore", label: "Baltimore" },
  { value: "philadelphia", label: "Philadelphia" },
] as const;

export const EVENT_CATEGORIES = [
  { value: "all", label: "All Categories" },
  { value: "food", label: "Food & Drink" },
  { value: "music", label: "Music" },
  { value: "art", label: "Art" },
  { value: "business", label: "Business" },
] as const;

const TEMPLATES: (Omit<EventItem, "date"> & { inDays: number })[] = [
  {
    id: "taste-of-the-harbor",
    title: "Taste of the Harbor",
    category: "food",
    city: "baltimore",
    inDays: 3,
    time: "11:00 AM – 6:00 PM",
    venue: "Inner Harbor Promenade",
    description: "Forty local restaurants, crab cakes to dumplings, plus live cooking demos.",
    going: 342,
    price: "Free entry",
  },
  {
    id: "jazz-on-the-mall",
    title: "Jazz on the Mall",
    category: "music",
    city: "washington",
    inDays: 5,
    time: "7:00 PM – 9:30 PM",
    venue: "Sculpture Garden Lawn",
    description: "Bring a blanket: a summer evening of big-band and bebop under the stars.",
    going: 518,
    price: "Free",
  },
  {
    id: "first-friday-art-walk",
    title: "First Friday Art Walk",
    category: "art",
    city: "philadelphia",
    inDays: 8,
    time: "5:00 PM – 9:00 PM",
    venue: "Old City Galleries",
    description: "Thirty galleries open late with new shows, artist talks and street music.",
    going: 276,
    price: "Free",
  },
  {
    id: "small-business-expo",
    title: "Small Business Saturday Expo",
    category: "business",
    city: "washington",
    inDays: 11,
    time: "10:00 AM – 3:00 PM",
    venue: "Union Market Hall",
    description: "Meet local founders, get free marketing advice and find new suppliers.",
    going: 189,
    price: "$10",
  },
  {
    id: "night-market",
    title: "Night Market & Food Trucks",
    category: "food",
    city: "philadelphia",
    inDays: 13,
    time: "6:00 PM – 11:00 PM",
    venue: "Chinatown Square",
    description: "Street food, lanterns and late-night shopping from sixty vendors.",
    going: 611,
    price: "Free entry",
  },
  {
    id: "indie-makers-fair",
    title: "Indie Makers Fair",
    category: "art",
    city: "baltimore",
    inDays: 16,
    time: "10:00 AM – 5:00 PM",
    venue: "Hampden Avenue",
    description: "Ceramics, prints and jewelry from over a hundred independent makers.",
    going: 233,
    price: "Free",
  },
];

function isoDate(base: Date, days: number): string {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

export function upcomingEvents(today = new Date()): EventItem[] {
  return TEMPLATES.map(({ inDays, ...rest }) => ({ ...rest, date: isoDate(today, inDays) }));
}

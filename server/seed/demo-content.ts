import { type blogPosts, type events } from "../../app/.server/db/schema";
import { citySlug } from "../../app/features/events/filters";
import { instantToZonedDate, zonedToInstant } from "../../app/features/events/time";
import type { BlogCategory, EventCategory } from "../../app/lib/catalogue";
import type { DemoBusiness } from "./demo-city";

/**
 * The demo city's content: blog posts about its businesses and events in the
 * coming weeks (relative to the day the demo is created), set in SITE_CITY,
 * plus one event in each of the other Near cities the Events filter names.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface EventTemplate {
  title: string;
  description: string;
  category: EventCategory;
  inDays: number;
  start: string;
  end: string;
  /** Days the event runs past its first (0: ends the same day). */
  extraDays?: number;
  venue: string;
  /** A demo business hosting it (by name); its address becomes the venue's. */
  host?: string;
  /** Another Near city (else the site's own). */
  city?: string;
}

const EVENTS: EventTemplate[] = [
  {
    title: "Fall Flavors Food Truck Rally",
    description:
      "Twenty food trucks, one parking lot: tacos, dumplings, barbecue and cider doughnuts, with picnic tables and a kids' corner.",
    category: "food",
    inDays: 2,
    start: "11:00",
    end: "19:00",
    venue: "City Hall Plaza",
  },
  {
    title: "Pasta Night with Chef Marco",
    description:
      "A hands-on class: make tagliatelle and ravioli from scratch, then sit down to eat them with a glass of something red.",
    category: "food",
    inDays: 4,
    start: "18:30",
    end: "21:00",
    venue: "Bella Notte Trattoria",
    host: "Bella Notte Trattoria",
  },
  {
    title: "Latte Art Throwdown",
    description:
      "Local baristas go head to head, eight at a time, judged by the crowd. Free tasting flights for everyone who comes.",
    category: "food",
    inDays: 9,
    start: "15:00",
    end: "17:30",
    venue: "Prairie Bean Coffee Roasters",
    host: "Prairie Bean Coffee Roasters",
  },
  {
    title: "Friday Night Jazz on the Square",
    description:
      "The Capitol City Quartet plays standards and bebop under the string lights. Bring a chair; food from neighbors on sale.",
    category: "music",
    inDays: 3,
    start: "19:00",
    end: "21:30",
    venue: "Downtown Square Bandstand",
  },
  {
    title: "Open Mic & Acoustic Sessions",
    description: "Sign up at the door for a 10-minute slot: songwriters, poets and first-timers all welcome.",
    category: "music",
    inDays: 6,
    start: "20:00",
    end: "23:00",
    venue: "Level Up Barcade",
    host: "Level Up Barcade",
  },
  {
    title: "Community Choir Winter Concert",
    description: "Eighty voices, carols old and new, and a sing-along finale. Donations go to the food pantry.",
    category: "music",
    inDays: 16,
    start: "16:00",
    end: "18:00",
    venue: "Starlight Community Theatre",
    host: "Starlight Community Theatre",
  },
  {
    title: "First Friday Gallery Walk",
    description:
      "Twelve galleries and studios open late downtown, with artists on hand, live painting and a free trolley between stops.",
    category: "art",
    inDays: 5,
    start: "17:00",
    end: "21:00",
    venue: "Downtown Arts District",
  },
  {
    title: "Makers' Market: Handmade Holiday",
    description:
      "Over sixty local makers — ceramics, prints, candles, jewelry, knitwear — plus gift wrapping by volunteers. Two days.",
    category: "art",
    inDays: 12,
    extraDays: 1,
    start: "10:00",
    end: "17:00",
    venue: "Prairie Made Market",
    host: "Prairie Made Market",
  },
  {
    title: "Improv Comedy Showcase",
    description: "The house troupe takes your suggestions and runs with them. Two shows a night, no two the same.",
    category: "art",
    inDays: 8,
    start: "19:30",
    end: "21:00",
    venue: "Capitol Comedy Club",
    host: "Capitol Comedy Club",
  },
  {
    title: "Small Business Breakfast: Getting Found Online",
    description:
      "Coffee, pastries and a practical hour on listings, reviews and photos that bring customers in. Bring your laptop.",
    category: "business",
    inDays: 7,
    start: "07:30",
    end: "09:00",
    venue: "Flour & Field Bakery",
    host: "Flour & Field Bakery",
  },
  {
    title: "Main Street Merchants Mixer",
    description: "Meet the owners on your block: short introductions, shared plans for the holiday season, snacks.",
    category: "business",
    inDays: 14,
    start: "17:30",
    end: "19:30",
    venue: "The Night Owl Tavern",
    host: "The Night Owl Tavern",
  },
  {
    title: "Home Energy Savings Workshop",
    description:
      "Licensed electricians walk through LED retrofits, smart thermostats and rebates you can claim this year.",
    category: "business",
    inDays: 20,
    start: "10:00",
    end: "11:30",
    venue: "Bright Spark Electric",
    host: "Bright Spark Electric",
  },
  // Near's other city sites (the Events filter's cities).
  {
    title: "Jazz on the Mall",
    description: "A summer-evening tradition brought indoors for the season: big-band and bebop, on Near Washington.",
    category: "music",
    inDays: 10,
    start: "19:00",
    end: "21:30",
    venue: "Sculpture Garden Pavilion",
    city: "Washington",
  },
  {
    title: "Taste of the Harbor",
    description: "Forty restaurants, crab cakes to dumplings, plus live cooking demos — on Near Baltimore.",
    category: "food",
    inDays: 11,
    start: "11:00",
    end: "18:00",
    venue: "Inner Harbor Promenade",
    city: "Baltimore",
  },
  {
    title: "Old City Startup Night",
    description: "Founders pitch, investors listen, everyone networks — on Near Philadelphia.",
    category: "business",
    inDays: 13,
    start: "18:00",
    end: "21:00",
    venue: "Old City Innovation Hub",
    city: "Philadelphia",
  },
];

export function buildDemoEvents(
  city: DemoBusiness[],
  opts: { city: string; timezone: string; now: Date },
): (typeof events.$inferInsert)[] {
  const byName = new Map(city.map((b) => [b.business.name, b.business]));
  return EVENTS.map((t) => {
    const day = instantToZonedDate(new Date(opts.now.getTime() + t.inDays * DAY_MS), opts.timezone);
    const lastDay = instantToZonedDate(
      new Date(opts.now.getTime() + (t.inDays + (t.extraDays ?? 0)) * DAY_MS),
      opts.timezone,
    );
    const host = t.host ? byName.get(t.host) : undefined;
    const cityName = t.city ?? opts.city;
    return {
      title: t.title,
      description: t.description,
      category: t.category,
      startsAt: zonedToInstant(day, t.start, opts.timezone),
      endsAt: zonedToInstant(lastDay, t.end, opts.timezone),
      venue: host ? `${host.name}, ${host.address}` : t.venue,
      businessId: host?.id ?? null,
      city: cityName,
      citySlug: citySlug(cityName),
      status: "approved" as const,
      createdAt: new Date(opts.now.getTime() - (3 + t.inDays) * DAY_MS),
    };
  });
}

interface PostTemplate {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  daysAgo: number;
  body: string;
  /** The listing it is about (a spotlight; Premium's monthly article): its page links the post. */
  about?: string;
  /** Still a draft in /admin/blog (the Premium queue shows it as in progress). */
  draft?: boolean;
}

function posts(cityName: string, link: (name: string) => string): PostTemplate[] {
  return [
    {
      slug: "breakfast-spots-worth-getting-up-for",
      title: `Five breakfast spots in ${cityName} worth getting up early for`,
      excerpt: "From flaky croissants to diner pancakes, our readers' favorite morning tables.",
      category: "local-features",
      author: "Maya Chen",
      daysAgo: 3,
      body: `Mornings are better with a plan. We asked readers where they go when breakfast matters, and the same names came up again and again.

## Bakeries first

${link("Flour & Field Bakery")} opens at seven, and by eight the almond croissants are usually gone. Get there early, order a cortado, and take the window seat.

## Diner classics

The pancakes at ${link("Route 66 Diner")} are the size of the plate, and the coffee refills never stop. Booths fill up after nine on weekends.

## Coffee and a quiet table

- ${link("Prairie Bean Coffee Roasters")} roasts on site; the cold brew is serious.
- ${link("Morning Ritual Cafe")} has big tables, fast Wi-Fi and pastries from down the street.
- ${link("The Daily Grind Coffee House")} does a breakfast burrito that regulars swear by.

> "The best breakfast is the one you don't have to make." — a reader, and we agree.

Tell us your favorite: every spot above has reviews from people like you.`,
    },
    {
      slug: "a-night-out-downtown",
      title: "A night out downtown: dinner, a show and a nightcap",
      excerpt: "Three stops, one evening — how to plan a downtown night that doesn't need a car.",
      category: "local-features",
      author: "Jordan Ellis",
      daysAgo: 12,
      body: `Downtown is at its best after dark. Here's an evening that strings three neighbors together, all within a ten-minute walk.

## 6:00 — Dinner

Start at ${link("Bella Notte Trattoria")}: share the antipasti, then pick a fresh pasta. Book ahead on Fridays.

## 8:00 — A show

Walk over to ${link("The Orpheum Playhouse")} or, for something lighter, ${link("Capitol Comedy Club")}, where the late show starts at 9:30.

## 10:00 — A nightcap

Finish at ${link("The Night Owl Tavern")}. The kitchen runs late, and the fries are worth it.

Check each place's hours on its page before you go: holiday hours are listed there too.`,
    },
    {
      slug: "spotlight-prairie-bean-coffee-roasters",
      title: "Business spotlight: Prairie Bean Coffee Roasters",
      excerpt: "How a two-person roastery became the neighborhood's living room.",
      category: "business-spotlights",
      author: "Maya Chen",
      daysAgo: 6,
      about: "Prairie Bean Coffee Roasters",
      body: `When ${link("Prairie Bean Coffee Roasters")} opened, the roaster took up half the room and the owners took turns at the counter.

## Roasted here, served here

Every bean is roasted on site in small batches. *Small* matters: each batch is tasted before it's sold, and the menu changes with what tastes best that week.

## A room for everyone

Big tables, outlets everywhere and **fast Wi-Fi** made it the place to work, study and meet. The owners like it that way.

1. Try the seasonal pour-over.
2. Ask what's roasting today.
3. Take a bag home — it's ground to order.

Read what regulars say on their page, and leave a review of your own.`,
    },
    {
      slug: "spotlight-spoke-and-chain-bicycles",
      title: "Business spotlight: Spoke & Chain Bicycles",
      excerpt: "Repairs, rentals and Saturday group rides from the city's friendliest bike shop.",
      category: "business-spotlights",
      author: "Sam Okafor",
      daysAgo: 20,
      about: "Spoke & Chain Bicycles",
      body: `Walk into ${link("Spoke & Chain Bicycles")} with a flat tire and you'll walk out with a fixed tire and a new route to try.

## More than a shop

The mechanics teach a free *fix-a-flat* class on the first Sunday of each month, and the Saturday ride leaves the shop at 8 AM — every pace welcome.

## What to know

- Tune-ups are usually done in two days.
- Rentals include a helmet and a lock.
- Kids' bikes can be traded in as they grow.

Have a story about a local business that deserves the spotlight? [Contact us](/contact).`,
    },
    {
      slug: "spotlight-bella-notte-trattoria",
      title: "Business spotlight: Bella Notte Trattoria",
      excerpt: "Fresh pasta every morning, and the family recipe behind the Sunday ragù.",
      category: "business-spotlights",
      author: "Maya Chen",
      daysAgo: 2,
      about: "Bella Notte Trattoria",
      body: `The first thing you notice at ${link("Bella Notte Trattoria")} is the pasta table by the window, where the day's tagliatelle dries before lunch.

## A family recipe

The Sunday ragù simmers for six hours and comes from the owner's grandmother. It sells out most weeks, so come early or book ahead.

## What to order

1. The antipasti board to share.
2. Any fresh pasta — ask which one was made that morning.
3. Tiramisu, made in house.

Bella Notte is downtown in ${cityName}; its page has this week's hours and the latest reviews.`,
    },
    {
      slug: "spotlight-evergreen-landscaping",
      title: "Business spotlight: Evergreen Landscaping",
      excerpt: "Native plants, fewer mowings and a yard that feeds the bees.",
      category: "business-spotlights",
      author: "Jordan Ellis",
      daysAgo: 1,
      about: "Evergreen Landscaping",
      draft: true,
      body: `${link("Evergreen Landscaping")} has been turning lawns into native gardens across ${cityName} for a decade.

## Less lawn, more life

Native plants need less water and less mowing, and they bring back the bees and butterflies.

*Draft: photos of two finished gardens to come.*`,
    },
    {
      slug: "five-ways-to-get-more-reviews",
      title: "Five honest ways to get more reviews",
      excerpt: "Reviews bring customers. Here's how to ask for them without being pushy — and what never to do.",
      category: "marketing-tips",
      author: "Priya Raman",
      daysAgo: 9,
      body: `Reviews are how new customers decide. The good news: most happy customers are glad to write one — they just need a nudge.

## 1. Ask at the right moment

Right after a great experience, not a week later. A card at the register with your page's address works.

## 2. Make it one tap

Share a direct link to your business page. Every extra step loses people.

## 3. Reply to every review

Thank the happy ones. Answer the unhappy ones calmly and offer to make it right — future customers read your replies.

## 4. Never pay for reviews

Paid or fake reviews break our [Terms of Service](/terms) and get removed. Honest reviews are the only ones that count.

## 5. Keep your page fresh

Photos, hours and holiday hours that are right mean fewer surprised customers — and better reviews.`,
    },
    {
      slug: "photos-that-bring-customers-in",
      title: "Photos that bring customers in",
      excerpt: "Your cover photo is your shop window. A few simple rules make it count.",
      category: "marketing-tips",
      author: "Priya Raman",
      daysAgo: 27,
      body: `People look at photos before they read a word. On Near, your first photo is your **cover**: it appears in search results and at the top of your page.

## Light beats lenses

Shoot near a window in daylight. A phone is fine.

## Show the real thing

Your actual dishes, your actual shelves, your actual team. Stock photos make people suspicious.

## Keep it current

Changed the menu? Repainted? Update your photos. Featured and Premium plans hold more of them — see [pricing](/pricing).

\`\`\`
Tip: landscape photos fill the cover best.
\`\`\``,
    },
    {
      slug: "welcome-to-near",
      title: `Welcome to Near ${cityName}`,
      excerpt:
        "What Near is, who it's for, and how to make the most of it — whether you're exploring or running a business.",
      category: "local-features",
      author: "The Near Team",
      daysAgo: 40,
      body: `Near is a directory of the places that make ${cityName} home: restaurants, shops, services and things to do.

## For everyone

Search by name, cuisine or feature, see who's **open now**, and read reviews from neighbors. Sign in to write your own.

## For business owners

[List your business](/business/new) for free, keep your hours and photos up to date, and answer your reviews. Upgrade for more photos, priority placement and a monthly article on this blog.

See you around the neighborhood.`,
    },
  ];
}

export function buildDemoPosts(
  city: DemoBusiness[],
  opts: { city: string; now: Date },
): (typeof blogPosts.$inferInsert)[] {
  const bySpecName = new Map(city.map((b) => [b.business.name, b.business]));
  const link = (name: string) => {
    const b = bySpecName.get(name);
    return b ? `[${b.name}](/business/${b.slug})` : name;
  };
  return posts(opts.city, link).map((p) => {
    const publishedAt = new Date(opts.now.getTime() - p.daysAgo * DAY_MS);
    const draft = p.draft === true;
    return {
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      body: p.body,
      category: p.category,
      author: p.author,
      coverImage: null,
      businessId: p.about ? (bySpecName.get(p.about)?.id ?? null) : null,
      status: draft ? ("draft" as const) : ("published" as const),
      publishedAt: draft ? null : publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
}

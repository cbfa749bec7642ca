import type { Category } from "../../app/.server/db/schema";

/**
 * Building blocks for believable demo reviews: a sentence that fits the star
 * rating and the kind of business (mentioning a dish, an item or a job), an
 * optional detail and an optional closing line.
 */

export type Rng = () => number;

export function pick<T>(rand: Rng, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

const FIRST_NAMES = [
  "Maria",
  "James",
  "Aisha",
  "Daniel",
  "Priya",
  "Michael",
  "Sofia",
  "David",
  "Mei",
  "Carlos",
  "Emily",
  "Jamal",
  "Hannah",
  "Luis",
  "Olivia",
  "Kevin",
  "Fatima",
  "Ryan",
  "Grace",
  "Tomás",
  "Natalie",
  "Andre",
  "Chloe",
  "Marcus",
  "Ava",
  "Ethan",
  "Leah",
  "Omar",
  "Rachel",
  "Brandon",
  "Yuki",
  "Jessica",
  "Samuel",
  "Nina",
  "Tyler",
  "Rosa",
  "Derek",
  "Isabella",
  "Kwame",
  "Laura",
  "Vikram",
  "Megan",
  "Gabriel",
  "Hye-jin",
  "Patrick",
  "Amara",
  "Sean",
  "Lucia",
  "Cody",
  "Elena",
  "Jordan",
  "Anita",
  "Dmitri",
  "Brianna",
  "Henry",
  "Zoe",
  "Raj",
  "Caroline",
  "Mateo",
  "Teresa",
];
const LAST_NAMES = [
  "Garcia",
  "Johnson",
  "Patel",
  "Nguyen",
  "Okafor",
  "Smith",
  "Kowalski",
  "Chen",
  "Rodriguez",
  "Williams",
  "Thompson",
  "Haddad",
  "Murphy",
  "Kim",
  "Hernandez",
  "Brown",
  "Schmidt",
  "Ali",
  "Davis",
  "Rossi",
  "Lee",
  "Martinez",
  "Novak",
  "Anderson",
  "Singh",
  "Moore",
  "Jackson",
  "Lopez",
  "Walker",
  "Baker",
];

export function authorName(rand: Rng): string {
  const first = pick(rand, FIRST_NAMES);
  const last = pick(rand, LAST_NAMES);
  // Most reviewers show an initial; some use their full name.
  return rand() < 0.7 ? `${first} ${last[0]}.` : `${first} ${last}`;
}

/** Things a reviewer might mention, by cuisine or subcategory. */
const THINGS: Record<string, readonly string[]> = {
  italian: ["cacio e pepe", "lasagna", "tiramisu", "osso buco", "burrata", "gnocchi", "carbonara", "margherita pizza"],
  pizza: [
    "pepperoni pie",
    "white pizza",
    "garlic knots",
    "deep dish",
    "margherita",
    "square slice",
    "sausage and peppers pizza",
  ],
  chinese: [
    "soup dumplings",
    "mapo tofu",
    "dan dan noodles",
    "General Tso's chicken",
    "scallion pancakes",
    "hot and sour soup",
    "roast duck",
    "salt and pepper shrimp",
  ],
  mexican: ["al pastor tacos", "mole poblano", "carnitas", "chile relleno", "elote", "tamales", "birria", "horchata"],
  indian: [
    "butter chicken",
    "lamb vindaloo",
    "garlic naan",
    "saag paneer",
    "chicken biryani",
    "masala dosa",
    "chana masala",
    "mango lassi",
  ],
  cafe: [
    "oat milk latte",
    "cortado",
    "almond croissant",
    "cold brew",
    "breakfast sandwich",
    "chai latte",
    "pour-over",
    "blueberry muffin",
  ],
  bakery: ["sourdough loaf", "cardamom bun", "almond croissant", "fruit tart", "baguette", "cinnamon roll"],
  american: ["smash burger", "wings", "patty melt", "loaded fries", "pancakes", "milkshake", "horseshoe sandwich"],
  clothing: [
    "a pair of jeans",
    "a winter coat",
    "a dress for a wedding",
    "a couple of sweaters",
    "linen shirts",
    "boots",
  ],
  jewelry: [
    "an engagement ring",
    "a watch battery",
    "a pair of earrings",
    "a custom pendant",
    "a ring resizing",
    "an anniversary bracelet",
  ],
  gifts: ["a birthday present", "a few candles", "greeting cards", "a gift box", "local honey", "a jigsaw puzzle"],
  home: ["a reading lamp", "throw pillows", "a rug", "a dining table", "ceramic planters", "a side table"],
  plumbing: [
    "a burst pipe",
    "a leaking water heater",
    "a clogged kitchen drain",
    "a new faucet",
    "a running toilet",
    "a sump pump",
  ],
  electrical: [
    "a panel upgrade",
    "recessed lighting",
    "a breaker that kept tripping",
    "an EV charger install",
    "new outlets in the garage",
    "a ceiling fan",
  ],
  cleaning: [
    "a move-out clean",
    "a deep clean before the holidays",
    "our biweekly cleaning",
    "the carpets",
    "post-renovation dust",
    "the office",
  ],
  landscaping: [
    "a spring cleanup",
    "a new patio",
    "weekly mowing",
    "a pollinator garden",
    "fall leaf removal",
    "a retaining wall",
  ],
  dentist: ["my cleaning", "a filling", "my son's first checkup", "a crown", "teeth whitening"],
  doctor: ["my annual physical", "a flu shot", "a sports physical", "my blood work", "a sinus infection"],
  vet: ["our puppy's shots", "our cat's dental cleaning", "an ear infection", "the annual checkup", "a limp"],
  groomer: ["a full groom", "a bath and nail trim", "a puppy cut", "de-shedding"],
  barber: ["a skin fade", "a beard trim", "a hot towel shave", "my son's first haircut", "a classic cut"],
  nails: ["a gel manicure", "a pedicure", "nail art", "a French manicure", "a dip powder set"],
  bank: ["opening a checking account", "a car loan", "a mortgage question", "a wire transfer", "a new debit card"],
  gym: ["the weight room", "the spin class", "the free personal training session", "the sauna", "the HIIT class"],
  yoga: ["the vinyasa flow", "the restorative class", "the beginner series", "hot yoga", "the Sunday class"],
  auto: ["a brake job", "an oil change", "the check engine light", "new tires", "a state inspection"],
  sports: ["a used road bike", "new brake pads", "a helmet for my daughter", "a sturdy bike lock", "a set of panniers"],
  pub: ["the trivia night", "the fish and chips", "the tap list", "the game on the big screen", "happy hour"],
  hotel: ["the king room", "the breakfast", "a weekend stay", "the rooftop terrace", "late check-out"],
  library: ["story time", "the maker space", "a study room", "the used book sale", "the computer class"],
  church: ["the Sunday service", "the choir concert", "the food pantry", "the community supper"],
  tutoring: ["SAT prep", "algebra help", "reading lessons", "the essay workshop", "chemistry tutoring"],
  lawyer: ["our lease review", "a will", "a small business contract", "a traffic ticket", "the closing"],
  theater: ["the musical", "a Saturday night show", "the holiday show", "a comedy set", "the matinee"],
  arcade: ["the pinball machines", "skee-ball", "the retro cabinets", "air hockey", "the racing games"],
  escape: ["the heist room", "the haunted library room", "the submarine room", "the pirate room", "the Vault"],
  attractions: [
    "the Ferris wheel",
    "the roller coaster",
    "the mini golf",
    "the go-karts",
    "the splash pad",
    "the exhibits",
  ],
};

type Group = "food" | "shop" | "service" | "fun" | "visit";
const GROUP: Record<Category, Group> = {
  restaurants: "food",
  shopping: "shop",
  services: "service",
  entertainment: "fun",
  nightlife: "fun",
  health: "visit",
  beauty: "visit",
  fitness: "fun",
  automotive: "service",
  pets: "visit",
  professional: "visit",
  financial: "visit",
  education: "visit",
  "hotels-travel": "fun",
  "public-services": "visit",
  religious: "visit",
};

/** Main sentences by group and star rating; {thing} is filled from THINGS. */
const MAIN: Record<Group, Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  food: {
    5: [
      "The {thing} was the best I've had in years.",
      "We come here every week and the {thing} never disappoints.",
      "Ordered the {thing} on a friend's recommendation and now I'm hooked.",
      "Absolutely loved the {thing}. Everything tasted fresh and made with care.",
      "Took my parents here for their anniversary and the {thing} stole the show.",
      "Honestly perfect. The {thing} alone is worth the trip across town.",
      "Our server suggested the {thing} and it was spot on.",
    ],
    4: [
      "Really good {thing}, and generous portions.",
      "Solid spot. The {thing} was excellent, the rest was good.",
      "Great {thing}; it was busy on a Friday but worth the wait.",
      "Friendly staff and a very tasty {thing}. We'll be back.",
      "The {thing} was delicious, though it took a little while to come out.",
      "Came for the {thing}, stayed for dessert. Very nice evening.",
    ],
    3: [
      "The {thing} was fine but not as good as I'd heard.",
      "Decent food. The {thing} was a bit under-seasoned for my taste.",
      "Good {thing}, slow service. Hit or miss depending on the night.",
      "It's okay. The {thing} was tasty but pricey for the portion.",
    ],
    2: [
      "The {thing} arrived lukewarm and we waited forty minutes for it.",
      "Used to love this place, but the {thing} has gone downhill.",
      "Our {thing} was bland and the table next to us sent theirs back too.",
    ],
    1: [
      "Waited over an hour for a cold {thing}. Never again.",
      "They got our order wrong twice and nobody apologized.",
      "The {thing} was inedible and the manager shrugged it off.",
    ],
  },
  shop: {
    5: [
      "Found {thing} here that I couldn't find anywhere else.",
      "The owner helped me pick out {thing} and it was perfect.",
      "Came in for {thing} and left with a smile. Wonderful shop.",
      "Beautiful selection. I bought {thing} and got so many compliments.",
      "Best local shop in town, hands down. Got {thing} beautifully wrapped.",
    ],
    4: [
      "Lovely store with a great selection. Picked up {thing}.",
      "Friendly staff helped me find {thing}. Prices are fair.",
      "Nice place to browse. Got {thing} and I'm happy with it.",
      "Good quality and helpful service when I shopped for {thing}.",
    ],
    3: [
      "Nice things but a bit overpriced. I did end up buying {thing}.",
      "Small selection. I found {thing}, but not what I originally wanted.",
      "The shop is cute but it was hard to get help when I was looking for {thing}.",
    ],
    2: ["Bought {thing} and it fell apart within a month.", "Staff seemed uninterested when I asked about {thing}."],
    1: [
      "Tried to return {thing} with a receipt and they refused.",
      "Rude service and they overcharged me for {thing}.",
    ],
  },
  service: {
    5: [
      "Called them about {thing} and they were here the same day. Fantastic work.",
      "They handled {thing} quickly, cleaned up after themselves and the price matched the quote.",
      "Professional from start to finish on {thing}. Highly recommend.",
      "Third time using them, this time for {thing}. Always reliable.",
      "Explained every option for {thing} without any pressure. Honest people.",
    ],
    4: [
      "Good job on {thing}. Showed up within the window they promised.",
      "They took care of {thing} well; slightly more than I expected to pay, but worth it.",
      "Reliable and friendly. They sorted out {thing} and I'd hire them again.",
      "Quality work on {thing}. Scheduling took a few days but that's fair.",
    ],
    3: [
      "They fixed {thing} eventually, but it took two visits.",
      "Work on {thing} was fine; communication could be better.",
      "Okay experience with {thing}. Not cheap, not bad.",
    ],
    2: [
      "Showed up three hours late for {thing} and didn't call ahead.",
      "The quote for {thing} went up once they got started.",
    ],
    1: [
      "They left {thing} worse than before and won't return my calls.",
      "No-show twice for {thing}. Save yourself the trouble.",
    ],
  },
  // Appointments and visits: clinics, salons, banks, offices, libraries, places of worship.
  visit: {
    5: [
      "Booked {thing} online and was seen right on time. The staff were wonderful.",
      "They made {thing} easy and explained everything along the way.",
      "Couldn't be happier with {thing}. Friendly, careful and unhurried.",
      "Came in for {thing} and left feeling well looked after.",
      "Everyone here is kind and professional; {thing} took no time at all.",
    ],
    4: [
      "Good experience with {thing}, though the waiting room was busy.",
      "Friendly people and {thing} went smoothly. Parking is tight.",
      "Very happy with {thing}; getting an appointment took a week.",
      "Clear, honest advice on {thing}. I'd come back.",
    ],
    3: [
      "{thing} was fine, but I waited twenty minutes past my time.",
      "Okay visit for {thing}. Nothing special, nothing wrong.",
      "They handled {thing}, but the front desk was a bit disorganized.",
    ],
    2: [
      "Waited almost an hour for {thing} with no explanation.",
      "Felt rushed through {thing} and my questions went unanswered.",
    ],
    1: ["They double-booked {thing} and nobody apologized.", "Rude staff and {thing} had to be redone elsewhere."],
  },
  fun: {
    5: [
      "We had an absolute blast with {thing}. Can't wait to go back.",
      "Took the whole family for {thing} and everyone loved it.",
      "Best night out we've had in ages, and {thing} was amazing.",
      "The staff made {thing} so much fun. Worth every penny.",
      "Went for a birthday and {thing} was the highlight of the year.",
    ],
    4: [
      "Really enjoyed {thing}. A bit crowded on Saturday but still great.",
      "Fun time! We loved {thing}, though snacks were a little pricey.",
      "Good value and {thing} kept us entertained for hours.",
      "Friendly staff and {thing} was a lot of fun.",
    ],
    3: [
      "{thing} was fun, but parts of the place need some upkeep.",
      "Okay for an afternoon: {thing} was good, but the lines were long.",
      "Mixed feelings: loved {thing}, but the staff seemed stretched thin.",
    ],
    2: ["Half of {thing} was out of order the day we went.", "Overpriced for what you get, and {thing} felt rushed."],
    1: [
      "Our booking for {thing} was lost and nobody could help us.",
      "Dirty, broken and rude staff; {thing} was a waste of money.",
    ],
  },
};

const EXTRA: Record<Group, { good: readonly string[]; mixed: readonly string[]; bad: readonly string[] }> = {
  food: {
    good: [
      "The staff were warm and attentive without hovering.",
      "Cozy atmosphere and the music was just the right volume.",
      "Prices are very reasonable for the quality.",
      "They were great about my partner's allergy.",
      "Parking was easy and we got a table right away.",
      "Save room for dessert.",
    ],
    mixed: [
      "It gets loud when it's full.",
      "Parking can be tricky at dinner time.",
      "The menu is smaller than it used to be.",
    ],
    bad: [
      "The dining room felt dirty.",
      "The music was so loud we couldn't talk.",
      "Our server disappeared for twenty minutes.",
    ],
  },
  shop: {
    good: [
      "Everything is displayed beautifully.",
      "They gift-wrapped it for free.",
      "Love supporting a local business like this.",
      "They remembered me from my last visit.",
    ],
    mixed: ["Hours are a little limited.", "It can get crowded on weekends.", "Street parking only."],
    bad: ["The shop was messy and disorganized.", "Nobody greeted us the entire time."],
  },
  service: {
    good: [
      "They wore shoe covers and left everything spotless.",
      "Texted before arriving, which I appreciated.",
      "The technician took time to answer all my questions.",
      "Fair pricing and no surprises on the bill.",
    ],
    mixed: ["Booking a slot took a few days.", "A little pricier than other quotes I got."],
    bad: ["No one followed up afterwards.", "The invoice had charges nobody mentioned."],
  },
  visit: {
    good: [
      "Reminder texts the day before, which I appreciated.",
      "Easy to book online and they ran on time.",
      "The front desk remembered my name.",
      "Clean, calm and well organized.",
    ],
    mixed: ["Parking is limited at busy times.", "Appointments book up a week out."],
    bad: ["The phone line is always busy.", "Nobody called back about my question."],
  },
  fun: {
    good: [
      "Clean, well run and the staff were super friendly.",
      "Great for groups; book ahead on weekends.",
      "The kids are already asking when we can go back.",
      "Easy parking and the snack bar was decent.",
    ],
    mixed: ["Weekends are packed, so go on a weekday.", "Snacks are overpriced."],
    bad: ["Bathrooms were a mess.", "Way too crowded for the size of the place."],
  },
};

const CLOSERS = {
  good: ["Highly recommend!", "Five stars from us.", "A real gem.", "We'll definitely be back.", "Don't miss it."],
  mixed: ["Might give it another try.", "Worth a visit if you're nearby.", "Your mileage may vary."],
  bad: ["Disappointed.", "Won't be returning.", "Expected much better."],
};

/**
 * A review body for a business of this category and kind, with the given
 * rating. `used` holds main sentences already used for this business.
 */
export function reviewContent(
  rand: Rng,
  opts: { category: Category; kind: string; rating: number; used: Set<string> },
): string {
  const group = GROUP[opts.category];
  const rating = Math.min(5, Math.max(1, Math.round(opts.rating))) as 1 | 2 | 3 | 4 | 5;
  const things = THINGS[opts.kind] ?? THINGS.cafe!;
  const pool = MAIN[group][rating];
  let main = pick(rand, pool);
  for (let i = 0; i < 6 && opts.used.has(main); i++) main = pick(rand, pool);
  opts.used.add(main);
  const sentence = main.replace("{thing}", pick(rand, things));
  const parts = [sentence.charAt(0).toUpperCase() + sentence.slice(1)];
  const tone = rating >= 4 ? "good" : rating === 3 ? "mixed" : "bad";
  if (rand() < 0.65) parts.push(pick(rand, EXTRA[group][tone]));
  if (rand() < 0.4) parts.push(pick(rand, CLOSERS[tone]));
  return parts.join(" ");
}

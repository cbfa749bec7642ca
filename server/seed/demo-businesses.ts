import type { AGE_GROUPS, Category, Plan, PRICE_RANGES } from "../../app/.server/db/schema";

/**
 * The demo city's businesses, written by hand so the directory reads like a
 * real one. `{city}` is replaced with SITE_CITY. Addresses, phones, coordinates,
 * reviews and dates are derived deterministically in demo-city.ts.
 */

export type HoursPreset =
  | "dinner" // closed Monday, lunch and dinner otherwise
  | "lunchDinner" // every day 11:00–22:00
  | "lateNightPizza" // to 02:00 on Friday and Saturday
  | "cafe"
  | "bakery" // early mornings, closed Monday
  | "bar" // to midnight on weeknights, 02:00 on Friday and Saturday
  | "diner"
  | "retail"
  | "boutique" // closed Sunday and Monday
  | "services" // weekdays and Saturday morning, closed Sunday
  | "allDay" // open 24 hours, every day
  | "theater" // evenings, closed Monday and Tuesday
  | "comedy" // evenings to 01:00 at weekends, closed Monday to Wednesday
  | "arcade" // to 02:00 on Friday and Saturday
  | "barcade" // 16:00 to 02:00 Thursday–Saturday
  | "escape"
  | "attraction"
  | "museum"; // closed Monday

export interface DemoBusinessSpec {
  name: string;
  /** The group; with `primary`, the group of that category (issue 34's category tree). */
  category: Category;
  /** The primary category (a tree slug) where the group and kind don't name it (the groups beyond the spec's four). */
  primary?: string;
  cuisine?: string;
  subcategory?: string;
  /** Which demo illustrations suit it (DEMO_IMAGES kinds). */
  kind: string;
  ageGroups?: (typeof AGE_GROUPS)[number][];
  description: string;
  price: (typeof PRICE_RANGES)[number];
  features: string[];
  labels: string[];
  hours: HoursPreset;
  plan?: Plan;
  email?: boolean;
  booking?: boolean;
  /** A fixed number of reviews (0 for listings that just arrived); otherwise derived. */
  reviews?: number;
  /** Typical star rating its reviewers give (about 2.5–4.9). */
  quality: number;
  /**
   * It serves customers where they are (issue 34): no street address; these places (`{city}` is SITE_CITY) and/or
   * this many kilometres around its base.
   */
  serviceArea?: string[];
  serviceRadiusKm?: number;
}

export const DEMO_BUSINESSES: readonly DemoBusinessSpec[] = [
  // ── Restaurants: Italian ──────────────────────────────────────────────
  {
    name: "Bella Notte Trattoria",
    category: "restaurants",
    cuisine: "italian",
    kind: "italian",
    description:
      "Candlelit trattoria serving handmade pasta, slow-braised osso buco and a wine list that leans on small Tuscan producers. The tiramisu is made each morning from the owner's grandmother's recipe.",
    price: "$$$",
    features: ["Reservations", "Full Bar", "Outdoor Seating", "Wheelchair Accessible", "Vegetarian Options"],
    labels: ["Italian", "Wine Bar", "Date Night"],
    hours: "dinner",
    plan: "premium",
    email: true,
    booking: true,
    quality: 4.7,
  },
  {
    name: "Nonna Rosa's Kitchen",
    category: "restaurants",
    cuisine: "italian",
    kind: "italian",
    description:
      "A family-run red-sauce joint where the lasagna comes out bubbling and the portions feed two. Sunday suppers fill up fast, so call ahead for big tables.",
    price: "$$",
    features: ["Takeout", "Family Friendly", "Wheelchair Accessible", "Parking"],
    labels: ["Italian", "Family Style"],
    hours: "dinner",
    quality: 4.4,
  },
  {
    name: "Osteria Lupo",
    category: "restaurants",
    cuisine: "italian",
    kind: "italian",
    description:
      "Small plates, house-cured salumi and seasonal risotto in a narrow brick dining room downtown. The chef's tasting menu changes every few weeks with what the farmers bring in.",
    price: "$$$",
    features: ["Reservations", "Full Bar", "Vegetarian Options", "Gluten-Free Options"],
    labels: ["Italian", "Small Plates"],
    hours: "dinner",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.6,
  },
  {
    name: "Via Roma Pasta Bar",
    category: "restaurants",
    cuisine: "italian",
    kind: "italian",
    description:
      "Fast, friendly counter service with fresh pasta cooked to order: pick a shape, pick a sauce, and you're eating in ten minutes. Great carbonara and a solid gluten-free option.",
    price: "$$",
    features: ["Takeout", "Delivery", "Gluten-Free Options", "Vegetarian Options", "Wi-Fi"],
    labels: ["Italian", "Pasta"],
    hours: "lunchDinner",
    quality: 4.1,
  },
  {
    name: "Gusto Wood-Fired Pizzeria",
    category: "restaurants",
    cuisine: "italian",
    kind: "pizza",
    description:
      "Neapolitan-style pizza blistered in a 900-degree oak-fired oven, with San Marzano tomatoes and fior di latte made in house. Grab a seat at the counter to watch the pizzaiolos work.",
    price: "$$",
    features: ["Outdoor Seating", "Full Bar", "Takeout", "Vegetarian Options", "Family Friendly"],
    labels: ["Pizza", "Italian"],
    hours: "lunchDinner",
    email: true,
    quality: 4.5,
  },
  // ── Restaurants: pizza ────────────────────────────────────────────────
  {
    name: "Slice of Heaven Pizza",
    category: "restaurants",
    cuisine: "pizza",
    kind: "pizza",
    description:
      "New York-style pizza by the slice or the pie, folded and dripping the way it should be. Open late on weekends for the after-show crowd.",
    price: "$",
    features: ["Takeout", "Delivery", "Late Night", "Wi-Fi"],
    labels: ["Pizza", "Late Night"],
    hours: "lateNightPizza",
    quality: 4.2,
  },
  {
    name: "Prairie Crust Pizza Co.",
    category: "restaurants",
    cuisine: "pizza",
    kind: "pizza",
    description:
      "Deep-dish and tavern-style thin crust from a Midwestern pizza family that has been tossing dough for three generations. Order the sausage deep dish 45 minutes ahead; it is worth the wait.",
    price: "$$",
    features: ["Delivery", "Takeout", "Family Friendly", "Parking", "Wheelchair Accessible"],
    labels: ["Pizza", "Deep Dish"],
    hours: "lunchDinner",
    quality: 4.3,
  },
  // ── Restaurants: Chinese ──────────────────────────────────────────────
  {
    name: "Golden Dragon Palace",
    category: "restaurants",
    cuisine: "chinese",
    kind: "chinese",
    description:
      "Cantonese banquet hall known for weekend dim sum carts, whole roast duck and live seafood tanks. Round tables with lazy Susans make it a favorite for family celebrations.",
    price: "$$",
    features: ["Reservations", "Family Friendly", "Wheelchair Accessible", "Parking", "Takeout"],
    labels: ["Chinese", "Dim Sum", "Cantonese"],
    hours: "lunchDinner",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.3,
  },
  {
    name: "Jade Garden Dumpling House",
    category: "restaurants",
    cuisine: "chinese",
    kind: "chinese",
    description:
      "Soup dumplings, pan-fried potstickers and scallion pancakes folded by hand in the open kitchen. Cash-friendly, quick and always busy at lunch.",
    price: "$",
    features: ["Takeout", "Vegetarian Options", "Delivery"],
    labels: ["Chinese", "Dumplings"],
    hours: "lunchDinner",
    quality: 4.6,
  },
  {
    name: "Sichuan Pepper House",
    category: "restaurants",
    cuisine: "chinese",
    kind: "chinese",
    description:
      'Tongue-tingling Sichuan cooking: mapo tofu, dan dan noodles, dry-fried green beans and a fiery fish in chili oil. Ask for "mild" if you mean it.',
    price: "$$",
    features: ["Takeout", "Delivery", "Vegetarian Options", "Full Bar"],
    labels: ["Chinese", "Sichuan", "Spicy"],
    hours: "dinner",
    quality: 4.4,
  },
  {
    name: "Lucky Bamboo Noodle Bar",
    category: "restaurants",
    cuisine: "chinese",
    kind: "chinese",
    description:
      "Hand-pulled noodles in beef broth, stir-fried chow fun and bubble tea, served at long communal tables. A reliable weeknight bowl for under fifteen dollars.",
    price: "$",
    features: ["Takeout", "Wi-Fi", "Vegetarian Options"],
    labels: ["Chinese", "Noodles"],
    hours: "lunchDinner",
    quality: 3.9,
  },
  // ── Restaurants: Mexican ──────────────────────────────────────────────
  {
    name: "El Sol Taqueria",
    category: "restaurants",
    cuisine: "mexican",
    kind: "mexican",
    description:
      "Street tacos on fresh corn tortillas pressed to order: al pastor carved off the trompo, carnitas, and a weekend birria with consommé for dipping. The salsa bar has six house salsas.",
    price: "$",
    features: ["Takeout", "Outdoor Seating", "Family Friendly", "Late Night"],
    labels: ["Mexican", "Tacos"],
    hours: "lateNightPizza",
    quality: 4.7,
  },
  {
    name: "Casa Azul Cantina",
    category: "restaurants",
    cuisine: "mexican",
    kind: "mexican",
    description:
      "A lively cantina with a blue-tiled patio, mole poblano made from a 24-ingredient recipe and more than sixty tequilas and mezcals. Happy hour margaritas are half price on weekdays.",
    price: "$$",
    features: ["Outdoor Seating", "Full Bar", "Happy Hour", "Reservations", "Live Music"],
    labels: ["Mexican", "Cantina", "Margaritas"],
    hours: "lunchDinner",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.2,
  },
  {
    name: "La Palma Mexican Grill",
    category: "restaurants",
    cuisine: "mexican",
    kind: "mexican",
    description:
      "Sizzling fajitas, generous combination plates and warm chips that keep coming. A dependable family spot with a kids' menu and plenty of parking.",
    price: "$$",
    features: ["Family Friendly", "Parking", "Takeout", "Wheelchair Accessible"],
    labels: ["Mexican", "Tex-Mex"],
    hours: "lunchDinner",
    quality: 3.8,
  },
  {
    name: "Abuela's Tamales & Tortas",
    category: "restaurants",
    cuisine: "mexican",
    kind: "mexican",
    description:
      "Tamales steamed in corn husks every morning (pork in red chile, chicken verde, and sweet pineapple) alongside pressed tortas on bolillo rolls. Order a dozen for the holidays early.",
    price: "$",
    features: ["Takeout", "Catering", "Vegetarian Options"],
    labels: ["Mexican", "Tamales"],
    hours: "bakery",
    quality: 4.8,
  },
  // ── Restaurants: Indian ───────────────────────────────────────────────
  {
    name: "Taj Spice House",
    category: "restaurants",
    cuisine: "indian",
    kind: "indian",
    description:
      "North Indian favorites from a tandoor that runs all day: butter chicken, garlic naan, lamb rogan josh. The weekday lunch buffet is one of the best deals downtown.",
    price: "$$",
    features: ["Delivery", "Takeout", "Vegetarian Options", "Vegan Options", "Wheelchair Accessible"],
    labels: ["Indian", "Tandoor", "Lunch Buffet"],
    hours: "lunchDinner",
    plan: "featured",
    email: true,
    quality: 4.4,
  },
  {
    name: "Saffron & Sage Indian Bistro",
    category: "restaurants",
    cuisine: "indian",
    kind: "indian",
    description:
      "Modern regional Indian cooking, from Kerala fish moilee to Hyderabadi biryani sealed under pastry, paired with spice-forward cocktails. An elegant room for a special night out.",
    price: "$$$",
    features: ["Reservations", "Full Bar", "Vegetarian Options", "Vegan Options", "Gluten-Free Options"],
    labels: ["Indian", "Fine Dining", "Cocktails"],
    hours: "dinner",
    plan: "premium",
    email: true,
    booking: true,
    quality: 4.8,
  },
  {
    name: "Bombay Street Kitchen",
    category: "restaurants",
    cuisine: "indian",
    kind: "indian",
    description:
      "Mumbai street food done fast: pav bhaji, vada pav, pani puri and masala chai in paper cups. Bright, loud and very affordable.",
    price: "$",
    features: ["Takeout", "Vegetarian Options", "Vegan Options"],
    labels: ["Indian", "Street Food"],
    hours: "lunchDinner",
    quality: 4.3,
  },
  {
    name: "Masala Leaf",
    category: "restaurants",
    cuisine: "indian",
    kind: "indian",
    description:
      "South Indian dosas as long as your arm, fluffy idli and coconut chutneys, all vegetarian. Weekend thalis sell out by early afternoon.",
    price: "$$",
    features: ["Vegetarian Options", "Vegan Options", "Gluten-Free Options", "Takeout"],
    labels: ["Indian", "Vegetarian", "Dosa"],
    hours: "dinner",
    quality: 4.5,
  },
  // ── Restaurants: cafés, bakery, American ──────────────────────────────
  {
    name: "Prairie Bean Coffee Roasters",
    category: "restaurants",
    cuisine: "cafe",
    kind: "cafe",
    description:
      "Small-batch coffee roasted on site, served as pour-overs, cortados and a seriously good cold brew. Big tables, fast Wi-Fi and pastries from the bakery down the street.",
    price: "$",
    features: ["Wi-Fi", "Outdoor Seating", "Vegan Options", "Wheelchair Accessible"],
    labels: ["Coffee", "Cafe", "Roastery"],
    hours: "cafe",
    plan: "featured",
    email: true,
    quality: 4.6,
  },
  {
    name: "Morning Ritual Cafe",
    category: "restaurants",
    cuisine: "cafe",
    kind: "cafe",
    description:
      "Cozy neighborhood café with breakfast sandwiches, avocado toast and oat milk lattes. Dog-friendly patio and a little shelf of books to borrow.",
    price: "$",
    features: ["Wi-Fi", "Outdoor Seating", "Vegetarian Options", "Takeout"],
    labels: ["Coffee", "Breakfast", "Cafe"],
    hours: "cafe",
    quality: 4.2,
  },
  {
    name: "The Daily Grind Coffee House",
    category: "restaurants",
    cuisine: "cafe",
    kind: "cafe",
    description:
      "A quiet coffee house near the university with plenty of outlets, bottomless drip coffee and homemade soup at lunch. Open mic on the first Friday of the month.",
    price: "$",
    features: ["Wi-Fi", "Takeout", "Live Music"],
    labels: ["Coffee", "Cafe", "Study Spot"],
    hours: "cafe",
    quality: 4.0,
  },
  {
    name: "Flour & Field Bakery",
    category: "restaurants",
    cuisine: "bakery",
    kind: "bakery",
    description:
      "Naturally leavened sourdough, laminated pastries and fruit tarts baked before dawn with flour milled in Illinois. Get there early on Saturdays for the cardamom buns.",
    price: "$",
    features: ["Takeout", "Vegetarian Options", "Custom Orders"],
    labels: ["Bakery", "Coffee", "Pastries"],
    hours: "bakery",
    quality: 4.7,
  },
  {
    name: "The Night Owl Tavern",
    category: "restaurants",
    cuisine: "american",
    kind: "bar",
    description:
      "A proper neighborhood bar with twenty local taps, smash burgers and wings until close. Trivia on Tuesdays, live bands on Saturdays, and the kitchen stays open late.",
    price: "$$",
    features: ["Full Bar", "Late Night", "Live Music", "Happy Hour", "Outdoor Seating"],
    labels: ["Bar", "Burgers", "Late Night"],
    hours: "bar",
    plan: "featured",
    quality: 4.1,
  },
  {
    name: "Route 66 Diner",
    category: "restaurants",
    cuisine: "american",
    kind: "american",
    description:
      "Chrome stools, bottomless coffee and breakfast served all day in a diner that has been flipping pancakes since 1958. The horseshoe sandwich is a local legend.",
    price: "$",
    features: ["Family Friendly", "Parking", "Takeout", "Wheelchair Accessible"],
    labels: ["Diner", "Breakfast", "American"],
    hours: "diner",
    quality: 3.9,
  },
  {
    name: "Smokestack Barbecue Co.",
    category: "restaurants",
    cuisine: "american",
    kind: "american",
    description:
      "Brisket smoked for fourteen hours over hickory, pulled pork by the pound and banana pudding for dessert. Just opened on the east side: the first reviews are yours to write.",
    price: "$$",
    features: ["Takeout", "Outdoor Seating", "Family Friendly", "Catering"],
    labels: ["Barbecue", "American"],
    hours: "lunchDinner",
    reviews: 0,
    quality: 4.3,
  },

  // ── Shopping: clothing ────────────────────────────────────────────────
  {
    name: "Threadline Boutique",
    category: "shopping",
    subcategory: "clothing",
    kind: "clothing",
    description:
      "Women's clothing from independent designers, with easy linen pieces in summer and good wool coats in winter. Book a free styling session and leave with a full outfit.",
    price: "$$$",
    features: ["Personal Styling", "Gift Wrapping", "Wheelchair Accessible", "Online Orders"],
    labels: ["Clothing & Apparel", "Boutique", "Women's Fashion"],
    hours: "boutique",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.6,
  },
  {
    name: "Second Story Vintage",
    category: "shopping",
    subcategory: "clothing",
    kind: "clothing",
    description:
      "Two floors of curated vintage, from 1970s denim and band tees to 1950s party dresses. New racks go out every Thursday.",
    price: "$",
    features: ["Sustainable", "Buy / Sell / Trade"],
    labels: ["Clothing & Apparel", "Vintage", "Thrift"],
    hours: "retail",
    quality: 4.4,
  },
  {
    name: "Lincoln Square Outfitters",
    category: "shopping",
    subcategory: "clothing",
    kind: "clothing",
    description:
      "Menswear and workwear that lasts: raw denim, flannel shirts, leather boots and in-house alterations. Free hemming on any pair of jeans bought here.",
    price: "$$",
    features: ["Alterations", "Wheelchair Accessible", "Free Parking"],
    labels: ["Clothing & Apparel", "Menswear"],
    hours: "retail",
    quality: 4.3,
  },
  {
    name: "Little Sprouts Kids Clothing",
    category: "shopping",
    subcategory: "clothing",
    kind: "clothing",
    description:
      "Soft organic-cotton clothes for babies and kids up to size 12, plus a corner of wooden toys. They'll happily gift-wrap a baby shower present.",
    price: "$$",
    features: ["Gift Wrapping", "Family Friendly", "Stroller Friendly"],
    labels: ["Clothing & Apparel", "Kids", "Baby"],
    hours: "retail",
    quality: 4.5,
  },
  // ── Shopping: jewelry ─────────────────────────────────────────────────
  {
    name: "Heirloom & Co. Jewelers",
    category: "shopping",
    subcategory: "jewelry",
    kind: "jewelry",
    description:
      "Third-generation jewelers designing engagement rings and wedding bands at the bench behind the counter. Appointments include a private viewing room and ethically sourced stones.",
    price: "$$$$",
    features: ["Custom Orders", "Repairs", "Appraisals", "Wheelchair Accessible"],
    labels: ["Jewelry & Accessories", "Engagement Rings", "Custom Design"],
    hours: "boutique",
    plan: "premium",
    email: true,
    booking: true,
    quality: 4.9,
  },
  {
    name: "Silver Thread Jewelry Studio",
    category: "shopping",
    subcategory: "jewelry",
    kind: "jewelry",
    description:
      "Handmade sterling silver and gold-fill pieces by two local metalsmiths, with weekend ring-making workshops. Every piece is made in the back studio.",
    price: "$$",
    features: ["Custom Orders", "Workshops", "Gift Wrapping"],
    labels: ["Jewelry & Accessories", "Handmade"],
    hours: "boutique",
    booking: true,
    quality: 4.7,
  },
  {
    name: "Capitol Watch & Jewelry Repair",
    category: "shopping",
    subcategory: "jewelry",
    kind: "jewelry",
    description:
      "Watch batteries while you wait, ring resizing, chain repair and full mechanical watch servicing. Honest quotes and most repairs done within a week.",
    price: "$",
    features: ["Repairs", "While-You-Wait Service"],
    labels: ["Jewelry & Accessories", "Watch Repair"],
    hours: "services",
    quality: 4.2,
  },
  {
    name: "Moonstone Beads & Gems",
    category: "shopping",
    subcategory: "jewelry",
    kind: "jewelry",
    description:
      "A new bead shop with loose gemstones, findings and everything you need to make your own jewelry. Beginner classes start next month.",
    price: "$",
    features: ["Workshops", "Custom Orders"],
    labels: ["Jewelry & Accessories", "Beads", "Crafts"],
    hours: "boutique",
    reviews: 0,
    quality: 4.0,
  },
  // ── Shopping: gifts ───────────────────────────────────────────────────
  {
    name: "The Paper Lantern Gift Shop",
    category: "shopping",
    subcategory: "gifts",
    kind: "gifts",
    description:
      "Greeting cards, journals, hand-poured candles and quirky little things you didn't know you needed. The best place in {city} for a last-minute birthday present.",
    price: "$$",
    features: ["Gift Wrapping", "Local Makers", "Wheelchair Accessible"],
    labels: ["Gifts & Specialty", "Stationery"],
    hours: "retail",
    quality: 4.5,
  },
  {
    name: "Prairie Made Market",
    category: "shopping",
    subcategory: "gifts",
    kind: "gifts",
    description:
      "Everything here is made within 100 miles: honey, pottery, prints, soaps and wool blankets from more than sixty Illinois makers. Build-your-own gift boxes ship anywhere.",
    price: "$$",
    features: ["Local Makers", "Gift Wrapping", "Online Orders", "Curbside Pickup"],
    labels: ["Gifts & Specialty", "Local Makers", "Gift Boxes"],
    hours: "retail",
    plan: "featured",
    email: true,
    quality: 4.7,
  },
  {
    name: "Wrapped & Ready Gifts",
    category: "shopping",
    subcategory: "gifts",
    kind: "gifts",
    description:
      "Ready-made gift baskets for every occasion, from new babies to sympathy to corporate thank-yous. Same-day delivery within the city on orders placed by noon.",
    price: "$",
    features: ["Delivery", "Online Orders", "Gift Wrapping"],
    labels: ["Gifts & Specialty", "Gift Baskets"],
    hours: "retail",
    quality: 3.7,
  },
  {
    name: "Sweet Memories Candy & Gifts",
    category: "shopping",
    subcategory: "gifts",
    kind: "gifts",
    description:
      "Old-fashioned candy shop with fudge made in copper kettles, saltwater taffy and a wall of retro sodas. A favorite stop for kids and grandparents alike.",
    price: "$",
    features: ["Family Friendly", "Gift Wrapping", "Wheelchair Accessible"],
    labels: ["Gifts & Specialty", "Candy", "Fudge"],
    hours: "retail",
    quality: 4.4,
  },
  // ── Shopping: home ────────────────────────────────────────────────────
  {
    name: "Hearth & Home Decor",
    category: "shopping",
    subcategory: "home",
    kind: "home",
    description:
      "Warm, layered home decor: throw blankets, stoneware, framed botanical prints and seasonal table settings. The staff will help you style a mantel or a whole room.",
    price: "$$$",
    features: ["Design Consultations", "Gift Wrapping", "Delivery"],
    labels: ["Home & Decor", "Interior Styling"],
    hours: "retail",
    quality: 4.3,
  },
  {
    name: "The Lamplighter Lighting Studio",
    category: "shopping",
    subcategory: "home",
    kind: "home",
    description:
      "Floor lamps, pendants and restored antique fixtures, plus rewiring and lampshade fitting in the workshop. Bring your old lamp in and they'll bring it back to life.",
    price: "$$$",
    features: ["Repairs", "Custom Orders", "Delivery"],
    labels: ["Home & Decor", "Lighting"],
    hours: "boutique",
    quality: 4.6,
  },
  {
    name: "Oak & Linen Furniture",
    category: "shopping",
    subcategory: "home",
    kind: "home",
    description:
      "Solid hardwood dining tables, upholstered sofas in performance linen and made-to-order bookcases built by Amish craftsmen. White-glove delivery and setup included.",
    price: "$$$$",
    features: ["Delivery", "Financing Available", "Custom Orders", "Free Parking", "Wheelchair Accessible"],
    labels: ["Home & Decor", "Furniture"],
    hours: "retail",
    plan: "featured",
    email: true,
    quality: 4.4,
  },
  {
    name: "Nest Home Goods",
    category: "shopping",
    subcategory: "home",
    kind: "home",
    description:
      "Affordable kitchenware, bedding and storage for first apartments and dorm rooms. Friendly staff and a big clearance corner at the back.",
    price: "$",
    features: ["Curbside Pickup", "Free Parking", "Online Orders"],
    labels: ["Home & Decor", "Kitchenware"],
    hours: "retail",
    quality: 3.6,
  },
  // ── Shopping: kinds beyond the spec's four (the listing form offers them; the page lists them under All) ──
  {
    name: "Spoke & Chain Bicycles",
    category: "shopping",
    subcategory: "sports",
    kind: "shop",
    description:
      "New and used bikes, same-week tune-ups and a wall of spare parts. Saturday morning group rides leave from the shop door.",
    price: "$$",
    features: ["Repairs", "Buy / Sell / Trade", "Free Parking"],
    labels: ["Sports & Outdoors", "Bicycles", "Repairs"],
    hours: "retail",
    quality: 4.6,
  },

  // ── Services: plumbing ────────────────────────────────────────────────
  {
    name: "Rapid Rooter Plumbing",
    category: "services",
    subcategory: "plumbing",
    kind: "plumbing",
    description:
      "Round-the-clock emergency plumbing: burst pipes, sewer backups and no-heat calls answered by a real person at any hour. Upfront flat-rate pricing before any work starts.",
    price: "$$",
    features: ["24/7 Emergency", "Licensed & Insured", "Free Estimates", "Same-Day Service"],
    labels: ["Plumbing", "Emergency Service", "Drain Cleaning"],
    hours: "allDay",
    plan: "featured",
    email: true,
    quality: 4.5,
  },
  {
    name: "Capital City Plumbing & Heating",
    category: "services",
    subcategory: "plumbing",
    kind: "plumbing",
    description:
      "Water heaters, boilers, bathroom remodels and repiping for older homes. Serving {city} families since 1986 with licensed master plumbers on every job.",
    price: "$$",
    features: ["Licensed & Insured", "Free Estimates", "Financing Available", "Senior Discount"],
    labels: ["Plumbing", "Heating", "Water Heaters"],
    hours: "services",
    booking: true,
    quality: 4.3,
  },
  {
    name: "Clearwater Drain Specialists",
    category: "services",
    subcategory: "plumbing",
    kind: "plumbing",
    description:
      "Camera inspections, hydro-jetting and trenchless sewer repair. They show you the video of your line before recommending anything.",
    price: "$",
    features: ["Free Estimates", "Licensed & Insured", "Same-Day Service"],
    labels: ["Plumbing", "Drain Cleaning", "Sewer Repair"],
    hours: "services",
    quality: 4.0,
  },
  {
    name: "Benson & Sons Plumbing",
    category: "services",
    subcategory: "plumbing",
    kind: "plumbing",
    description:
      "A father-and-sons outfit handling leaky faucets, running toilets, garbage disposals and fixture installs. Small jobs welcome and no trip charge inside city limits.",
    price: "$$",
    features: ["Licensed & Insured", "Senior Discount", "Serves within 20 miles"],
    labels: ["Plumbing", "Repairs"],
    hours: "services",
    quality: 4.6,
  },
  // ── Services: electrical ──────────────────────────────────────────────
  {
    name: "Bright Spark Electric",
    category: "services",
    subcategory: "electrical",
    kind: "electrical",
    description:
      "Panel upgrades, EV charger installs, recessed lighting and whole-home rewiring by licensed electricians. Clean job sites and permits pulled for you.",
    price: "$$",
    features: ["Licensed & Insured", "Free Estimates", "Financing Available", "EV Charger Installation"],
    labels: ["Electrical", "EV Chargers", "Lighting"],
    hours: "services",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.7,
  },
  {
    name: "Volt Brothers Electrical",
    category: "services",
    subcategory: "electrical",
    kind: "electrical",
    description:
      "Residential and light commercial electrical work, from a single outlet to a new service entrance. Known for showing up on time and explaining the options plainly.",
    price: "$$",
    features: ["Licensed & Insured", "Same-Day Service", "Free Estimates"],
    labels: ["Electrical", "Residential", "Commercial"],
    hours: "services",
    quality: 4.4,
  },
  {
    name: "Northside Electric Co.",
    category: "services",
    subcategory: "electrical",
    kind: "electrical",
    description:
      "Generator installs, surge protection and storm damage repairs, with an on-call electrician for existing customers. Family owned for two generations.",
    price: "$$$",
    features: ["Licensed & Insured", "Generator Installation", "Senior Discount"],
    labels: ["Electrical", "Generators"],
    hours: "services",
    quality: 3.9,
  },
  {
    name: "Current Solutions Electricians",
    category: "services",
    subcategory: "electrical",
    kind: "electrical",
    description:
      "A newly opened electrical contractor focused on smart-home wiring, lighting design and home office upgrades. Introductory pricing for first-time customers.",
    price: "$$",
    features: ["Licensed & Insured", "Free Estimates", "Smart Home Installation"],
    labels: ["Electrical", "Smart Home"],
    hours: "services",
    reviews: 0,
    quality: 4.0,
  },
  // ── Services: cleaning ────────────────────────────────────────────────
  {
    name: "Sparkle & Shine Cleaning",
    category: "services",
    subcategory: "cleaning",
    kind: "cleaning",
    description:
      "Recurring house cleaning, deep cleans and move-in/move-out service with the same two-person team every visit. Supplies included and satisfaction guaranteed.",
    price: "$$",
    features: ["Licensed & Insured", "Free Estimates", "Satisfaction Guarantee"],
    labels: ["Cleaning", "House Cleaning"],
    hours: "services",
    booking: true,
    quality: 4.5,
  },
  {
    name: "Fresh Start Maid Service",
    category: "services",
    subcategory: "cleaning",
    kind: "cleaning",
    description:
      "Budget-friendly weekly and biweekly cleaning for apartments and small homes. Online booking in two minutes, and you can skip a week anytime.",
    price: "$",
    features: ["Online Booking", "Same-Day Service", "Pet Friendly"],
    labels: ["Cleaning", "Maid Service"],
    hours: "services",
    booking: true,
    quality: 3.5,
  },
  {
    name: "Green Leaf Eco Cleaning",
    category: "services",
    subcategory: "cleaning",
    kind: "cleaning",
    description:
      "Plant-based, fragrance-free products that are safe for kids, pets and allergy sufferers, with microfiber everything. Offices and homes, weekdays or weekends.",
    price: "$$",
    features: ["Eco-Friendly Products", "Licensed & Insured", "Pet Friendly", "Free Estimates"],
    labels: ["Cleaning", "Eco-Friendly", "Office Cleaning"],
    hours: "services",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.6,
  },
  {
    name: "Spotless Carpet & Upholstery",
    category: "services",
    subcategory: "cleaning",
    kind: "cleaning",
    description:
      "Truck-mounted steam cleaning for carpets, rugs, sofas and car interiors, plus pet stain and odor treatment. Most carpets are dry in four hours.",
    price: "$$",
    features: ["Free Estimates", "Pet Stain Removal", "Same-Day Service"],
    labels: ["Cleaning", "Carpet Cleaning", "Upholstery"],
    hours: "services",
    quality: 4.1,
  },
  // ── Services: landscaping ─────────────────────────────────────────────
  {
    name: "Evergreen Landscaping",
    category: "services",
    subcategory: "landscaping",
    kind: "landscaping",
    description:
      "Full-service landscape design and build: native plantings, patios, outdoor lighting and irrigation, with a 3D design before any digging starts. Maintenance plans available year-round.",
    price: "$$$",
    features: ["Free Estimates", "Licensed & Insured", "Financing Available", "Snow Removal"],
    labels: ["Landscaping", "Landscape Design", "Hardscaping"],
    hours: "services",
    plan: "premium",
    email: true,
    booking: true,
    quality: 4.8,
  },
  {
    name: "Prairie Roots Lawn & Garden",
    category: "services",
    subcategory: "landscaping",
    kind: "landscaping",
    description:
      "Pollinator gardens, rain gardens and prairie restoration using plants native to central Illinois. Friendly advice even if you want to do it yourself.",
    price: "$$",
    features: ["Eco-Friendly Products", "Free Estimates", "Consultations"],
    labels: ["Landscaping", "Native Plants", "Garden Design"],
    hours: "services",
    quality: 4.7,
  },
  {
    name: "Stonepath Hardscapes",
    category: "services",
    subcategory: "landscaping",
    kind: "landscaping",
    description:
      "Paver patios, retaining walls, fire pits and stone walkways built to handle Midwestern freeze-thaw cycles. Every install comes with a five-year workmanship warranty.",
    price: "$$$",
    features: ["Licensed & Insured", "Free Estimates", "Financing Available"],
    labels: ["Landscaping", "Hardscaping", "Patios"],
    hours: "services",
    quality: 4.2,
  },
  {
    name: "Greenway Lawn Care",
    category: "services",
    subcategory: "landscaping",
    kind: "landscaping",
    description:
      "Weekly mowing, edging, aeration and fall leaf cleanup at fair flat rates. Text-message reminders the day before every visit.",
    price: "$",
    features: ["Senior Discount", "Serves within 20 miles", "Same-Day Service"],
    labels: ["Landscaping", "Lawn Care", "Leaf Removal"],
    hours: "services",
    quality: 3.4,
  },

  // ── Entertainment: theater ────────────────────────────────────────────
  {
    name: "The Orpheum Playhouse",
    category: "entertainment",
    subcategory: "theater",
    kind: "theater",
    ageGroups: ["adults", "family"],
    description:
      "A restored 1920s playhouse presenting touring musicals, local productions and a much-loved holiday show every December. Every seat has a clear view of the stage.",
    price: "$$",
    features: ["Wheelchair Accessible", "Full Bar", "Group Bookings", "Gift Cards"],
    labels: ["Theater & Shows", "Musicals", "Historic Venue"],
    hours: "theater",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.7,
  },
  {
    name: "Capitol Comedy Club",
    category: "entertainment",
    subcategory: "theater",
    kind: "theater",
    ageGroups: ["adults"],
    description:
      "Stand-up from touring headliners Thursday through Sunday, with an open mic on Sunday nights. Two-drink minimum, 21 and over for late shows.",
    price: "$$",
    features: ["Full Bar", "Late Night", "Group Bookings", "Gift Cards"],
    labels: ["Theater & Shows", "Comedy", "Nightlife"],
    hours: "comedy",
    booking: true,
    quality: 4.3,
  },
  {
    name: "Starlight Community Theatre",
    category: "entertainment",
    subcategory: "theater",
    kind: "theater",
    ageGroups: ["kids", "family"],
    description:
      "Volunteer-run community theatre staging four family-friendly productions a year, plus summer drama camps for kids aged 7 to 14. Tickets rarely cost more than a movie.",
    price: "$",
    features: ["Family Friendly", "Wheelchair Accessible", "Summer Camps"],
    labels: ["Theater & Shows", "Community Theatre", "Kids Camps"],
    hours: "theater",
    quality: 4.5,
  },
  // ── Entertainment: arcade ─────────────────────────────────────────────
  {
    name: "Pixel Palace Arcade",
    category: "entertainment",
    subcategory: "arcade",
    kind: "arcade",
    ageGroups: ["teens", "family"],
    description:
      "Over 120 games, from classic cabinets like Galaga and Ms. Pac-Man to the newest VR racers and a wall of pinball. Open until 2 a.m. on Fridays and Saturdays.",
    price: "$",
    features: ["Birthday Parties", "Snack Bar", "Late Night", "Gift Cards"],
    labels: ["Arcade & Games", "Pinball", "VR"],
    hours: "arcade",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.4,
  },
  {
    name: "Level Up Barcade",
    category: "entertainment",
    subcategory: "arcade",
    kind: "arcade",
    ageGroups: ["adults"],
    description:
      "Retro video games and craft beer under one neon roof: most cabinets are free to play with a drink. Tournament nights every other Thursday.",
    price: "$$",
    features: ["Full Bar", "Late Night", "Free Play", "Group Bookings"],
    labels: ["Arcade & Games", "Bar", "Retro Games"],
    hours: "barcade",
    quality: 4.2,
  },
  {
    name: "Tokens & Tickets Family Fun Center",
    category: "entertainment",
    subcategory: "arcade",
    kind: "arcade",
    ageGroups: ["kids", "family"],
    description:
      "Skee-ball, claw machines, a soft play area for little ones and a prize counter stocked with everything from stickers to scooters. Party packages include pizza.",
    price: "$",
    features: ["Birthday Parties", "Family Friendly", "Snack Bar", "Free Parking"],
    labels: ["Arcade & Games", "Family Fun", "Birthday Parties"],
    hours: "attraction",
    quality: 3.8,
  },
  // ── Entertainment: escape rooms ───────────────────────────────────────
  {
    name: "Locked In Escape Rooms",
    category: "entertainment",
    subcategory: "escape",
    kind: "escape",
    ageGroups: ["teens", "adults"],
    description:
      "Five themed rooms, including a bank heist, a haunted library and a submarine on its last dive, each with 60 minutes on the clock. Game masters give hints, not spoilers.",
    price: "$$",
    features: ["Group Bookings", "Birthday Parties", "Team Building", "Gift Cards"],
    labels: ["Escape Rooms", "Team Building"],
    hours: "escape",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.8,
  },
  {
    name: "The Great Escape Co.",
    category: "entertainment",
    subcategory: "escape",
    kind: "escape",
    ageGroups: ["adults"],
    description:
      "Story-driven escape rooms with hidden passages and actors, built by former theater set designers. Rated among the hardest in the state: only 18% of teams escape the Vault.",
    price: "$$",
    features: ["Group Bookings", "Team Building", "Gift Cards"],
    labels: ["Escape Rooms", "Immersive Theater"],
    hours: "escape",
    booking: true,
    quality: 4.6,
  },
  {
    name: "Puzzle Box Adventures",
    category: "entertainment",
    subcategory: "escape",
    kind: "escape",
    ageGroups: ["family", "teens", "kids"],
    description:
      "Family-friendly escape rooms designed so kids can solve the puzzles too, like a pirate treasure hunt and a toy workshop. Perfect for birthday parties of six to ten.",
    price: "$$",
    features: ["Family Friendly", "Birthday Parties", "Wheelchair Accessible"],
    labels: ["Escape Rooms", "Kids Parties"],
    hours: "escape",
    booking: true,
    quality: 4.3,
  },
  // ── Entertainment: attractions ────────────────────────────────────────
  {
    name: "Lakeside Adventure Park",
    category: "entertainment",
    subcategory: "attractions",
    kind: "attractions",
    ageGroups: ["family", "kids", "teens"],
    description:
      "A lakeside amusement park with a Ferris wheel, a wooden roller coaster, paddle boats and a splash pad. Season passes pay for themselves in three visits.",
    price: "$$",
    features: ["Family Friendly", "Free Parking", "Snack Bar", "Wheelchair Accessible", "Birthday Parties"],
    labels: ["Attractions", "Amusement Park", "Rides"],
    hours: "attraction",
    plan: "premium",
    email: true,
    booking: true,
    quality: 4.5,
  },
  {
    name: "Discovery Depot Children's Museum",
    category: "entertainment",
    subcategory: "attractions",
    kind: "attractions",
    ageGroups: ["kids", "family"],
    description:
      "Hands-on exhibits in a converted rail depot: a climbable tree house, a water table, a kid-sized grocery store and a real caboose. Best for ages 1 to 10.",
    price: "$",
    features: ["Family Friendly", "Wheelchair Accessible", "Stroller Friendly", "Birthday Parties"],
    labels: ["Attractions", "Museum", "Kids"],
    hours: "museum",
    email: true,
    quality: 4.6,
  },
  {
    name: "Twin Oaks Mini Golf & Go-Karts",
    category: "entertainment",
    subcategory: "attractions",
    kind: "attractions",
    ageGroups: ["family", "teens"],
    description:
      "Two 18-hole mini golf courses with waterfalls and caves, a go-kart track and batting cages. Wednesday night glow golf is a summer tradition.",
    price: "$",
    features: ["Family Friendly", "Snack Bar", "Free Parking", "Birthday Parties"],
    labels: ["Attractions", "Mini Golf", "Go-Karts"],
    hours: "attraction",
    quality: 4.0,
  },
  {
    name: "Sky High Trampoline Park",
    category: "entertainment",
    subcategory: "attractions",
    kind: "attractions",
    ageGroups: ["kids", "teens"],
    description:
      "Wall-to-wall trampolines, a foam pit, dodgeball courts and a ninja obstacle course. Toddler time runs every weekday morning.",
    price: "$$",
    features: ["Birthday Parties", "Snack Bar", "Group Bookings"],
    labels: ["Attractions", "Trampoline Park"],
    hours: "attraction",
    quality: 3.6,
  },
  // ── A service-area business: it comes to its customers (docs/maps.md, "Service areas") ──
  {
    name: "Rolling Taco Truck",
    category: "restaurants",
    cuisine: "mexican",
    kind: "mexican",
    description:
      "Al pastor off the trompo, birria tacos with consommé and horchata, from a bright blue truck. Follow us for today's stop, or book the truck for your office lunch or backyard party.",
    price: "$",
    features: ["Takeout", "Catering", "Vegetarian Options"],
    labels: ["Mexican", "Food Truck", "Tacos"],
    hours: "lunchDinner",
    quality: 4.4,
    serviceArea: ["{city}"],
    serviceRadiusKm: 15,
  },
  // ── Beyond the spec's four groups (issue 34): what every real city also has ─────────────────
  {
    name: "Lincoln Family Dental",
    category: "health",
    primary: "dentists",
    kind: "dentist",
    description:
      "Gentle family dentistry on the west side: cleanings, fillings, crowns and same-day emergency visits. We see kids from their first tooth and take most PPO plans.",
    price: "$$",
    features: ["Accepts Insurance", "Wheelchair Accessible", "By Appointment Only"],
    labels: ["Pediatric Dentists", "Cosmetic Dentists", "Orthodontists"],
    hours: "services",
    plan: "featured",
    email: true,
    booking: true,
    quality: 4.6,
  },
  {
    name: "Main Street Family Medicine",
    category: "health",
    primary: "doctors",
    kind: "doctor",
    description:
      "Primary care for the whole family: annual physicals, vaccinations, sports physicals and chronic care, with same-week appointments and a lab on site. New patients welcome.",
    price: "$$",
    features: ["Accepts Insurance", "Wheelchair Accessible"],
    labels: ["Pediatricians"],
    hours: "services",
    quality: 4.2,
  },
  {
    name: "Capitol Veterinary Clinic",
    category: "pets",
    primary: "veterinarians",
    kind: "vet",
    description:
      "Full-service animal hospital for dogs, cats and small pets: wellness exams, vaccines, dental care, surgery and urgent visits during opening hours. Cat-only waiting room.",
    price: "$$",
    features: ["Parking", "By Appointment Only"],
    labels: ["Pet Groomers"],
    hours: "services",
    email: true,
    quality: 4.7,
  },
  {
    name: "Paws on the Go Mobile Grooming",
    category: "pets",
    primary: "pet-groomers",
    kind: "groomer",
    description:
      "A grooming salon on wheels: we park at your curb and bathe, trim and pamper your dog in our climate-controlled van. One pet at a time, no cages.",
    price: "$$",
    features: ["By Appointment Only"],
    labels: ["Pet Sitting & Boarding"],
    hours: "services",
    quality: 4.8,
    serviceArea: ["{city}", "Chatham", "Rochester"],
  },
  {
    name: "Sharp & Co. Barbershop",
    category: "beauty",
    primary: "barbers",
    kind: "barber",
    description:
      "Classic cuts, skin fades and hot towel shaves in an old-school shop with a record player. Walk-ins welcome; book ahead on Saturdays.",
    price: "$",
    features: ["Walk-ins Welcome", "Accepts Credit Cards"],
    labels: ["Hair Salons"],
    hours: "retail",
    quality: 4.5,
  },
  {
    name: "Polished Nail Lounge",
    category: "beauty",
    primary: "nail-salons",
    kind: "nails",
    description:
      "Manicures, pedicures, gel and dip powder in a bright, spotless lounge with massage chairs. Non-toxic polishes and single-use files.",
    price: "$$",
    features: ["Walk-ins Welcome", "Accepts Credit Cards"],
    labels: ["Day Spas"],
    hours: "retail",
    quality: 4.3,
  },
  {
    name: "Prairie State Credit Union",
    category: "financial",
    primary: "banks",
    kind: "bank",
    description:
      "A member-owned credit union: checking and savings, car loans and mortgages, free ATMs and people who answer the phone. Anyone who lives or works in {city} can join.",
    features: ["Wheelchair Accessible", "Drive-Through", "Parking"],
    labels: ["Mortgage Brokers"],
    price: "$",
    hours: "services",
    quality: 4.4,
  },
  {
    name: "Ironworks Gym",
    category: "fitness",
    primary: "gyms",
    kind: "gym",
    description:
      "A 24-hour gym in an old foundry: free weights, racks and platforms, cardio, a turf lane and group classes from spin to HIIT. Day passes at the desk.",
    price: "$$",
    features: ["Open 24 Hours", "Parking", "Wheelchair Accessible"],
    labels: ["Personal Trainers"],
    hours: "allDay",
    plan: "premium",
    quality: 4.1,
  },
  {
    name: "Sunrise Yoga Studio",
    category: "fitness",
    primary: "yoga",
    kind: "yoga",
    description:
      "Vinyasa, yin, restorative and hot yoga in a sunlit loft above Adams Street. Mats and props provided; your first class is free.",
    price: "$$",
    features: ["Beginner Friendly"],
    labels: ["Pilates"],
    hours: "retail",
    quality: 4.9,
  },
  {
    name: "Capital City Auto Care",
    category: "automotive",
    primary: "auto-repair",
    kind: "auto",
    description:
      "Honest auto repair since 1987: brakes, oil changes, check engine lights, tires and state inspections, with a written estimate before any work. Loaner cars on request.",
    price: "$$",
    features: ["Parking", "Accepts Credit Cards"],
    labels: ["Tires"],
    hours: "services",
    quality: 4.6,
  },
  {
    name: "The Lantern Pub",
    category: "nightlife",
    primary: "pubs",
    kind: "pub",
    description:
      "A neighbourhood pub with twenty taps, Tuesday trivia, fish and chips and every game on. Dogs welcome on the patio.",
    price: "$$",
    features: ["Full Bar", "Outdoor Seating", "Happy Hour", "Late Night"],
    labels: ["Sports Bars"],
    hours: "bar",
    quality: 4.2,
  },
  {
    name: "Old Capitol Inn",
    category: "hotels-travel",
    primary: "hotels",
    kind: "hotel",
    description:
      "A restored 1890s hotel a block from the Old State Capitol: 40 rooms, a rooftop terrace, a cooked breakfast and free parking. Pets welcome in two garden rooms.",
    price: "$$$",
    features: ["Wi-Fi", "Parking", "Wheelchair Accessible"],
    labels: ["Bed & Breakfast"],
    hours: "allDay",
    email: true,
    booking: true,
    quality: 4.4,
  },
  {
    name: "Lincoln Branch Library",
    category: "public-services",
    primary: "libraries",
    kind: "library",
    description:
      "The city library's east branch: books, films and games to borrow, story time on Wednesdays, free Wi-Fi, study rooms and a maker space with a 3D printer. Your library card is free.",
    price: "$",
    features: ["Wi-Fi", "Wheelchair Accessible", "Family Friendly"],
    labels: ["Community Centers"],
    hours: "retail",
    quality: 4.8,
  },
  {
    name: "First Street Community Church",
    category: "religious",
    primary: "churches",
    kind: "church",
    description:
      "An open, welcoming congregation: Sunday worship at 9 and 11, a gospel choir, a weekday food pantry and a community supper every Thursday. All are welcome.",
    price: "$",
    features: ["Wheelchair Accessible", "Family Friendly"],
    labels: ["Community Service & Non-Profit"],
    hours: "services",
    quality: 4.7,
  },
  {
    name: "Bright Minds Tutoring",
    category: "education",
    primary: "tutoring",
    kind: "tutoring",
    description:
      "One-on-one and small-group tutoring for grades 3–12: math, reading, chemistry, essay writing and SAT/ACT prep, in person or online. The first session is on us.",
    price: "$$",
    features: ["By Appointment Only"],
    labels: ["Language Schools"],
    hours: "services",
    quality: 4.5,
  },
  {
    name: "Harper & Lee Law Office",
    category: "professional",
    primary: "lawyers",
    kind: "lawyer",
    description:
      "Plain-spoken lawyers for families and small businesses: wills and estates, real estate closings, leases and contracts. Free first consultation.",
    price: "$$$",
    features: ["By Appointment Only"],
    labels: ["Notaries"],
    hours: "services",
    reviews: 0,
    quality: 4.5,
  },
];

/**
 * Businesses the accounts issue hands to the demo business owner. Stable:
 * slugs come from names, and names only change with this file.
 */
export const DEMO_OWNER_BUSINESS_SLUGS = ["prairie-bean-coffee-roasters", "threadline-boutique"] as const;
export const DEMO_OWNED_BUSINESS_SLUG = DEMO_OWNER_BUSINESS_SLUGS[0];
/** A listing without an owner that the demo owner has an open claim for (the admins' Claims tab). */
export const DEMO_CLAIMED_BUSINESS_SLUG = "nest-home-goods";

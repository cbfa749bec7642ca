import { fileCategories, type CategoryMapping } from "./category-mapping";

/**
 * The OpenStreetMap mapping table (issue 34): `key=value` of the keys that say what a feature is (amenity, shop,
 * craft, healthcare, office, leisure, tourism — https://wiki.openstreetmap.org/wiki/Map_features) → a Near category
 * (a tree slug, app/lib/category-data.ts), grouped by slug. A few tags refine it: `cuisine` on a restaurant, fast
 * food or café, `religion` on a place of worship, `healthcare:speciality` on a doctor, `sport` on a sports centre,
 * `beauty` on a beauty shop. Tested: every slug exists, no tag is listed twice
 * (tests/unit/import-category-tables.test.ts). A tag missing here is filed by category-mapping.ts and noted.
 */

/** The keys read, in the order their categories are listed (an amenity first: it is what most features are). */
export const OSM_CATEGORY_KEYS = ["amenity", "shop", "healthcare", "craft", "office", "leisure", "tourism"] as const;

/** An unmapped value of a key → the category it is at least (`shop=foo` is a shop). `amenity` says nothing. */
const KEY_FALLBACK: Partial<Record<(typeof OSM_CATEGORY_KEYS)[number], string>> = {
  shop: "shopping",
  healthcare: "health",
  craft: "services",
  office: "professional",
  leisure: "fitness",
  tourism: "attractions",
};

// One slug a line: a table, read and diffed as one.
// prettier-ignore
const BY_SLUG: Record<string, string[]> = {
  // ── Restaurants ──
  restaurants: ["amenity=restaurant"],
  "fast-food": ["amenity=fast_food"],
  cafes: ["amenity=cafe", "amenity=internet_cafe"],
  "food-courts": ["amenity=food_court"],
  "ice-cream": ["amenity=ice_cream", "shop=ice_cream"],
  bakeries: ["shop=bakery", "shop=pastry", "shop=cake"],
  delis: ["shop=deli"],
  // ── Shopping ──
  grocery: ["shop=supermarket", "shop=greengrocer", "shop=frozen_food", "shop=food"],
  "convenience-stores": ["shop=convenience", "shop=kiosk"],
  "specialty-food": ["shop=spices", "shop=pasta", "shop=coffee", "shop=tea", "shop=dairy", "shop=nuts", "shop=honey"],
  butchers: ["shop=butcher"],
  "cheese-shops": ["shop=cheese"],
  "seafood-markets": ["shop=seafood"],
  "candy-stores": ["shop=confectionery", "craft=confectionery"],
  chocolatiers: ["shop=chocolate"],
  "farmers-markets": ["shop=farm", "amenity=marketplace"],
  "health-food-stores": ["shop=health_food", "shop=organic", "shop=nutrition_supplements", "shop=herbalist"],
  "liquor-stores": ["shop=alcohol", "shop=wine", "shop=beverages", "shop=brewing_supplies"],
  "department-stores": ["shop=department_store", "shop=general"],
  "discount-stores": ["shop=variety_store"],
  "shopping-centers": ["shop=mall"],
  "wholesale-stores": ["shop=wholesale"],
  clothing: ["shop=clothes", "shop=boutique", "shop=fashion"],
  "shoe-stores": ["shop=shoes"],
  "childrens-clothing": ["shop=children"],
  "baby-gear": ["shop=baby_goods"],
  luggage: ["shop=bag", "shop=leather"],
  jewelry: ["shop=jewelry", "shop=watches", "shop=fashion_accessories", "craft=jeweller"],
  "thrift-stores": ["shop=second_hand", "shop=charity"],
  "fabric-stores": ["shop=fabric", "shop=sewing"],
  "arts-crafts": ["shop=craft", "shop=wool", "craft=handicraft", "craft=pottery"],
  "art-galleries": ["shop=art", "craft=sculptor", "tourism=gallery"],
  framing: ["shop=frame"],
  "hobby-shops": ["shop=model", "shop=hobby", "shop=collector"],
  "toy-stores": ["shop=toys", "shop=games"],
  "video-game-stores": ["shop=video_games", "shop=video"],
  bookstores: ["shop=books"],
  stationery: ["shop=stationery"],
  "office-supplies": ["shop=printer_ink"],
  newsagents: ["shop=newsagent"],
  "music-stores": ["shop=music"],
  "musical-instruments": ["shop=musical_instrument"],
  electronics: ["shop=electronics", "shop=hifi"],
  "computer-stores": ["shop=computer"],
  "mobile-phone-stores": ["shop=mobile_phone", "shop=telecommunication"],
  "camera-stores": ["shop=camera", "shop=photo"],
  appliances: ["shop=appliance", "shop=vacuum_cleaner", "shop=electrical"],
  "furniture-stores": ["shop=furniture", "shop=bed"],
  "home-decor": ["shop=interior_decoration", "shop=houseware", "shop=curtain", "shop=candles"],
  "kitchen-bath": ["shop=kitchen", "shop=bathroom_furnishing"],
  "lighting-stores": ["shop=lighting"],
  rugs: ["shop=carpet", "shop=flooring"],
  antiques: ["shop=antiques"],
  "hardware-stores": ["shop=hardware", "shop=doityourself", "shop=tool_hire"],
  "paint-stores": ["shop=paint"],
  "building-supplies": ["shop=trade", "shop=building_materials", "craft=sawmill"],
  "garden-centers": ["shop=garden_centre"],
  florists: ["shop=florist"],
  gifts: ["shop=gift", "shop=souvenir"],
  "party-supplies": ["shop=party", "shop=costume"],
  "religious-items": ["shop=religion"],
  "beauty-supply": ["shop=cosmetics", "shop=perfumery"],
  drugstores: ["shop=chemist", "shop=pharmacy"],
  optical: ["shop=optician", "craft=optician"],
  "medical-supplies": ["shop=medical_supply", "shop=mobility"],
  "hearing-aids": ["shop=hearing_aids", "healthcare=audiologist"],
  "adult-stores": ["shop=erotic"],
  "tobacco-shops": ["shop=tobacco", "shop=e-cigarette"],
  cannabis: ["shop=cannabis"],
  "pawn-shops": ["shop=pawnbroker"],
  "sporting-goods": ["shop=sports", "shop=outdoor", "shop=ski", "shop=scuba_diving", "shop=surf"],
  "bike-shops": ["shop=bicycle"],
  "golf-equipment": ["shop=golf"],
  fishing: ["shop=fishing", "shop=hunting"],
  firearms: ["shop=weapons", "craft=gunsmith"],
  // ── Services ──
  plumbing: ["craft=plumber"],
  electrical: ["craft=electrician"],
  hvac: ["craft=hvac", "craft=heating_engineer"],
  cleaning: ["craft=cleaning"],
  landscaping: ["craft=gardener", "craft=landscaper"],
  "dry-cleaning": ["shop=dry_cleaning"],
  laundromats: ["shop=laundry"],
  contractors: ["craft=builder", "craft=insulation", "craft=scaffolder", "craft=roofer_contractor"],
  roofing: ["craft=roofer"],
  painters: ["craft=painter"],
  carpenters: ["craft=carpenter", "craft=joiner", "craft=cabinet_maker"],
  flooring: ["craft=floorer", "craft=tiler", "craft=parquet_layer"],
  masonry: ["craft=stonemason", "craft=bricklayer"],
  plasterers: ["craft=plasterer"],
  "windows-doors": ["craft=glaziery", "craft=window_construction"],
  "metal-fabricators": ["craft=metal_construction", "craft=blacksmith", "craft=welder"],
  upholstery: ["craft=upholsterer"],
  "sign-making": ["craft=sign_maker"],
  printing: ["shop=copyshop", "craft=printer"],
  "chimney-sweeps": ["craft=chimney_sweeper"],
  "interior-design": ["craft=interior_decorator", "office=interior_design"],
  locksmiths: ["shop=locksmith", "craft=locksmith"],
  "key-cutting": ["craft=key_cutter"],
  tailors: ["shop=tailor", "craft=tailor", "craft=dressmaker"],
  "shoe-repair": ["craft=shoemaker", "shop=shoe_repair"],
  "watch-repair": ["craft=watchmaker", "craft=clockmaker"],
  "electronics-repair": ["craft=electronics_repair", "shop=repair", "shop=mobile_phone_repair"],
  photographers: ["craft=photographer", "shop=photo_studio", "craft=photographic_laboratory"],
  caterers: ["craft=caterer"],
  venues: ["amenity=events_venue", "amenity=conference_centre", "amenity=exhibition_centre"],
  storage: ["shop=storage_rental", "amenity=storage_rental"],
  movers: ["office=moving_company"],
  couriers: ["office=courier", "office=logistics", "amenity=courier"],
  "child-care": ["amenity=childcare"],
  "funeral-services": ["shop=funeral_directors", "amenity=funeral_hall", "amenity=crematorium"],
  cemeteries: ["amenity=grave_yard"],
  recycling: ["amenity=recycling", "amenity=waste_transfer_station", "shop=scrap_yard"],
  // ── Entertainment ──
  entertainment: ["leisure=hackerspace", "shop=ticket"],
  theater: ["amenity=theatre"],
  cinemas: ["amenity=cinema"],
  "music-venues": ["amenity=music_venue"],
  "cultural-centers": ["amenity=arts_centre"],
  casinos: ["amenity=casino", "amenity=gambling", "leisure=adult_gaming_centre", "shop=bookmaker", "shop=lottery"],
  arcade: ["leisure=amusement_arcade"],
  "escape-rooms": ["leisure=escape_game"],
  "mini-golf": ["leisure=miniature_golf"],
  "trampoline-parks": ["leisure=trampoline_park"],
  attractions: ["tourism=attraction"],
  museums: ["tourism=museum"],
  planetariums: ["amenity=planetarium"],
  zoos: ["tourism=zoo", "tourism=aquarium"],
  "amusement-parks": ["tourism=theme_park"],
  "water-parks": ["leisure=water_park"],
  landmarks: ["tourism=viewpoint", "tourism=artwork"],
  "botanical-gardens": ["leisure=garden"],
  stadiums: ["leisure=stadium"],
  "kids-activities": ["leisure=summer_camp", "leisure=indoor_play"],
  "social-clubs": ["amenity=social_centre", "amenity=social_club"],
  farms: ["craft=beekeeper"],
  // ── Bars & Nightlife ──
  bars: ["amenity=bar"],
  pubs: ["amenity=pub"],
  "beer-bars": ["amenity=biergarten"],
  "hookah-bars": ["amenity=hookah_lounge"],
  "night-clubs": ["amenity=nightclub"],
  karaoke: ["amenity=karaoke_box"],
  "adult-entertainment": ["amenity=stripclub"],
  breweries: ["craft=brewery"],
  wineries: ["craft=winery"],
  distilleries: ["craft=distillery"],
  // ── Health & Medical ──
  health: ["healthcare=yes", "healthcare=nurse"],
  dentists: ["amenity=dentist", "healthcare=dentist"],
  doctors: ["amenity=doctors", "healthcare=doctor"],
  "medical-centers": ["amenity=clinic", "healthcare=clinic", "healthcare=centre", "healthcare=dialysis"],
  hospitals: ["amenity=hospital", "healthcare=hospital"],
  pharmacies: ["amenity=pharmacy", "healthcare=pharmacy"],
  "physical-therapy": ["healthcare=physiotherapist"],
  optometrists: ["healthcare=optometrist"],
  "mental-health": ["healthcare=psychotherapist", "healthcare=counselling", "office=therapist"],
  naturopathic: ["healthcare=alternative"],
  "medical-labs": ["healthcare=laboratory", "healthcare=sample_collection"],
  podiatrists: ["healthcare=podiatrist"],
  midwives: ["healthcare=midwife", "healthcare=birthing_centre"],
  "blood-donation": ["healthcare=blood_donation"],
  rehab: ["healthcare=rehabilitation"],
  hospice: ["healthcare=hospice"],
  "occupational-therapy": ["healthcare=occupational_therapist"],
  "speech-therapists": ["healthcare=speech_therapist"],
  "retirement-homes": ["amenity=nursing_home"],
  // ── Beauty & Spas ──
  beauty: ["shop=beauty"],
  "hair-salons": ["shop=hairdresser"],
  barbers: ["shop=barber"],
  "nail-salons": ["shop=nails"],
  massage: ["shop=massage"],
  tattoo: ["shop=tattoo", "shop=piercing"],
  tanning: ["shop=tanning", "leisure=tanning_salon"],
  saunas: ["leisure=sauna", "amenity=public_bath"],
  "day-spas": ["leisure=spa", "amenity=spa"],
  // ── Fitness & Recreation ──
  gyms: ["leisure=fitness_centre", "amenity=gym"],
  "sports-clubs": ["leisure=sports_centre", "leisure=sports_hall"],
  "swimming-pools": ["leisure=swimming_pool", "amenity=swimming_pool"],
  parks: ["leisure=park", "leisure=nature_reserve", "tourism=picnic_site"],
  playgrounds: ["leisure=playground"],
  "dog-parks": ["leisure=dog_park"],
  golf: ["leisure=golf_course"],
  bowling: ["leisure=bowling_alley"],
  skating: ["leisure=ice_rink"],
  "sports-fields": ["leisure=pitch", "leisure=track"],
  marinas: ["leisure=marina"],
  boating: ["amenity=boat_rental", "leisure=slipway"],
  "bike-rentals": ["amenity=bicycle_rental"],
  "dance-studios": ["leisure=dance", "amenity=dancing_school"],
  "martial-arts": ["amenity=dojo"],
  "horseback-riding": ["leisure=horse_riding", "tourism=trail_riding_station"],
  beaches: ["leisure=beach_resort"],
  fitness: ["leisure=fishing"],
  // ── Automotive ──
  "auto-repair": ["shop=car_repair", "amenity=vehicle_inspection_station"],
  "smog-check": ["amenity=vehicle_inspection"],
  "auto-parts": ["shop=car_parts"],
  tires: ["shop=tyres"],
  "car-wash": ["amenity=car_wash"],
  "car-dealers": ["shop=car", "shop=truck"],
  "gas-stations": ["amenity=fuel", "shop=fuel"],
  "ev-charging": ["amenity=charging_station"],
  parking: ["amenity=parking", "amenity=motorcycle_parking", "amenity=parking_entrance"],
  "car-rental": ["amenity=car_rental", "amenity=car_sharing"],
  motorcycle: ["shop=motorcycle", "shop=motorcycle_repair"],
  "rv-dealers": ["shop=caravan", "shop=trailer"],
  "boat-dealers": ["shop=boat"],
  // ── Pets ──
  veterinarians: ["amenity=veterinary"],
  "pet-groomers": ["shop=pet_grooming"],
  "pet-stores": ["shop=pet"],
  "pet-sitting": ["amenity=animal_boarding"],
  "dog-trainers": ["amenity=animal_training"],
  "animal-shelters": ["amenity=animal_shelter"],
  // ── Professional Services ──
  professional: ["office=company", "office=yes"],
  lawyers: ["office=lawyer"],
  accountants: ["office=accountant"],
  "tax-services": ["office=tax_advisor"],
  "real-estate-agents": ["office=estate_agent", "shop=estate_agent"],
  "property-management": ["office=property_management"],
  insurance: ["office=insurance"],
  marketing: ["office=advertising_agency"],
  "graphic-design": ["office=graphic_design"],
  "web-design": ["office=web_design"],
  "it-services": ["office=it", "shop=computer_repair"],
  "employment-agencies": ["office=employment_agency"],
  architects: ["office=architect"],
  notaries: ["office=notary"],
  coworking: ["office=coworking", "amenity=coworking_space"],
  translation: ["office=translator"],
  engineers: ["office=engineer", "office=surveyor"],
  consultants: ["office=consulting"],
  "private-investigators": ["office=detective"],
  "security-services": ["office=security"],
  telecommunications: ["office=telecommunication"],
  "mass-media": ["office=newspaper", "amenity=studio"],
  // ── Banks & Finance ──
  financial: ["office=financial", "amenity=payment_centre"],
  banks: ["amenity=bank", "amenity=atm"],
  "financial-advising": ["office=financial_advisor"],
  "currency-exchange": ["amenity=bureau_de_change"],
  "check-cashing": ["amenity=money_transfer"],
  lenders: ["shop=money_lender"],
  // ── Education ──
  education: ["office=educational_institution", "amenity=training"],
  schools: ["amenity=school"],
  preschools: ["amenity=kindergarten"],
  colleges: ["amenity=college", "amenity=university"],
  tutoring: ["office=tutoring"],
  "test-prep": ["amenity=prep_school"],
  "driving-schools": ["amenity=driving_school"],
  "language-schools": ["amenity=language_school"],
  "music-lessons": ["amenity=music_school"],
  // ── Hotels & Travel ──
  hotels: ["tourism=hotel", "amenity=love_hotel"],
  motels: ["tourism=motel"],
  "bed-breakfast": ["tourism=guest_house"],
  hostels: ["tourism=hostel", "tourism=alpine_hut"],
  resorts: ["leisure=resort"],
  "vacation-rentals": ["tourism=apartment", "tourism=chalet"],
  campgrounds: ["tourism=camp_site", "tourism=wilderness_hut"],
  "rv-parks": ["tourism=caravan_site"],
  "travel-agents": ["shop=travel_agency", "office=travel_agent"],
  taxis: ["amenity=taxi"],
  "bus-stations": ["amenity=bus_station"],
  ferries: ["amenity=ferry_terminal"],
  "visitor-centers": ["tourism=information"],
  // ── Public Services & Government ──
  "public-services": ["office=government"],
  libraries: ["amenity=library"],
  "post-offices": ["amenity=post_office"],
  police: ["amenity=police"],
  "fire-stations": ["amenity=fire_station"],
  "community-centers": ["amenity=community_centre"],
  courthouses: ["amenity=courthouse"],
  "town-halls": ["amenity=townhall"],
  embassies: ["office=diplomatic", "amenity=embassy"],
  "social-services": ["amenity=social_facility"],
  nonprofits: ["office=ngo", "office=association", "office=charity", "office=foundation", "office=union", "office=political_party"],
  utilities: ["office=energy_supplier", "office=water_utility"],
  // ── Religious Organizations ──
  religious: ["amenity=place_of_worship", "office=religion"],
  monasteries: ["amenity=monastery"],
};

/** `cuisine` values (a `;` list) on a restaurant, fast food or café → a restaurants category. */
// prettier-ignore
export const OSM_CUISINES: Record<string, string> = {
  italian: "italian", pizza: "pizza", chinese: "chinese", dim_sum: "dim-sum", cantonese: "cantonese", sichuan: "szechuan",
  hot_pot: "hot-pot", taiwanese: "taiwanese", mexican: "mexican", tex_mex: "tex-mex", tacos: "tacos", taco: "tacos",
  indian: "indian", pakistani: "pakistani", nepalese: "himalayan", american: "american", diner: "american",
  burger: "burgers", coffee_shop: "cafes", coffee: "cafes", japanese: "japanese", sushi: "sushi", ramen: "ramen",
  thai: "thai", vietnamese: "vietnamese", korean: "korean", mediterranean: "mediterranean", greek: "greek",
  lebanese: "lebanese", persian: "persian", turkish: "turkish", kebab: "middle-eastern", middle_eastern: "middle-eastern",
  afghan: "afghan", arab: "middle-eastern", french: "french", crepe: "creperies", spanish: "spanish", tapas: "spanish",
  latin_american: "latin-american", cuban: "cuban", peruvian: "peruvian", brazilian: "brazilian",
  caribbean: "caribbean", jamaican: "caribbean", african: "african", ethiopian: "ethiopian", moroccan: "moroccan",
  seafood: "seafood", fish: "seafood", steak_house: "steakhouses", barbecue: "barbeque", bbq: "barbeque",
  sandwich: "sandwiches", deli: "delis", breakfast: "breakfast-brunch", brunch: "breakfast-brunch",
  vegetarian: "vegetarian", vegan: "vegan", chicken: "chicken", fried_chicken: "chicken", wings: "chicken",
  donut: "donuts", bagel: "bagels", ice_cream: "ice-cream", frozen_yogurt: "ice-cream", juice: "juice-bars",
  bubble_tea: "bubble-tea", tea: "tea-rooms", dessert: "desserts", cake: "bakeries", noodle: "noodles",
  hot_dog: "hot-dogs", fish_and_chips: "fish-chips", asian: "asian-fusion", hawaiian: "hawaiian", poke: "poke",
  filipino: "filipino", malaysian: "malaysian", indonesian: "indonesian", german: "german", british: "british",
  irish: "irish", polish: "eastern-european", russian: "eastern-european", ukrainian: "eastern-european",
  salad: "salad", soup: "soup", buffet: "buffets", soul_food: "soul-food", cajun: "cajun", southern: "southern",
};

/** `religion` on a place of worship. */
export const OSM_RELIGIONS: Record<string, string> = {
  christian: "churches",
  muslim: "mosques",
  jewish: "synagogues",
  hindu: "hindu-temples",
  buddhist: "buddhist-temples",
  sikh: "gurdwaras",
  jain: "temples",
  shinto: "temples",
  taoist: "temples",
};

/** `healthcare:speciality` (a `;` list) on a doctor or clinic. */
export const OSM_SPECIALITIES: Record<string, string> = {
  general: "doctors",
  dermatology: "dermatologists",
  paediatrics: "pediatricians",
  gynaecology: "obgyn",
  obstetrics: "obgyn",
  cardiology: "cardiologists",
  ophthalmology: "ophthalmologists",
  orthopaedics: "orthopedists",
  otolaryngology: "ent",
  psychiatry: "psychiatrists",
  neurology: "neurologists",
  urology: "urologists",
  oncology: "oncologists",
  gastroenterology: "gastroenterologists",
  allergology: "allergists",
  plastic_surgery: "plastic-surgeons",
  internal: "internal-medicine",
  orthodontics: "orthodontists",
  podiatry: "podiatrists",
  chiropractic: "chiropractors",
  acupuncture: "acupuncture",
  physiotherapy: "physical-therapy",
};

/** `sport` (a `;` list) on a sports centre, fitness centre or pitch. */
export const OSM_SPORTS: Record<string, string> = {
  climbing: "climbing",
  swimming: "swimming-pools",
  tennis: "tennis",
  golf: "golf",
  "10pin": "bowling",
  bowling: "bowling",
  yoga: "yoga",
  pilates: "pilates",
  martial_arts: "martial-arts",
  karate: "martial-arts",
  judo: "martial-arts",
  taekwondo: "martial-arts",
  boxing: "boxing",
  equestrian: "horseback-riding",
  skateboard: "skate-parks",
  gymnastics: "gymnastics",
  crossfit: "crossfit",
  scuba_diving: "scuba-diving",
  shooting: "shooting-ranges",
  archery: "shooting-ranges",
  ice_skating: "skating",
  dance: "dance-studios",
};

/** `beauty` (a `;` list) on a beauty shop. */
export const OSM_BEAUTY: Record<string, string> = {
  nails: "nail-salons",
  tanning: "tanning",
  waxing: "waxing",
  skin_care: "skin-care",
  facial: "skin-care",
  spa: "day-spas",
  hair_removal: "waxing",
  eyelash: "eyelash-services",
  massage: "massage",
};

/** `key=value` → Near slug. */
export const OSM_CATEGORY_MAP: ReadonlyMap<string, string> = new Map(
  Object.entries(BY_SLUG).flatMap(([slug, tags]) => tags.map((tag) => [tag, slug] as const)),
);

/** Every tag with its slug as listed, and every refinement table: what the tables' test reads. */
export const OSM_CATEGORY_ROWS: readonly (readonly [tag: string, slug: string])[] = [
  ...Object.entries(BY_SLUG).flatMap(([slug, tags]) => tags.map((tag) => [tag, slug] as const)),
  ...Object.entries(OSM_CUISINES).map(([v, slug]) => [`cuisine=${v}`, slug] as const),
  ...Object.entries(OSM_RELIGIONS).map(([v, slug]) => [`religion=${v}`, slug] as const),
  ...Object.entries(OSM_SPECIALITIES).map(([v, slug]) => [`healthcare:speciality=${v}`, slug] as const),
  ...Object.entries(OSM_SPORTS).map(([v, slug]) => [`sport=${v}`, slug] as const),
  ...Object.entries(OSM_BEAUTY).map(([v, slug]) => [`beauty=${v}`, slug] as const),
];

type Tags = Record<string, unknown>;

const text = (tags: Tags, key: string) => {
  const value = tags[key];
  return typeof value === "string" && value.trim() ? value.trim() : null;
};
const list = (tags: Tags, key: string) =>
  (text(tags, key) ?? "")
    .split(";")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

const REFINED_BY: [test: (key: string, value: string) => boolean, tag: string, table: Record<string, string>][] = [
  [(k, v) => k === "amenity" && ["restaurant", "fast_food", "cafe", "food_court"].includes(v), "cuisine", OSM_CUISINES],
  [(k, v) => k === "amenity" && v === "place_of_worship", "religion", OSM_RELIGIONS],
  [
    (k, v) =>
      (k === "amenity" && ["doctors", "clinic"].includes(v)) ||
      (k === "healthcare" && ["doctor", "clinic"].includes(v)),
    "healthcare:speciality",
    OSM_SPECIALITIES,
  ],
  [
    (k, v) => k === "leisure" && ["sports_centre", "fitness_centre", "pitch", "sports_hall"].includes(v),
    "sport",
    OSM_SPORTS,
  ],
  [(k, v) => k === "shop" && v === "beauty", "beauty", OSM_BEAUTY],
];

/**
 * A feature's tags → its Near categories: each of OSM_CATEGORY_KEYS it has, refined by the tags that say more
 * (`amenity=restaurant` + `cuisine=italian;pizza` → primary "italian", additional ["pizza"]); a value the table
 * lacks is filed with the others, else as what its key says (`shop=foo` → Shopping), and noted.
 */
export function mapOsmCategories(tags: Tags): CategoryMapping {
  const mapped: { slug: string }[] = [];
  const unmapped: string[] = [];
  let keyFallback: string | null = null;
  for (const key of OSM_CATEGORY_KEYS) {
    const value = text(tags, key);
    if (!value) continue;
    for (const [applies, tag, table] of REFINED_BY)
      if (applies(key, value)) for (const v of list(tags, tag)) if (table[v]) mapped.push({ slug: table[v] });
    const slug = OSM_CATEGORY_MAP.get(`${key}=${value}`);
    if (slug) mapped.push({ slug });
    else {
      unmapped.push(`${key}=${value}`);
      keyFallback ??= KEY_FALLBACK[key] ?? null;
    }
  }
  // An unmapped value says at least what its key does (a shop is a shop), before its words are guessed at.
  if (!mapped.length && keyFallback) mapped.push({ slug: keyFallback });
  return fileCategories("OSM", mapped, unmapped);
}

/**
 * schema.org structured data (JSON-LD) for the directory's pages: a
 * LocalBusiness of the right subtype on business pages, BreadcrumbList,
 * ItemList on listing pages, WebSite with a SearchAction on the home page.
 * Isomorphic: built from what the loaders already return. Rendered by
 * <JsonLd> (./json-ld-script.tsx), which escapes it for a <script> element.
 */
import { DAY_NAMES, parseTime, type SpecialHours, type WeeklyHours } from "~/features/directory/hours";
import { CATEGORY_LABELS, kindLabel } from "~/features/directory/labels";
import type { BusinessCard, BusinessDetail, CategorySlug } from "~/features/directory/types";
import { LISTING_CATEGORIES, type ListingCategory } from "~/lib/catalogue";
import { CUISINE_OPTIONS } from "~/lib/category-kinds";
import { businessPath } from "~/lib/business-url";
import { absoluteUrl } from "~/lib/meta";
import type { SiteInfo } from "~/lib/title";
import { personHref } from "~/features/people/names";

export type JsonLdObject = { "@context"?: string; "@type": string } & Record<string, unknown>;

const CONTEXT = "https://schema.org";

/** The category pages, one per category (the breadcrumbs' middle step). */
export const CATEGORY_PATHS = Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, `/categories/${c}`])) as Record<
  ListingCategory,
  string
>;

/**
 * The most specific schema.org LocalBusiness subtype for a category and kind
 * (https://schema.org/LocalBusiness#subtypes); the category's own type otherwise.
 */
const KIND_TYPES: Record<string, string> = {
  cafe: "CafeOrCoffeeShop",
  bakery: "Bakery",
  clothing: "ClothingStore",
  jewelry: "JewelryStore",
  home: "HomeGoodsStore",
  plumbing: "Plumber",
  electrical: "Electrician",
  cleaning: "HomeAndConstructionBusiness",
  landscaping: "HomeAndConstructionBusiness",
  dentists: "Dentist",
  doctors: "Physician",
  pharmacies: "Pharmacy",
  hospitals: "Hospital",
  "hair-salons": "HairSalon",
  barbers: "HairSalon",
  "nail-salons": "NailSalon",
  "day-spas": "DaySpa",
  gyms: "ExerciseGym",
  "auto-repair": "AutoRepair",
  "car-wash": "AutoWash",
  "car-dealers": "AutoDealer",
  "gas-stations": "GasStation",
  veterinarians: "VeterinaryCare",
  lawyers: "LegalService",
  accountants: "AccountingService",
  "real-estate": "RealEstateAgent",
  insurance: "InsuranceAgency",
  banks: "BankOrCreditUnion",
  hotels: "Hotel",
  "bed-breakfast": "BedAndBreakfast",
  hostels: "Hostel",
  campgrounds: "Campground",
  libraries: "Library",
  "post-offices": "PostOffice",
  police: "PoliceStation",
  "fire-stations": "FireStation",
  churches: "Church",
  mosques: "Mosque",
  synagogues: "Synagogue",
  temples: "HinduTemple",
  bars: "BarOrPub",
  breweries: "Brewery",
  wineries: "Winery",
  "night-clubs": "NightClub",
  schools: "School",
  preschools: "Preschool",
  colleges: "CollegeOrUniversity",
};
const CATEGORY_TYPES: Record<ListingCategory, string> = {
  restaurants: "Restaurant",
  shopping: "Store",
  services: "ProfessionalService",
  entertainment: "EntertainmentBusiness",
  nightlife: "BarOrPub",
  health: "MedicalBusiness",
  beauty: "HealthAndBeautyBusiness",
  fitness: "SportsActivityLocation",
  automotive: "AutomotiveBusiness",
  pets: "LocalBusiness",
  professional: "ProfessionalService",
  financial: "FinancialService",
  education: "EducationalOrganization",
  "hotels-travel": "LodgingBusiness",
  "public-services": "GovernmentOffice",
  religious: "PlaceOfWorship",
};

export function businessSchemaType(category: ListingCategory, kind: string | null | undefined) {
  const specific = kind ? KIND_TYPES[kind] : undefined;
  return specific ?? CATEGORY_TYPES[category];
}

/** Food establishments (Restaurant, CafeOrCoffeeShop, Bakery) take servesCuisine. */
function cuisineLabel(cuisine: string) {
  return CUISINE_OPTIONS.find((o) => o.value === cuisine)?.label ?? kindLabel(cuisine);
}

/** "09:00" (schema.org Time, hh:mm). "24:00" becomes 23:59, the end of the day. */
function schemaTime(value: string) {
  const minutes = parseTime(value);
  if (minutes === null) return null;
  if (minutes >= 24 * 60) return "23:59";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Weekly hours as OpeningHoursSpecification, days with the same hours grouped.
 * A closing time before the opening time spans past midnight, exactly as
 * schema.org reads it; open == close is 24 hours (00:00–23:59).
 */
export function openingHoursSpecification(hours: readonly WeeklyHours[], special: readonly SpecialHours[] = []) {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of [...hours].sort((a, b) => ((a.day + 6) % 7) - ((b.day + 6) % 7))) {
    if (day.isClosed || !day.open || !day.close) continue;
    let opens = schemaTime(day.open);
    let closes = schemaTime(day.close);
    if (!opens || !closes) continue;
    if (opens === closes) [opens, closes] = ["00:00", "23:59"];
    const key = `${opens}-${closes}`;
    const group = groups.get(key) ?? { opens, closes, days: [] };
    group.days.push(`${CONTEXT}/${DAY_NAMES[day.day]}`);
    groups.set(key, group);
  }
  const weekly = [...groups.values()].map((g) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: g.days.length === 1 ? g.days[0] : g.days,
    opens: g.opens,
    closes: g.closes,
  }));
  // Special dates override the week for one day: a closure is 00:00–00:00 (schema.org's "closed all day").
  const dates = special.map((s) => {
    const open = !s.isClosed && s.open && s.close ? [schemaTime(s.open), schemaTime(s.close)] : null;
    return {
      "@type": "OpeningHoursSpecification",
      validFrom: s.date,
      validThrough: s.date,
      opens: open?.[0] ?? "00:00",
      closes: open?.[1] ?? "00:00",
      ...(s.note ? { description: s.note } : {}),
    };
  });
  return [...weekly, ...dates];
}

export interface JsonLdReview {
  author: string;
  /** The author's public profile (issue 41), when they have one. */
  authorHandle?: string | null;
  content: string;
  rating: number;
  date: string;
}

type BusinessForJsonLd = Pick<
  BusinessDetail,
  | "id"
  | "slug"
  | "name"
  | "category"
  | "cuisine"
  | "subcategory"
  | "description"
  | "address"
  | "city"
  | "state"
  | "zip"
  | "country"
  | "serviceArea"
  | "phone"
  | "website"
  | "email"
  | "priceRange"
  | "latitude"
  | "longitude"
  | "rating"
  | "reviewCount"
  | "images"
  | "hours"
  | "specialHours"
> &
  Partial<Pick<BusinessDetail, "socialLinks">>;

/** A business page's LocalBusiness (published listings only: the loaders never return others). */
export function businessJsonLd(
  site: Pick<SiteInfo, "publicUrl">,
  business: BusinessForJsonLd,
  reviews: readonly JsonLdReview[] = [],
): JsonLdObject {
  const url = absoluteUrl(site, businessPath(business));
  const kind = business.cuisine ?? business.subcategory;
  const type = businessSchemaType(business.category, kind);
  const out: JsonLdObject = {
    "@context": CONTEXT,
    "@type": type,
    "@id": `${url}#business`,
    name: business.name,
    url,
    // A service-area business: its locality only, as its page shows (no street, no postal code, no position).
    address: {
      "@type": "PostalAddress",
      ...(business.address ? { streetAddress: business.address } : {}),
      addressLocality: business.city,
      ...(business.state ? { addressRegion: business.state } : {}),
      ...(business.zip && business.address ? { postalCode: business.zip } : {}),
      addressCountry: business.country,
    },
  };
  if (!business.address) out.areaServed = business.serviceArea.length ? [...business.serviceArea] : [business.city];
  if (business.description) out.description = business.description;
  if (business.images.length) out.image = business.images.slice(0, 5).map((i) => absoluteUrl(site, i.src));
  if (business.latitude !== null && business.longitude !== null) {
    out.geo = { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude };
  }
  if (business.phone) out.telephone = business.phone;
  if (business.email) out.email = business.email;
  // The business's own site and its profiles elsewhere (the social links its plan shows).
  const sameAs = [business.website, ...(business.socialLinks ?? []).map((l) => l.url)].filter(Boolean);
  if (sameAs.length) out.sameAs = sameAs;
  if (business.priceRange) out.priceRange = business.priceRange;
  if (business.category === "restaurants" && business.cuisine) out.servesCuisine = cuisineLabel(business.cuisine);
  const hours = openingHoursSpecification(business.hours, business.specialHours);
  if (hours.length) out.openingHoursSpecification = hours;
  if (business.reviewCount > 0 && business.rating > 0) {
    out.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(business.rating * 10) / 10,
      reviewCount: business.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (reviews.length) {
    out.review = reviews.slice(0, 5).map((r) => ({
      "@type": "Review",
      author: {
        "@type": "Person",
        name: r.author,
        ...(r.authorHandle ? { url: absoluteUrl(site, personHref(r.authorHandle)) } : {}),
      },
      datePublished: r.date.slice(0, 10),
      reviewBody: r.content,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  return out;
}

/** Home › … › the page. Each step is a name and a site path (the last one is the page itself). */
export function breadcrumbJsonLd(site: Pick<SiteInfo, "publicUrl">, steps: { name: string; path: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: absoluteUrl(site, step.path),
    })),
  } satisfies JsonLdObject;
}

/** Home › Category › Business. */
export function businessBreadcrumbs(
  site: Pick<SiteInfo, "publicUrl">,
  business: { slug: string; name: string; category: CategorySlug },
) {
  return breadcrumbJsonLd(site, [
    { name: "Home", path: "/" },
    { name: CATEGORY_LABELS[business.category], path: CATEGORY_PATHS[business.category] },
    { name: business.name, path: businessPath(business) },
  ]);
}

/** Home › Category, for a category page. */
export function categoryBreadcrumbs(site: Pick<SiteInfo, "publicUrl">, category: ListingCategory) {
  return breadcrumbJsonLd(site, [
    { name: "Home", path: "/" },
    { name: CATEGORY_LABELS[category], path: CATEGORY_PATHS[category] },
  ]);
}

/** The businesses a search or category page lists, in the order shown. */
export function itemListJsonLd(
  site: Pick<SiteInfo, "publicUrl">,
  items: readonly Pick<BusinessCard, "slug" | "name">[],
  options: { name?: string; offset?: number } = {},
) {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    ...(options.name ? { name: options.name } : {}),
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: (options.offset ?? 0) + i + 1,
      url: absoluteUrl(site, businessPath(item)),
      name: item.name,
    })),
  } satisfies JsonLdObject;
}

/** Home › Categories › the category's trail through the tree (issue 34: /categories/<slug>). */
export function categoryTrailBreadcrumbs(
  site: Pick<SiteInfo, "publicUrl">,
  trail: readonly { slug: string; name: string }[],
) {
  return breadcrumbJsonLd(site, [
    { name: "Home", path: "/" },
    { name: "Categories", path: "/categories" },
    ...trail.map((n) => ({ name: n.name, path: `/categories/${n.slug}` })),
  ]);
}

/** A category page's schema.org data: its breadcrumbs and the businesses it lists. */
export function categoryPageJsonLd(
  site: Pick<SiteInfo, "publicUrl">,
  category: ListingCategory,
  items: readonly Pick<BusinessCard, "slug" | "name">[],
  name: string,
) {
  return [categoryBreadcrumbs(site, category), itemListJsonLd(site, items, { name })];
}

export { websiteJsonLd } from "./website-json-ld";

import { Clapperboard, ShoppingBag, UtensilsCrossed, Wrench, type LucideIcon } from "lucide-react";
import { CATEGORY_OPTIONS, SPEC_CATEGORIES } from "~/lib/catalogue-basics";

/** The spec's main navigation, in order. */
export const MAIN_NAV = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Blog", to: "/blog" },
  { label: "Events", to: "/events" },
  { label: "Contact", to: "/contact" },
] as const;

export interface CategoryNavItem {
  label: string;
  to: string;
  blurb: string;
  icon: LucideIcon;
}

/** The Categories dropdown: /categories/<lowercased name>. */
export const CATEGORY_NAV: readonly CategoryNavItem[] = [
  {
    label: "Restaurants",
    to: "/categories/restaurants",
    blurb: "Cafes, diners and date-night spots",
    icon: UtensilsCrossed,
  },
  { label: "Shopping", to: "/categories/shopping", blurb: "Boutiques, gifts and home goods", icon: ShoppingBag },
  { label: "Services", to: "/categories/services", blurb: "Trusted pros for home and life", icon: Wrench },
  {
    label: "Entertainment",
    to: "/categories/entertainment",
    blurb: "Shows, games and things to do",
    icon: Clapperboard,
  },
];

/** The other top-level groups of the category tree (issue 34), after the spec's four, and the whole tree. */
export const MORE_CATEGORY_NAV: readonly { label: string; to: string }[] = CATEGORY_OPTIONS.slice(
  SPEC_CATEGORIES.length,
).map((o) => ({ label: o.label, to: `/categories/${o.value}` }));
export const ALL_CATEGORIES_NAV = { label: "All categories", to: "/categories" } as const;

/** The footer's places to go: the spec's Search and Blog, with Events, Deals (issue 36) and Pricing (issue 40). */
export const FOOTER_EXPLORE = [
  { label: "Search", to: "/search" },
  { label: "Events", to: "/events" },
  { label: "Deals", to: "/deals" },
  { label: "Blog", to: "/blog" },
  { label: "Pricing", to: "/pricing" },
] as const;

/** The footer's pages about the site; Sign In only for a visitor who isn't signed in (issue 40). */
export const FOOTER_COMPANY = [
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Terms of Use", to: "/terms" },
  { label: "Privacy Policy", to: "/privacy" },
] as const;
export const FOOTER_SIGN_IN = { label: "Sign In", to: "/auth" } as const;

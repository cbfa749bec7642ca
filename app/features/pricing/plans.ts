/**
 * The spec's listing plans (section 9): prices per month, billed monthly or
 * annually. Shared by the pricing page and, later, billing.
 */
export type PlanId = "basic" | "featured" | "premium";
export type BillingPeriod = "monthly" | "annual";

export interface Plan {
  id: PlanId;
  name: string;
  tagline: string;
  monthly: number;
  annual: number;
  popular?: boolean;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: "basic",
    name: "Basic",
    tagline: "Get found by locals with a clean, simple listing.",
    monthly: 15,
    annual: 9,
    features: ["1 image", "1 category", "Contact form", "Basic About section"],
  },
  {
    id: "featured",
    name: "Featured",
    tagline: "Stand out with photos, menus, reviews and offers.",
    monthly: 25,
    annual: 19,
    popular: true,
    features: [
      "10 images",
      "3 categories",
      "Social media links",
      "3 menu attachments",
      "5 testimonials",
      "3 videos",
      "5 coupons or events",
    ],
  },
  {
    id: "premium",
    name: "Premium",
    tagline: "Maximum exposure, right on the home page.",
    monthly: 35,
    annual: 29,
    features: [
      "20 images",
      "5 categories",
      "20 menu attachments",
      "20 testimonials",
      "20 videos",
      "20 coupons or events",
      "Homepage exposure",
      "Priority listing in search",
      "A monthly blog article about you",
    ],
  },
];

/** Price per month for the chosen billing period. */
export function pricePerMonth(plan: Plan, period: BillingPeriod): number {
  return period === "annual" ? plan.annual : plan.monthly;
}

/** The annual saving the spec shows: (monthly − annual) × 12. */
export function annualSaving(plan: Plan): number {
  return (plan.monthly - plan.annual) * 12;
}

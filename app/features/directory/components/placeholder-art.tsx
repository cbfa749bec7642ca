import {
  BedDouble,
  Briefcase,
  Building2,
  Car,
  Church,
  Clapperboard,
  Dumbbell,
  GraduationCap,
  ImageOff,
  Landmark,
  PawPrint,
  Scissors,
  ShoppingBag,
  Stethoscope,
  Store,
  UtensilsCrossed,
  Wine,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/utils";
import type { CategorySlug } from "../types";

/** Soft CSS gradients that stand in for photos (no external images). */
const GRADIENTS = [
  "from-[oklch(0.8_0.11_35)] to-[oklch(0.58_0.17_18)]",
  "from-[oklch(0.86_0.11_85)] to-[oklch(0.66_0.15_55)]",
  "from-[oklch(0.82_0.1_165)] to-[oklch(0.55_0.12_175)]",
  "from-[oklch(0.83_0.08_230)] to-[oklch(0.56_0.13_255)]",
  "from-[oklch(0.8_0.09_300)] to-[oklch(0.54_0.16_290)]",
  "from-[oklch(0.83_0.07_195)] to-[oklch(0.54_0.1_210)]",
] as const;

const CATEGORY_ICONS: Record<CategorySlug, LucideIcon> = {
  restaurants: UtensilsCrossed,
  shopping: ShoppingBag,
  services: Wrench,
  entertainment: Clapperboard,
  nightlife: Wine,
  health: Stethoscope,
  beauty: Scissors,
  fitness: Dumbbell,
  automotive: Car,
  pets: PawPrint,
  professional: Briefcase,
  financial: Landmark,
  education: GraduationCap,
  "hotels-travel": BedDouble,
  "public-services": Building2,
  religious: Church,
};

export function categoryIcon(category: CategorySlug | undefined): LucideIcon {
  return (category && CATEGORY_ICONS[category]) || Store;
}

/** A stable gradient per business (from its id) so a card keeps its colour across renders. */
export function gradientIndex(seed: string) {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) >>> 0;
  return h % GRADIENTS.length;
}

/** Decorative gradient art with an icon; pass `label` to make it an image for assistive tech. */
export function PlaceholderArt({
  index,
  icon: Icon = Store,
  label,
  className,
  children,
}: {
  index: number;
  icon?: LucideIcon;
  label?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      className={cn("relative isolate overflow-hidden bg-linear-to-br", GRADIENTS[index % GRADIENTS.length], className)}
    >
      <div className="absolute inset-0 -z-10 opacity-25 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:14px_14px]" />
      <div className="absolute -right-8 -bottom-10 size-36 rounded-full bg-white/15" />
      <div className="absolute -top-12 -left-8 size-32 rounded-full bg-white/10" />
      <div className="grid h-full place-items-center">
        <Icon aria-hidden="true" className="size-10 text-white/90 drop-shadow-sm" strokeWidth={1.5} />
      </div>
      {children}
    </div>
  );
}

/** The spec's "No image" block on search cards. */
export function NoImage({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-1.5 bg-muted text-muted-foreground", className)}>
      <ImageOff aria-hidden="true" className="size-6" strokeWidth={1.5} />
      <span className="text-xs font-medium">No image</span>
    </div>
  );
}

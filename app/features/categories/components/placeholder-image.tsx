import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

export type Tone = "coral" | "amber" | "emerald" | "sky" | "violet" | "teal" | "rose" | "indigo";

const TONES: Record<Tone, string> = {
  coral: "from-[oklch(0.78_0.12_35)] to-[oklch(0.6_0.17_20)]",
  amber: "from-[oklch(0.86_0.12_85)] to-[oklch(0.68_0.15_55)]",
  emerald: "from-[oklch(0.8_0.11_165)] to-[oklch(0.56_0.12_170)]",
  sky: "from-[oklch(0.82_0.09_230)] to-[oklch(0.58_0.13_250)]",
  violet: "from-[oklch(0.78_0.1_300)] to-[oklch(0.55_0.17_290)]",
  teal: "from-[oklch(0.82_0.08_195)] to-[oklch(0.55_0.1_205)]",
  rose: "from-[oklch(0.82_0.09_350)] to-[oklch(0.6_0.17_0)]",
  indigo: "from-[oklch(0.76_0.1_275)] to-[oklch(0.5_0.17_270)]",
};

/**
 * A decorative stand-in for a photo (no external images): a soft gradient
 * with the category's icon.
 */
export function PlaceholderImage({
  tone,
  icon: Icon,
  className,
  label,
  children,
}: {
  tone: Tone;
  icon: LucideIcon;
  className?: string;
  /** Makes it an image for assistive tech (e.g. "No photo yet"); decorative without. */
  label?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={cn("relative isolate overflow-hidden bg-linear-to-br", TONES[tone], className)}>
      {label ? <span role="img" aria-label={label} className="absolute inset-0" /> : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-30 [background-image:radial-gradient(circle_at_1px_1px,white_1px,transparent_0)] [background-size:16px_16px]"
      />
      <div aria-hidden="true" className="absolute -right-6 -bottom-8 size-32 rounded-full bg-white/15" />
      <div aria-hidden="true" className="absolute -top-10 -left-6 size-28 rounded-full bg-white/10" />
      <div className="grid h-full place-items-center">
        <Icon aria-hidden="true" className="size-12 text-white/90 drop-shadow-sm" strokeWidth={1.5} />
      </div>
      {children}
    </div>
  );
}

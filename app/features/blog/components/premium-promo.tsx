import { Crown, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The spec's upgrade-to-premium promo: Premium listings get a monthly blog article. */
export function PremiumPromo() {
  return (
    <section
      aria-labelledby="premium-heading"
      className="relative overflow-hidden rounded-3xl bg-linear-to-br from-[oklch(0.32_0.06_280)] to-[oklch(0.2_0.03_270)] p-7 text-white shadow-lift"
    >
      <div
        aria-hidden="true"
        className="absolute -top-10 -right-10 size-40 rounded-full bg-[oklch(0.7_0.16_18)]/30 blur-2xl"
      />
      <span aria-hidden="true" className="relative grid size-11 place-items-center rounded-xl bg-white/15">
        <Crown className="size-5 text-amber-300" />
      </span>
      <h2 id="premium-heading" className="relative mt-4 text-xl font-bold">
        Get your business on the blog
      </h2>
      <p className="relative mt-2 text-sm text-white/85">
        Upgrade to Premium and we'll write a monthly article about your business, plus homepage exposure and priority
        listing in search.
      </p>
      <Button asChild className="relative mt-5 w-full bg-white text-neutral-900 hover:bg-white/90">
        <Link to="/pricing">
          <Sparkles aria-hidden="true" />
          Upgrade to Premium
        </Link>
      </Button>
    </section>
  );
}

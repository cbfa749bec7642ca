import { Quote } from "lucide-react";
import { formatGivenOn } from "../format";
import type { Testimonial } from "../types";

/**
 * A listing's testimonials on its page: quotes the business provides, shown apart from the customers' reviews and
 * labelled as the business's (never counted in the rating). Plain server HTML: no JavaScript of its own.
 */
export function BusinessTestimonials({ items, businessName }: { items: Testimonial[]; businessName: string }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground" data-testid="testimonials-note">
        Provided by {businessName}. These aren't customer reviews and don't count in the rating.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2" data-testid="business-testimonials">
        {items.map((t) => (
          <li key={t.id}>
            <figure className="flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-card">
              <Quote aria-hidden="true" className="size-6 shrink-0 text-primary/70" />
              <blockquote className="flex-1 text-base leading-relaxed break-words whitespace-pre-line text-foreground/90">
                {t.quote}
              </blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{t.author}</span>
                {t.source ? <span className="text-muted-foreground">, {t.source}</span> : null}
                {t.givenOn ? (
                  <>
                    <span className="text-muted-foreground"> · </span>
                    <time dateTime={t.givenOn} className="text-muted-foreground">
                      {formatGivenOn(t.givenOn)}
                    </time>
                  </>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { SocialLinkItem } from "../types";

/**
 * A business's social links (Featured and Premium plans, issue 36): each a labelled mark, server-rendered HTML with
 * no script. `rel="me"` ties the profiles to the listing; the addresses were checked when saved and again when read
 * (app/lib/social-links.ts), so each is an https page on its network's own host.
 */
export function SocialLinks({ links, businessName }: { links: SocialLinkItem[]; businessName: string }) {
  if (!links.length) return null;
  return (
    <section
      aria-labelledby="social-links-heading"
      id="social-links"
      className="rounded-2xl border bg-card p-5 shadow-card"
      data-testid="social-links"
    >
      <h2 id="social-links-heading" className="text-lg font-bold">
        Find {businessName} online
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.network}>
            <a
              href={link.url}
              target="_blank"
              rel="me noopener"
              data-network={link.network}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-semibold hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span
                aria-hidden="true"
                className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
              >
                {link.mark}
              </span>
              {link.label}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

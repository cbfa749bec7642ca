import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { LogoMark } from "./logo";
import { FOOTER_COMPANY, FOOTER_EXPLORE, FOOTER_SIGN_IN } from "./nav-items";
import { NewsletterForm } from "./newsletter-form";
import { useRootData } from "./root-data";

const linkClasses =
  "rounded text-sm text-muted-foreground transition-colors hover:text-foreground hover:underline underline-offset-4";

function FooterLinks({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 grid gap-2.5">
        {links.map(({ label, to }) => (
          <li key={to}>
            <Link to={to} className={linkClasses}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer of the shared layout: links, newsletter and the copyright line. */
export function SiteFooter() {
  const { site, year, user } = useRootData();
  return (
    <footer className="mt-auto border-t bg-muted/50 defer-render [--rendered-size:715px] sm:[--rendered-size:378px] lg:[--rendered-size:358px] dark:bg-card/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-12 md:gap-8">
        <div className="md:col-span-4">
          <Link to="/" className="inline-flex items-center gap-2 rounded-lg" aria-label="Near home">
            <LogoMark />
            <span className="text-xl font-extrabold tracking-tight">Near</span>
          </Link>
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            Your local business directory for discovering amazing places nearby
          </p>
          {site.city ? (
            <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-foreground">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              Serving {site.city}, {site.state}
            </p>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-8 md:col-span-4">
          <FooterLinks title="Explore" links={FOOTER_EXPLORE} />
          <FooterLinks title="Company" links={user ? FOOTER_COMPANY : [...FOOTER_COMPANY, FOOTER_SIGN_IN]} />
        </div>
        <div className="md:col-span-4">
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
          <p>Made with care for local businesses.</p>
        </div>
      </div>
    </footer>
  );
}

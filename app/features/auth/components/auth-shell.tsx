import { MapPin, MessageSquareHeart, Store } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

const POINTS = [
  {
    icon: MapPin,
    title: "Find places nearby",
    text: "Restaurants, shops, services and things to do, with hours that are actually right.",
  },
  {
    icon: MessageSquareHeart,
    title: "Share honest reviews",
    text: "Help neighbours choose, and thank the places you love.",
  },
  { icon: Store, title: "Own a business?", text: "List it, keep its details fresh and hear from customers." },
];

/**
 * The frame of the sign-in pages: a card for the form and, on wide screens,
 * a panel that says what an account is for.
 */
export function AuthShell({
  title,
  description,
  children,
  footer,
  aside = true,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  aside?: boolean;
}) {
  return (
    <div className="relative flex-1 overflow-hidden bg-linear-to-b from-primary-soft/60 via-background to-background dark:from-primary-soft/30">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-primary/10 blur-3xl"
      />
      <div
        className={cn(
          "relative mx-auto grid w-full max-w-5xl items-start gap-10 px-4 py-10 sm:px-6 sm:py-16",
          aside && "lg:grid-cols-[1fr_minmax(0,28rem)] lg:gap-16",
        )}
      >
        {aside ? (
          <section aria-label="Why an account" className="hidden pt-6 lg:block">
            <p className="text-sm font-semibold tracking-wider text-primary uppercase">Your city, up close</p>
            <p className="mt-3 text-4xl leading-tight font-extrabold tracking-tight text-balance">
              Your local business directory for discovering amazing places nearby
            </p>
            <ul className="mt-10 grid gap-6">
              {POINTS.map(({ icon: Icon, title: heading, text }) => (
                <li key={heading} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="grid size-11 shrink-0 place-items-center rounded-xl bg-card text-primary shadow-card ring-1 ring-border"
                  >
                    <Icon className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold">{heading}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className={cn("w-full", !aside && "mx-auto max-w-md")}>
          <div className="rounded-2xl border bg-card p-6 shadow-lift sm:p-8">
            <div className="mb-6 grid gap-1.5">
              <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
              {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
            </div>
            {children}
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
        </div>
      </div>
    </div>
  );
}

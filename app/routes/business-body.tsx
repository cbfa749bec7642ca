import type { ComponentProps } from "react";
import { Link } from "react-router";
import { CalendarCheck, Check, Globe, Info, Navigation, Phone } from "lucide-react";
import { Button } from "~/components/ui/button";
import { HoursTable } from "~/features/directory/components/hours-table";
import type { MessageActionData } from "~/features/directory/components/message-form";
import { PhotoGallery } from "~/features/directory/components/photo-grid";
import { SocialLinks } from "~/features/directory/components/social-links";
import { BusinessMenus } from "~/features/menus/components/business-menus";
import { BusinessArticles } from "~/features/blog/components/business-articles";
import type { MenuItem } from "~/features/menus/types";
import { CATEGORY_LABELS, kindLabel } from "~/features/directory/labels";
import { directionsUrl, displayHost, safeExternalUrl, telHref } from "~/features/directory/links";
import type { BusinessDetail as FullBusinessDetail } from "~/features/directory/types";
import { EventList } from "~/features/events/components/business-events";
import type { EventItem } from "~/features/events/types";
import { OfferList } from "~/features/offers/components/offer-card";
import type { OfferItem } from "~/features/offers/types";
import { LazyMap } from "~/features/maps/components/lazy-map";
import { ReviewsSection } from "~/features/reviews/components/reviews-section";
import { CustomerPhotos } from "~/features/reviews/components/customer-photos";
import { BusinessTestimonials } from "~/features/showcase/components/business-testimonials";
import { BusinessVideos } from "~/features/showcase/components/business-videos";
import type { Testimonial, Video } from "~/features/showcase/types";
import type { ReviewsSectionData } from "~/features/reviews/components/section-data";
import { PRICE_RANGE_WORDS } from "~/lib/catalogue-basics";
import { deferredComponent } from "~/lib/deferred-component";
import { approximateNote, approximateRadiusMetres, isApproximate } from "~/lib/location-precision";
import { countLabel } from "~/lib/plural";
import { formatRating } from "~/lib/rating";
import { cn } from "~/lib/utils";

/**
 * Everything on a business page below its action row: About, Photos, events, hours, location, reviews, and the
 * contact card and Send Message beside them. business.tsx renders it as one deferred part (lib/deferred-component):
 * the server sends it as HTML and its code loads after the page's first load, so the first load carries only the
 * hero and the actions (docs/performance.md).
 */

/** The page's view of a business (the loader leaves out the internal owner and status, and the reviews, which the Reviews section loads a page at a time). */
export type BusinessDetail = Omit<FullBusinessDetail, "ownerId" | "status" | "statusReason" | "reviews"> & {
  /** The address in its country's order, the country's name last when it isn't the site's (business.server.ts). */
  addressLines: string[];
  /** The phone as people read it: national format, international for another country than the site's. */
  phoneDisplay: string | null;
  /** A business that serves customers at their location: what it serves, in words (no address, pin or directions). */
  serves: string | null;
};

export interface BusinessBodyProps {
  business: BusinessDetail;
  todayIso: string;
  events: EventItem[];
  eventsTimeZone: string;
  /** Current coupons and offers (issue 36), and the site's calendar day they are read on. */
  offers?: OfferItem[];
  offersToday?: string;
  /** Quotes the business provides and its videos (issue 36), inside the plan's allowance. */
  testimonials?: Testimonial[];
  videos?: Video[];
  /** Menu attachments (issue 36): the plan's first ones, in order. */
  menus?: MenuItem[];
  /** The blog's published posts about the business (issue 36: Premium's monthly article). */
  articles?: ComponentProps<typeof BusinessArticles>["posts"];
  reviews: ReviewsSectionData;
  /** Opens the photo lightbox at a photo (kept by the page: the hero's "See all photos" opens it too). */
  onOpenPhoto: (index: number) => void;
  /** Public: Send Message is offered (not on a listing under moderation). */
  listed: boolean;
  noJsResult: MessageActionData | undefined;
}

const PRICE_WORDS: Record<string, string> = PRICE_RANGE_WORDS;

/** The Send Message form (zod and Conform): its code loads when it nears the viewport or is reached for. */
const MessageForm = deferredComponent(() =>
  import("~/features/directory/components/message-form").then((m) => m.MessageForm),
);

function Section({
  id,
  title,
  children,
  action,
  standIn,
}: {
  id: string;
  /** The section's measured height per breakpoint while it hasn't been rendered (`--rendered-size`, app.css). */
  standIn: string;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      id={id}
      className={cn("scroll-mt-24 border-b py-8 defer-render last:border-b-0", standIn)}
    >
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function About({ business }: { business: BusinessDetail }) {
  const kind = business.cuisine ?? business.subcategory;
  return (
    <div className="grid gap-6">
      {business.description ? (
        <p className="text-lg leading-relaxed whitespace-pre-line text-foreground/90" data-testid="about-description">
          {business.description}
        </p>
      ) : (
        <p className="text-muted-foreground">This business hasn't added a description yet.</p>
      )}
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border p-4">
          <dt className="text-xs font-bold tracking-wider text-muted-foreground uppercase">Category</dt>
          <dd className="mt-1 font-semibold">
            {CATEGORY_LABELS[business.category]}
            {kind ? ` · ${kindLabel(kind)}` : ""}
          </dd>
        </div>
        <div className="rounded-xl border p-4">
          <dt className="text-xs font-bold tracking-wider text-muted-foreground uppercase">Price range</dt>
          <dd className="mt-1 font-semibold" data-testid="about-price">
            {business.priceRange ? (
              <>
                {business.priceRange}{" "}
                <span className="font-normal text-muted-foreground">· {PRICE_WORDS[business.priceRange]}</span>
              </>
            ) : (
              <span className="font-normal text-muted-foreground">Not listed</span>
            )}
          </dd>
        </div>
        <div className="rounded-xl border p-4">
          <dt className="text-xs font-bold tracking-wider text-muted-foreground uppercase">Rating</dt>
          <dd className="mt-1 font-semibold">
            {business.reviewCount > 0 ? (
              `${formatRating(business.rating)} out of 5`
            ) : (
              <span className="font-normal text-muted-foreground">No ratings yet</span>
            )}
          </dd>
        </div>
      </dl>
      {business.categoryLinks.length > 0 ? (
        <div>
          <h3 className="text-sm font-bold">Categories</h3>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="about-categories">
            {business.categoryLinks.map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/categories/${c.slug}`}
                  className="inline-block rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground underline-offset-2 transition-colors hover:bg-secondary/70 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {business.features.length > 0 ? (
        <div>
          <h3 className="text-sm font-bold">Amenities and more</h3>
          <ul className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="about-features">
            {business.features.map((f) => (
              <li key={f} className="flex items-center gap-2 text-sm">
                <span
                  aria-hidden="true"
                  className="grid size-5 place-items-center rounded-full bg-success/12 text-success"
                >
                  <Check className="size-3.5" strokeWidth={3} />
                </span>
                {f}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ContactCard({ business }: { business: BusinessDetail }) {
  const website = safeExternalUrl(business.website);
  const booking = safeExternalUrl(business.bookingUrl);
  const rows = "flex items-center justify-between gap-3 py-3.5";
  return (
    <div className="rounded-2xl border bg-card px-5 py-2 shadow-card">
      {booking ? (
        <div className="py-3.5">
          <Button asChild size="lg" className="w-full">
            <a href={booking} target="_blank" rel="noopener noreferrer">
              <CalendarCheck aria-hidden="true" />
              Book Now
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      ) : null}
      <ul className="divide-y">
        {website ? (
          <li className={rows}>
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 truncate font-semibold text-primary hover:underline"
            >
              {displayHost(website)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <Globe aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </li>
        ) : null}
        {business.phone ? (
          <li className={rows}>
            <a href={telHref(business.phone)} className="font-semibold hover:underline">
              {business.phoneDisplay ?? business.phone}
            </a>
            <Phone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </li>
        ) : null}
        {business.serves ? (
          <li className={rows} data-testid="contact-serves">
            <div className="min-w-0">
              <p className="font-semibold">Comes to you</p>
              <p className="mt-0.5 text-sm text-muted-foreground">Serves {business.serves}</p>
            </div>
            <Navigation aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </li>
        ) : (
          <li className={rows}>
            <div className="min-w-0">
              <a
                href={directionsUrl(business.addressLines)}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-primary hover:underline"
              >
                Get Directions
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <p className="mt-0.5 text-sm text-muted-foreground">{business.addressLines.join(", ")}</p>
            </div>
            <Navigation aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          </li>
        )}
      </ul>
    </div>
  );
}

export function BusinessBody({
  business,
  todayIso,
  events,
  eventsTimeZone,
  offers = [],
  offersToday = todayIso,
  testimonials = [],
  videos = [],
  menus = [],
  articles = [],
  reviews,
  onOpenPhoto,
  listed,
  noJsResult,
}: BusinessBodyProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-x-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0">
        <Section id="about" title="About" standIn="[--rendered-size:740px] lg:[--rendered-size:485px]">
          <About business={business} />
        </Section>

        <Section
          id="photos"
          title="Photos"
          standIn="[--rendered-size:248px] lg:[--rendered-size:291px]"
          action={
            business.images.length > 0 ? (
              <span className="text-sm text-muted-foreground">{countLabel(business.images.length, "photo")}</span>
            ) : undefined
          }
        >
          <PhotoGallery
            images={business.images}
            businessName={business.name}
            category={business.category}
            onOpen={onOpenPhoto}
          />
          <CustomerPhotos
            photos={reviews.customerPhotos?.items ?? []}
            total={reviews.customerPhotos?.total ?? 0}
            businessName={business.name}
          />
        </Section>

        {menus.length > 0 ? (
          <Section
            id="menu"
            title="Menu"
            standIn="[--rendered-size:760px] sm:[--rendered-size:420px]"
            action={<span className="text-sm text-muted-foreground">{countLabel(menus.length, "menu")}</span>}
          >
            <BusinessMenus menus={menus} businessName={business.name} />
          </Section>
        ) : null}

        {videos.length > 0 ? (
          <Section
            id="videos"
            title="Videos"
            standIn="[--rendered-size:420px] sm:[--rendered-size:300px]"
            action={<span className="text-sm text-muted-foreground">{countLabel(videos.length, "video")}</span>}
          >
            <BusinessVideos items={videos} />
          </Section>
        ) : null}

        {testimonials.length > 0 ? (
          <Section id="testimonials" title="Testimonials" standIn="[--rendered-size:520px] sm:[--rendered-size:360px]">
            <BusinessTestimonials items={testimonials} businessName={business.name} />
          </Section>
        ) : null}

        {articles.length > 0 ? (
          <Section id="in-the-blog" title="In the blog" standIn="[--rendered-size:300px] sm:[--rendered-size:260px]">
            <BusinessArticles posts={articles} />
          </Section>
        ) : null}

        {events.length > 0 ? (
          <section
            aria-labelledby="events-heading"
            id="events"
            className="scroll-mt-24 border-b py-8 defer-render [--rendered-size:313px] lg:[--rendered-size:245px]"
          >
            <h2 id="events-heading" className="mb-5 text-2xl font-bold tracking-tight">
              Upcoming events
            </h2>
            <EventList events={events} timeZone={eventsTimeZone} />
          </section>
        ) : null}
        {offers.length > 0 ? (
          <section aria-labelledby="offers-heading" id="offers" className="scroll-mt-24 border-b py-8">
            <h2 id="offers-heading" className="mb-5 text-2xl font-bold tracking-tight">
              Offers
            </h2>
            <OfferList offers={offers} today={offersToday} />
          </section>
        ) : null}
        <div className="grid gap-x-8 border-b md:grid-cols-2">
          <section
            aria-labelledby="hours-heading"
            id="hours"
            className="scroll-mt-24 py-8 defer-render [--rendered-size:600px]"
          >
            <h2 id="hours-heading" className="mb-5 text-2xl font-bold tracking-tight">
              Business Hours
            </h2>
            <HoursTable
              hours={business.hours}
              specialHours={business.specialHours}
              today={business.today}
              todayIso={todayIso}
            />
          </section>
          <section
            aria-labelledby="location-heading"
            id="location"
            className="scroll-mt-24 py-8 defer-render [--rendered-size:516px] md:[--rendered-size:600px]"
          >
            <h2 id="location-heading" className="mb-5 text-2xl font-bold tracking-tight">
              {business.serves ? "Service area" : "Location"}
            </h2>
            {business.serves ? (
              // Serves customers where they are: the area, never a pin, a street or directions (docs/maps.md).
              <div className="grid gap-2" data-testid="service-area">
                <p className="text-lg">
                  <span className="font-semibold">Serves: </span>
                  {business.serves}
                </p>
                <p className="text-sm text-muted-foreground">
                  Based in {business.addressLines.join(", ")}. {business.name} comes to you: no storefront to visit.
                </p>
              </div>
            ) : (
              <>
                <BusinessMap business={business} />
                <address className="mt-4 not-italic" data-testid="business-address">
                  {business.addressLines.map((line, i) => (
                    <span key={i} className={cn("block", i === 0 ? "font-semibold" : "text-muted-foreground")}>
                      {line}
                    </span>
                  ))}
                  {business.neighborhood && (
                    <span className="block text-muted-foreground" data-testid="business-neighborhood">
                      {business.neighborhood}
                    </span>
                  )}
                </address>
                <Button asChild variant="outline" className="mt-4">
                  <a
                    href={directionsUrl(business.addressLines)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="get-directions"
                  >
                    <Navigation aria-hidden="true" />
                    Get Directions
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </Button>
              </>
            )}
          </section>
        </div>

        {/* Reviews vary most (590–2,500 px on the demo city's pages; 800–1,050 on the best rated, the most visited). */}
        <Section id="reviews" title="Reviews" standIn="[--rendered-size:1200px] lg:[--rendered-size:900px]">
          <ReviewsSection data={reviews} businessName={business.name} />
        </Section>
      </div>

      <aside className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6 pb-10 lg:py-8">
        <ContactCard business={business} />
        <SocialLinks links={business.socialLinks} businessName={business.name} />
        {!listed ? null : (
          <section
            id="send-message"
            aria-labelledby="send-message-heading"
            className="scroll-mt-24 rounded-2xl border bg-card p-5 shadow-card"
          >
            <h2 id="send-message-heading" className="text-lg font-bold">
              Send Message
            </h2>
            <p className="mt-1 mb-4 text-sm text-muted-foreground">
              Questions about hours, bookings or services? {business.name} will reply by email.
            </p>
            <MessageForm.Component businessName={business.name} noJsResult={noJsResult} />
          </section>
        )}
      </aside>
    </div>
  );
}

/**
 * The Location section's map (issue 40): a pin at an exact position; a shaded area and an honest note at an
 * approximate one (a postal code's or a city's centre); nothing without a position — never a drawn stand-in.
 */
function BusinessMap({ business }: { business: BusinessDetail }) {
  const { latitude: lat, longitude: lng, locationPrecision: precision } = business;
  if (lat === null || lng === null) return null;
  const place = business.addressLines.join(", ");
  if (isApproximate(precision)) {
    return (
      <>
        <LazyMap
          label={`Map of the area around ${place}`}
          className="h-64"
          markers={[]}
          area={{ lat, lng, radiusMetres: approximateRadiusMetres(precision) }}
        />
        <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="approximate-location">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {approximateNote(precision, business.country)}
        </p>
      </>
    );
  }
  return (
    <LazyMap
      label={`Map of ${place}`}
      className="h-64"
      markers={[{ id: business.id, lat, lng, name: business.name }]}
    />
  );
}

import { EyeOff, MapPin } from "lucide-react";
import { PlanBadge } from "~/components/ui/plan-badge";
import { isRouteErrorResponse, Link, redirect, useActionData, useRouteError } from "react-router";
import { businessPath, businessUrl } from "~/lib/business-url";
import { BusinessNotFound } from "~/features/directory/components/business-not-found";
import { ErrorScreen } from "~/components/layout/lazy-error-screens";
import { useRootData } from "~/components/layout/root-data";
import { signInPath } from "~/features/auth/redirect";
import { getUser } from "~/features/auth/guards.server";
import { BusinessActions } from "~/features/directory/components/business-actions";
import { BusinessImage } from "~/features/directory/components/business-image";
import { OwnerBar } from "~/features/listings/components/owner-bar";
import { ClaimPrompt } from "~/features/claims/components/claim-prompt";
import { claimState } from "~/features/claims/queries.server";
import type { MessageActionData } from "~/features/directory/components/message-form";
import { preloadParts } from "~/lib/deferred-component";
import { BusinessBody } from "./business-parts";
import { OpenStatusBadge } from "~/features/directory/components/open-status-badge";
import { PhotoLightbox, SeeAllPhotosButton, useLightbox } from "~/features/directory/components/photo-gallery";
import { categoryIcon, gradientIndex, PlaceholderArt } from "~/features/directory/components/placeholder-art";
import { RatingStars } from "~/components/ui/rating-stars";
import { CATEGORY_LABELS, kindLabel } from "~/features/directory/labels";
import { formatRating } from "~/lib/rating";
import type { BusinessDetail } from "./business-body";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { usePageView } from "~/features/directory/use-page-view";
import { useStatBeacons } from "~/features/stats/use-stat-beacons";
import { businessBreadcrumbs, businessJsonLd } from "~/features/seo/json-ld";
import { JsonLd } from "~/features/seo/json-ld-script";
import { videoObjectsJsonLd } from "~/features/seo/video-json-ld";
import { offersJsonLd } from "~/features/offers/json-ld";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/business";
import { loadBusinessPage, readDbFor, readerListingState, sendMessageAction } from "./business.server";
import { favoriteAction, isFavoriteRequest, loadFavoriteState } from "./business-favorite.server";
import { saveOnArrivalPath } from "~/features/favorites/links";
import { loadReviewsSection } from "./business-reviews.server";
import { reviewCountLabel } from "~/lib/plural";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = await getUser({ request, context });
  const { listing, ...page } = await loadBusinessPage(params.id, context, viewer);
  const id = page.business.id;
  // One address per business (issue 40, defect 10): /business/<uuid> (old links, emails, bookmarks) answers with a
  // permanent redirect to /business/<slug>, the query kept (a #fragment stays in the browser). Unknown ids are still
  // "Business Not Found" (loadBusinessPage throws the 404 first); a `.data` request gets the same redirect.
  if (params.id !== page.business.slug) {
    throw redirect(`${businessPath(page.business)}${new URL(request.url).search}`, 301);
  }
  // A published listing without an owner: "Own this business? Claim it" (or the viewer's pending claim).
  const claimable = !page.moderation && listing.status === "published" && listing.ownerId === null;
  // A signed-in reader's own state of the listing (saved, their open claim, their review and votes): one round trip,
  // asked once the reviews shown are known.
  let mine: Awaited<ReturnType<typeof readerListingState>> | undefined;
  const reviews = await loadReviewsSection(
    request,
    context,
    id,
    listing.ownerId,
    viewer
      ? async (shown) => {
          mine = await readerListingState(context, viewer.id, id, claimable, shown);
          return mine.reviews;
        }
      : undefined,
  );
  const favorite = await loadFavoriteState(request, context, id, mine?.saved);
  const db = readDbFor(context, viewer);
  const claim = page.moderation ? null : await claimState(db, id, viewer, listing, mine?.openClaim);
  // Built here, so the schema.org builders stay out of the browser's JavaScript; only public listings have it.
  const jsonLd = page.moderation
    ? []
    : [
        businessJsonLd(context.config, page.business, reviews.items),
        businessBreadcrumbs(context.config, page.business),
        ...videoObjectsJsonLd(businessUrl(page.publicUrl, page.business), page.business.name, page.showcase.videos),
        ...offersJsonLd(businessUrl(page.publicUrl, page.business), page.offers),
      ];
  return { ...page, favorite, claim, reviews, jsonLd };
}

/**
 * A client-side navigation brings the lower part's code with the data (the first load leaves it out), so the page
 * appears whole rather than without its lower part for a moment.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), preloadParts(BusinessBody)]);
  return data;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (await isFavoriteRequest(request)) return favoriteAction(params.id, request, context);
  return sendMessageAction(params.id, request, context);
}

function metaDescription(b: Pick<BusinessDetail, "name" | "description" | "city" | "state">) {
  const text = (b.description ?? "").replace(/\s+/g, " ").trim();
  // "City, Region", or the city alone where the address has no region (inline: the page's first load stays small).
  const place = b.state ? `${b.city}, ${b.state}` : b.city;
  if (!text) return `${b.name} in ${place}: hours, photos, reviews and directions.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

export const meta: Route.MetaFunction = (args) => {
  const { data } = args;
  if (!data) return pageMeta(args.matches, "Business Not Found", undefined, { noindex: true });
  const { business } = data;
  return pageMeta(args, business.name, metaDescription(business), {
    canonicalPath: businessPath(business),
    image: shareImage(business.images[0], business.name),
    // Only its owner and admins see a listing that isn't public.
    noindex: data.moderation !== null,
  });
};

/** The cover photo for link previews: its largest variant (sharing sites like 1200 px and up). */
function shareImage(cover: BusinessDetail["images"][number] | undefined, name: string) {
  if (!cover) return null;
  const candidates = cover.srcSet.split(",").map((entry) => {
    const [url = "", w = ""] = entry.trim().split(/\s+/);
    return { url, width: parseInt(w, 10) || cover.width };
  });
  const best = candidates.reduce((a, b) => (b.width > a.width ? b : a), { url: cover.src, width: 0 });
  const width = best.width || cover.width;
  return {
    url: best.url,
    width,
    height: Math.round((cover.height * width) / cover.width),
    alt: cover.alt || name,
  };
}

function Hero({ business, onSeeAll }: { business: BusinessDetail; onSeeAll: () => void }) {
  const kind = business.cuisine ?? business.subcategory;
  const banner = business.images.slice(0, 3);
  return (
    <section aria-labelledby="business-name" className="relative isolate overflow-hidden bg-neutral-900">
      <div className="absolute inset-0 -z-10">
        {banner.length > 0 ? (
          <div className="grid h-full grid-cols-1 gap-0.5 sm:grid-cols-4">
            {banner.map((image, i) => (
              <BusinessImage
                key={image.src}
                image={image}
                alt=""
                eager
                priority={i === 0}
                sizes={i === 0 ? "(min-width: 640px) 50vw, 100vw" : "25vw"}
                className={
                  i === 0
                    ? banner.length === 1
                      ? "size-full sm:col-span-4"
                      : banner.length === 2
                        ? "size-full sm:col-span-3"
                        : "size-full sm:col-span-2"
                    : "hidden size-full sm:block"
                }
              />
            ))}
          </div>
        ) : (
          <PlaceholderArt
            index={gradientIndex(business.id)}
            icon={categoryIcon(business.category)}
            className="size-full [&_svg]:size-24 [&_svg]:opacity-40"
          />
        )}
        <div className="absolute inset-0 bg-linear-to-t from-black/90 via-black/55 to-black/10" />
        <div className="absolute inset-0 bg-linear-to-r from-black/50 via-black/15 to-transparent" />
      </div>
      <div className="mx-auto flex min-h-[20rem] max-w-6xl flex-col justify-end px-4 pt-24 pb-8 text-white sm:min-h-[24rem] sm:px-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={`/search?category=${business.category}`}
            className="rounded-full bg-white/15 px-3 py-1 font-semibold backdrop-blur transition-colors hover:bg-white/25"
          >
            {CATEGORY_LABELS[business.category]}
          </Link>
          {kind ? (
            <span className="rounded-full bg-white/15 px-3 py-1 font-medium backdrop-blur">{kindLabel(kind)}</span>
          ) : null}
          {business.priceRange ? (
            <span
              className="rounded-full bg-white/15 px-3 py-1 font-medium backdrop-blur"
              aria-label={`Price ${business.priceRange}`}
            >
              {business.priceRange}
            </span>
          ) : null}
          <PlanBadge plan={business.plan} className="px-3 text-sm" />
        </div>
        <h1 id="business-name" className="mt-3 text-4xl font-extrabold tracking-tight drop-shadow-sm sm:text-5xl">
          {business.name}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          {/* Over the dark photo in both themes: the empty part of a star is a light grey, not the theme's. */}
          <RatingStars rating={business.rating} size="xl" className="[--stars-empty:rgb(255_255_255/0.38)]" />
          {business.reviewCount > 0 ? <span className="text-lg font-bold">{formatRating(business.rating)}</span> : null}
          <a
            href="#reviews"
            className="font-medium text-white/90 underline-offset-4 hover:underline"
            data-testid="hero-review-count"
          >
            ({reviewCountLabel(business.reviewCount)})
          </a>
        </div>
        <div className="mt-3 flex flex-col gap-1.5 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-5">
          <OpenStatusBadge status={business.openStatus} tone="overlay" className="text-base" />
          <p className="flex items-center gap-1.5 text-white/90" data-testid="hero-address">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {business.serves ? `Serves ${business.serves}` : business.addressLines.join(", ")}
          </p>
        </div>
        {business.images.length > 0 ? (
          <div className="mt-5">
            <SeeAllPhotosButton count={business.images.length} onClick={onSeeAll} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

const MODERATION_TEXT = {
  pending: {
    title: "Waiting for review",
    text: "This listing isn't public yet: an admin reviews new listings before they appear. Only you and admins can see this page.",
  },
  rejected: {
    title: "Not approved",
    text: "An admin didn't approve this listing. Edit it to fix what they asked for; only you and admins can see this page.",
  },
  suspended: {
    title: "Suspended",
    text: "An admin has hidden this listing from the directory. Only you and admins can see this page.",
  },
} as const;

/** For the owner (or an admin) looking at a listing that isn't public: its status and the admin's reason. */
function ModerationBanner({ status, reason }: { status: "pending" | "rejected" | "suspended"; reason: string | null }) {
  const { title, text } = MODERATION_TEXT[status];
  return (
    <div
      role="status"
      className="border-b border-warning/40 bg-warning/10"
      data-testid="moderation-banner"
      data-status={status}
    >
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm sm:px-6">
        <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        <div className="grid min-w-0 gap-0.5">
          <p className="font-semibold">{title}</p>
          <p className="text-muted-foreground">{text}</p>
          {reason ? (
            <p className="break-words">
              <span className="font-semibold">Reason: </span>
              {reason}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export default function BusinessPage({ loaderData }: Route.ComponentProps) {
  const { business, shareBase, todayIso } = loaderData;
  const { user } = useRootData();
  const actionData = useActionData<MessageActionData>();
  const lightbox = useLightbox();
  const signInHref = signInPath(saveOnArrivalPath(businessPath(business)));

  const { moderation } = loaderData;
  // Views of a listing that isn't public are its owner's or an admin's: not counted.
  usePageView("Business", moderation ? undefined : business.id);
  // Call, Website, Directions, Share and Book clicks count in the listing's stats (not before it is public).
  useStatBeacons(moderation ? null : business);
  useLiveBusinessUpdates([business.id]);

  function goToMessageForm() {
    const section = document.getElementById("send-message");
    section?.scrollIntoView({ behavior: "smooth", block: "start" });
    void BusinessBody.preload().catch(() => {});
    // The server's field, hydrated or not yet: typing goes on in it when the form's code arrives.
    section?.querySelector<HTMLInputElement>('input[name="name"]')?.focus({ preventScroll: true });
  }

  return (
    <article className="flex flex-1 flex-col" data-business-id={business.id}>
      {loaderData.jsonLd.length ? <JsonLd data={loaderData.jsonLd} /> : null}
      {moderation ? <ModerationBanner {...moderation} /> : null}
      <Hero business={business} onSeeAll={() => lightbox.open(0)} />

      <div className="border-b bg-card/60">
        <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
          <OwnerBar businessId={business.id} viewer={user} isOwner={!!loaderData.reviews.viewer?.isOwner} />
          {moderation ? null : (
            <BusinessActions
              business={business}
              shareBase={shareBase}
              signInHref={signInHref}
              writeReviewHref={
                loaderData.reviews.viewer?.isOwner ? null : user ? "#write-review" : loaderData.reviews.signInHref.write
              }
              signedIn={!!user}
              saved={loaderData.favorite.saved}
              onMessage={goToMessageForm}
            />
          )}
          <ClaimPrompt business={business} state={loaderData.claim} />
        </div>
      </div>

      <BusinessBody.Component
        business={business}
        todayIso={todayIso}
        events={loaderData.events}
        eventsTimeZone={loaderData.eventsTimeZone}
        offers={loaderData.offers}
        offersToday={loaderData.offersToday}
        testimonials={loaderData.showcase.testimonials}
        videos={loaderData.showcase.videos}
        menus={loaderData.menus}
        articles={loaderData.articles}
        reviews={loaderData.reviews}
        onOpenPhoto={lightbox.open}
        listed={!moderation}
        noJsResult={actionData}
      />

      <PhotoLightbox images={business.images} businessName={business.name} lightbox={lightbox} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <BusinessNotFound />;
  return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : undefined} />;
}

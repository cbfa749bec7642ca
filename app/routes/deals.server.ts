import type { AppLoadContext } from "react-router";
import { resolvePlace } from "~/features/directory/queries.server";
import { listDeals } from "~/features/offers/queries.server";
import { distanceUnit } from "~/lib/distance-unit";
import { stripControlChars } from "~/lib/text";
import { offerClock } from "./business-offers.server";

/** The highest page a link may ask for (a page past the last shows the last one's "no more"). */
const MAX_PAGE = 100;

/** Lenient, as search: a bad value in a link falls back rather than failing the page. */
export function parseDealsUrl(params: URLSearchParams) {
  const near = stripControlChars(params.get("near") ?? "")
    .trim()
    .slice(0, 100);
  const page = Number(params.get("page"));
  return { near, page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1 };
}

/**
 * /deals: the current coupons and offers near a place (?near=, the site's city by default), nearest first, paged.
 * A place no listing is in falls back to the site's city and says so. Read from the replica for everyone (a second
 * of lag is fine; nothing here is per reader).
 */
export async function loadDeals(request: Request, context: AppLoadContext) {
  const { near, page } = parseDealsUrl(new URL(request.url).searchParams);
  const { config } = context;
  const site = { city: config.SITE_CITY, state: config.SITE_STATE, country: config.SITE_COUNTRY };
  const siteLabel = `${config.SITE_CITY}, ${config.SITE_STATE}`;
  const db = context.readDb;
  const typed = near ? await resolvePlace(db, near, site) : null;
  const place = typed ?? (await resolvePlace(db, siteLabel, site));
  const clock = offerClock(context);
  // The city part of the place ("Springfield" of "Springfield, IL"; a ZIP code names none).
  const city = (typed ? near : config.SITE_CITY).split(",")[0]!;
  const deals = await listDeals(db, { origin: place, city, page, clock });
  return {
    ...deals,
    near,
    /** The place measured from, as people read it. */
    placeLabel: typed ? (typed.label ?? near) : siteLabel,
    /** The typed place wasn't found: the list is the site's city's. */
    unknownPlace: near && !typed ? near : null,
    today: clock.today,
    unit: distanceUnit(config.SITE_COUNTRY),
  };
}

import type { EventCategory, EventStatus } from "~/lib/catalogue";

/** An event as pages and the API show it. Times are ISO instants; pages format them in the site's time zone. */
export interface EventItem {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  citySlug: string;
  category: EventCategory;
  imageUrl: string | null;
  status: EventStatus;
  /** The listed business hosting it, when it is published. */
  business: { id: string; slug: string; name: string } | null;
  rsvpCount: number;
  /** Whether the signed-in reader has RSVPed. */
  going: boolean;
}

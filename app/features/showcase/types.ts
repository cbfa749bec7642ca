import type { ListingPlan } from "~/lib/catalogue";
import type { VideoProvider } from "~/lib/video-url";

/** A testimonial as pages and the API show it. */
export interface Testimonial {
  id: string;
  author: string;
  quote: string;
  source: string | null;
  /** YYYY-MM-DD, or null. */
  givenOn: string | null;
}

/** A video as pages and the API show it: the page builds its links from the provider and id (lib/video-url). */
export interface Video {
  id: string;
  provider: VideoProvider;
  videoId: string;
  title: string;
  /** When it was added (ISO), the JSON-LD uploadDate. */
  addedAt: string;
}

/** What the listing's plan allows and how much of it is used (hidden items count: they are kept). */
export interface ShowcaseAllowance {
  plan: ListingPlan;
  /** The plan's allowance (admins may add more; the public sees this many). */
  limit: number;
  used: number;
}

/** For the owner: every item, those over the plan's allowance marked hidden. */
export type Managed<T> = T & { hidden: boolean };

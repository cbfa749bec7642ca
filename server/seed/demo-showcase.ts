import type { businessTestimonials, businessVideos } from "../../app/.server/db/schema";
import { PLAN_ALLOWANCES } from "../../app/lib/catalogue";
import type { VideoProvider } from "../../app/lib/video-url";
import type { DemoBusiness } from "./demo-city";

/**
 * The demo city's testimonials and videos (issue 36): on a few Featured and Premium listings, within each plan's
 * allowance. Deterministic: chosen by slug, no random stream. The videos are the Blender Foundation's open movies and
 * Vimeo's own demo (freely shareable); the page shows a local poster and loads them only when a visitor presses play.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Listings that show them (some Featured, some Premium). */
const LISTINGS = 8;

const QUOTES: { author: string; quote: string; source?: string }[] = [
  {
    author: "Dana Whitfield",
    quote: "We've come here every Friday for two years. The staff know our names and our usual order.",
    source: "Customer email",
  },
  {
    author: "The City Weekly",
    quote: "A neighborhood favorite that keeps getting the small things right.",
    source: "Best of the City issue",
  },
  {
    author: "Marcus Lee",
    quote: "Booked on short notice and they still went out of their way for us. Couldn't recommend them more.",
  },
  {
    author: "Priya Raman",
    quote: "Friendly, fair and honest. They explained everything before they started.",
    source: "Thank-you card",
  },
  {
    author: "Local Eats Guide",
    quote: "Worth the detour. Come hungry, leave planning your next visit.",
    source: "Spring edition",
  },
];

const VIDEOS: { provider: VideoProvider; videoId: string; title: (name: string) => string }[] = [
  { provider: "youtube", videoId: "aqz-KE-bpKQ", title: (name) => `A day at ${name}` },
  { provider: "vimeo", videoId: "76979871", title: (name) => `Meet the team behind ${name}` },
  { provider: "youtube", videoId: "eRsGyueVLvQ", title: (name) => `${name}: behind the scenes` },
];

export function buildDemoShowcase(city: DemoBusiness[], opts: { now: Date }) {
  const chosen = city
    .map((b) => b.business)
    .filter((b) => b.plan === "featured" || b.plan === "premium")
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .filter((_, i) => i % 3 === 1)
    .slice(0, LISTINGS);
  const testimonials: (typeof businessTestimonials.$inferInsert)[] = [];
  const videos: (typeof businessVideos.$inferInsert)[] = [];
  chosen.forEach((b, index) => {
    const plan = b.plan === "premium" ? "premium" : "featured";
    const quoteCount = Math.min(PLAN_ALLOWANCES[plan].testimonials, plan === "premium" ? 3 : 2);
    const videoCount = Math.min(PLAN_ALLOWANCES[plan].videos, plan === "premium" ? 2 : 1);
    for (let k = 0; k < quoteCount; k++) {
      const q = QUOTES[(index + k) % QUOTES.length]!;
      const given = new Date(opts.now.getTime() - (20 + 45 * k + index * 3) * DAY_MS);
      testimonials.push({
        businessId: b.id,
        position: k,
        author: q.author,
        body: q.quote,
        source: q.source ?? null,
        givenOn: given.toISOString().slice(0, 10),
        createdAt: new Date(opts.now.getTime() - (10 - k) * DAY_MS),
      });
    }
    for (let k = 0; k < videoCount; k++) {
      const v = VIDEOS[(index + k) % VIDEOS.length]!;
      videos.push({
        businessId: b.id,
        position: k,
        provider: v.provider,
        videoId: v.videoId,
        title: v.title(b.name),
        createdAt: new Date(opts.now.getTime() - (30 - k) * DAY_MS),
      });
    }
  });
  return { testimonials, videos };
}

/**
 * Videos on a listing (issue 36) are YouTube or Vimeo links, stored as a provider and an id. This reads the common
 * shapes of their URLs and builds the links the page needs: the video on its site (the play control without
 * JavaScript) and the privacy-minded embed loaded only once a visitor presses play (youtube-nocookie.com,
 * player.vimeo.com — the only frame hosts the CSP allows, server/http/security.ts). Isomorphic; relative imports
 * only (the db schema imports it).
 */

export const VIDEO_PROVIDERS = ["youtube", "vimeo"] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

export const VIDEO_PROVIDER_LABELS: Record<VideoProvider, string> = { youtube: "YouTube", vimeo: "Vimeo" };

/** The frame hosts the CSP allows, and nothing else. */
export const VIDEO_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

export interface VideoRef {
  provider: VideoProvider;
  id: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export const VIDEO_URL_HELP =
  "Paste a YouTube or Vimeo link, like https://www.youtube.com/watch?v=… , https://youtu.be/… or https://vimeo.com/123456.";

/** Whether a stored provider and id are well-formed (the database checks the same). */
export function isVideoRef(provider: string, id: string): provider is VideoProvider {
  if (provider === "youtube") return YOUTUBE_ID.test(id);
  if (provider === "vimeo") return VIMEO_ID.test(id);
  return false;
}

/**
 * The provider and id of a YouTube or Vimeo link; null for anything else. Accepts youtube.com/watch?v=,
 * youtu.be/, youtube.com/shorts/, youtube.com/embed/, youtube-nocookie.com/embed/, m.youtube.com and
 * music.youtube.com, vimeo.com/<id> (and vimeo.com/channels/…/<id>, player.vimeo.com/video/<id>). A link
 * without a scheme is read as https.
 */
export function parseVideoUrl(input: string): VideoRef | null {
  const text = input.trim();
  if (!text || text.length > 500) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return youtube(parts[0]);
  if (["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"].includes(host)) {
    if (parts[0] === "watch" && parts.length === 1) return youtube(url.searchParams.get("v") ?? undefined);
    if (["shorts", "embed", "live", "v"].includes(parts[0] ?? "") && parts.length === 2) return youtube(parts[1]);
    return null;
  }
  if (host === "vimeo.com") {
    const last = parts.at(-1);
    // vimeo.com/<id>, vimeo.com/<id>/<hash> (unlisted), vimeo.com/channels/<name>/<id>, vimeo.com/groups/<name>/videos/<id>.
    if (parts.length === 1 || (parts.length === 2 && /^[0-9a-f]+$/i.test(parts[1]!) && VIMEO_ID.test(parts[0]!)))
      return vimeo(parts[0]);
    if (parts[0] === "channels" || parts[0] === "groups") return vimeo(last);
    return null;
  }
  if (host === "player.vimeo.com" && parts[0] === "video" && parts.length === 2) return vimeo(parts[1]);
  return null;
}

function youtube(id: string | undefined): VideoRef | null {
  return id && YOUTUBE_ID.test(id) ? { provider: "youtube", id } : null;
}

function vimeo(id: string | undefined): VideoRef | null {
  return id && VIMEO_ID.test(id) ? { provider: "vimeo", id } : null;
}

/** The video on its own site: the play control's link without JavaScript, and the JSON-LD contentUrl. */
export function videoWatchUrl(video: VideoRef) {
  return video.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${encodeURIComponent(video.id)}`
    : `https://vimeo.com/${encodeURIComponent(video.id)}`;
}

/** The embed, loaded only after a press (it starts playing: the press was the visitor's play). */
export function videoEmbedUrl(video: VideoRef, autoplay = true) {
  const play = autoplay ? "1" : "0";
  return video.provider === "youtube"
    ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}?autoplay=${play}&rel=0`
    : `https://player.vimeo.com/video/${encodeURIComponent(video.id)}?autoplay=${play}&dnt=1`;
}

/**
 * schema.org VideoObject for a listing's videos (issue 36), built from what the business page's loader returns.
 * The thumbnail is the provider's (YouTube's image URL, built from the id); it is named here for search engines,
 * never loaded by the page, which shows a local poster until the visitor presses play.
 */
import { videoEmbedUrl, videoWatchUrl, type VideoProvider } from "~/lib/video-url";
import type { JsonLdObject } from "./json-ld";

export interface VideoForJsonLd {
  provider: VideoProvider;
  videoId: string;
  title: string;
  /** When it was added to the listing (ISO): the closest to an upload date Near knows. */
  addedAt: string;
}

export function videoObjectsJsonLd(businessUrl: string, businessName: string, videos: readonly VideoForJsonLd[]) {
  return videos.map((video): JsonLdObject => {
    const ref = { provider: video.provider, id: video.videoId };
    return {
      "@context": "https://schema.org",
      "@type": "VideoObject",
      name: video.title,
      description: `${video.title}: a video from ${businessName}.`,
      uploadDate: video.addedAt,
      contentUrl: videoWatchUrl(ref),
      embedUrl: videoEmbedUrl(ref, false),
      ...(video.provider === "youtube"
        ? { thumbnailUrl: `https://i.ytimg.com/vi/${encodeURIComponent(video.videoId)}/hqdefault.jpg` }
        : {}),
      about: { "@id": `${businessUrl}#business` },
    };
  });
}

import { Play } from "lucide-react";
import { useState } from "react";
import { VIDEO_PROVIDER_LABELS, videoEmbedUrl, videoWatchUrl } from "~/lib/video-url";
import type { Video } from "../types";

/**
 * One video: a local poster (its title and a play button; no thumbnail from the provider) until the visitor presses
 * play, then the provider's privacy-minded embed (youtube-nocookie.com, player.vimeo.com). Nothing third-party loads
 * before the press. Without JavaScript (or before the page's code has loaded) the poster is a link to the video on
 * its site.
 */
function VideoPlayer({ video }: { video: Video }) {
  const [playing, setPlaying] = useState(false);
  const ref = { provider: video.provider, id: video.videoId };
  const provider = VIDEO_PROVIDER_LABELS[video.provider];
  if (playing)
    return (
      <iframe
        // The press moved into the player: keyboard users go on from there.
        ref={(el) => el?.focus()}
        src={videoEmbedUrl(ref)}
        title={video.title}
        className="aspect-video w-full rounded-2xl border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="video-frame"
      />
    );
  return (
    <a
      href={videoWatchUrl(ref)}
      rel="noreferrer"
      onClick={(event) => {
        // A new tab on request (modifier keys, middle button) stays a link.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        setPlaying(true);
      }}
      aria-label={`Play video: ${video.title} (${provider})`}
      className="group relative isolate flex aspect-video w-full flex-col overflow-hidden rounded-2xl bg-neutral-900 p-4 text-left text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-5"
      data-testid="video-poster"
    >
      <span
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_30%_20%,color-mix(in_oklab,var(--color-primary)_70%,transparent),transparent_60%),linear-gradient(135deg,#111827,#1f2937_55%,#0f172a)]"
      />
      <span aria-hidden="true" className="grid min-h-0 flex-1 place-items-center">
        <span className="grid size-14 place-items-center rounded-full bg-white/95 text-neutral-900 shadow-lg transition-transform group-hover:scale-110">
          <Play className="ml-1 size-6 fill-current" />
        </span>
      </span>
      <span aria-hidden="true" className="line-clamp-2 text-base font-semibold drop-shadow">
        {video.title}
      </span>
      <span aria-hidden="true" className="text-sm text-white/80">
        {provider}
      </span>
    </a>
  );
}

/** A listing's videos on its page. */
export function BusinessVideos({ items }: { items: Video[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="business-videos">
      {items.map((video) => (
        <li key={video.id}>
          <VideoPlayer video={video} />
        </li>
      ))}
    </ul>
  );
}

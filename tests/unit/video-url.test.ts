import { describe, expect, it } from "vitest";
import { parseVideoUrl, videoEmbedUrl, videoWatchUrl } from "~/lib/video-url";

/** Issue 36: the video links owners paste, read into a provider and an id; anything else is refused. */
describe("parseVideoUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1", "youtube", "dQw4w9WgXcQ"],
    ["http://m.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "youtube", "aqz-KE-bpKQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["  https://vimeo.com/76979871  ", "vimeo", "76979871"],
    ["https://vimeo.com/76979871/8272103f6e", "vimeo", "76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
  ])("%s", (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    "",
    "not a url",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    "https://www.youtube.com/channel/UC123",
    "https://www.youtube.com/",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "https://user:pass@youtu.be/dQw4w9WgXcQ",
    "https://vimeo.com/",
    "https://vimeo.com/about",
    "https://vimeo.com/1234567890123",
    "https://player.vimeo.com/video/abc",
  ])("refuses %j", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it("builds the watch link and the privacy-minded embed", () => {
    const yt = { provider: "youtube" as const, id: "dQw4w9WgXcQ" };
    expect(videoWatchUrl(yt)).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(videoEmbedUrl(yt)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    const vimeo = { provider: "vimeo" as const, id: "76979871" };
    expect(videoWatchUrl(vimeo)).toBe("https://vimeo.com/76979871");
    expect(videoEmbedUrl(vimeo, false)).toBe("https://player.vimeo.com/video/76979871?autoplay=0&dnt=1");
  });
});

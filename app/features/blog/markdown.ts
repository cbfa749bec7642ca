import { Marked, type Tokens } from "marked";
import { isSiteImagePath, safeLinkHref } from "~/lib/urls";
import { escapeHtml } from "~/lib/html";

/**
 * Blog posts' Markdown → safe HTML. Raw HTML in a post is never passed
 * through: it is escaped and shows as text (a `<script>` is harmless). Links
 * and images follow the site's URL rule (app/lib/urls.ts): links http(s),
 * mailto and same-site paths, images same-site paths only; external
 * links open safely. Everything else marked emits is escaped text in our own
 * tags, so the output can be set as innerHTML.
 */

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(token.text);
    },
    link(token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = safeLinkHref(token.href);
      if (!href) return text;
      const external = /^https?:/.test(href);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(href)}"${title}${external ? ' rel="noopener noreferrer nofollow" target="_blank"' : ""}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      // Pages may load only our own images (CSP): a same-site path shows; anything else becomes its text.
      const src = token.href.trim();
      if (!isSiteImagePath(src)) return escapeHtml(token.text);
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" loading="lazy">`;
    },
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** Minutes to read at 220 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / 220));
}

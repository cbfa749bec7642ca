const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * The one escape of text for HTML and XML, in text and in quoted attribute values alike: the five characters React
 * escapes, spelled as React spells them (react-dom/server's escapeTextForBrowser), so a value escaped here and one
 * rendered by React read the same. Emails, Markdown, map attributions, icons, the sitemap and page templates use it.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

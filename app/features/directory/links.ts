/** Links built from a business's own fields (user content: only http(s) URLs become links). */

export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** "example.com" from "https://www.example.com/menu". */
export function displayHost(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** "(312) 555-0142" → "tel:3125550142"; a leading + is kept. */
export function telHref(phone: string) {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return `tel:${digits}`;
}

/** Google Maps directions to the address as the page shows it (its lines, the country's name included). */
export function directionsUrl(lines: readonly string[]) {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(lines.join(", "))}`;
}

/**
 * A listing's social links (issue 36; Featured and Premium plans, PLAN_ALLOWANCES.socialLinks): one https address
 * per network, on that network's own host. Isomorphic: the listing schema (form and API), the export and import,
 * the business page and its JSON-LD all read this one list.
 */

export const SOCIAL_NETWORKS = ["facebook", "instagram", "x", "tiktok", "youtube", "linkedin", "yelp"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

interface NetworkInfo {
  label: string;
  /** Registrable domains; any subdomain of one is also the network's ("www.", "m.", "de."). */
  domains: readonly string[];
  /** What an address looks like, for the form's placeholder and the error message. */
  example: string;
  /** The short mark shown beside the label on the business page (text, not a logo). */
  mark: string;
}

export const SOCIAL_NETWORK_INFO: Record<SocialNetwork, NetworkInfo> = {
  facebook: {
    label: "Facebook",
    domains: ["facebook.com", "fb.com"],
    example: "https://facebook.com/yourpage",
    mark: "f",
  },
  instagram: {
    label: "Instagram",
    domains: ["instagram.com"],
    example: "https://instagram.com/yourname",
    mark: "IG",
  },
  x: { label: "X (Twitter)", domains: ["x.com", "twitter.com"], example: "https://x.com/yourname", mark: "X" },
  tiktok: { label: "TikTok", domains: ["tiktok.com"], example: "https://tiktok.com/@yourname", mark: "TT" },
  youtube: {
    label: "YouTube",
    domains: ["youtube.com", "youtu.be"],
    example: "https://youtube.com/@yourchannel",
    mark: "YT",
  },
  linkedin: {
    label: "LinkedIn",
    domains: ["linkedin.com"],
    example: "https://linkedin.com/company/yourcompany",
    mark: "in",
  },
  yelp: {
    label: "Yelp",
    domains: ["yelp.com", "yelp.ca", "yelp.co.uk", "yelp.com.au", "yelp.ie"],
    example: "https://yelp.com/biz/your-business",
    mark: "Y",
  },
};

/** The longest address kept (the listing's other web addresses share it: LIMITS.url). */
export const SOCIAL_URL_MAX = 500;

export function socialLinkMessage(network: SocialNetwork) {
  const info = SOCIAL_NETWORK_INFO[network];
  return `Enter your ${info.label} page's https address, like ${info.example}.`;
}

/**
 * The address as kept, or null when it is not an https address of the network's own host with a page path
 * ("https://facebook.com/" alone is nobody's page). "instagram.com/x" gains its https://; http:// is refused
 * (the networks all serve https, and a page must not link out in clear text).
 */
export function normalizeSocialUrl(network: SocialNetwork, input: string): string | null {
  const value = input.trim();
  if (!value || value.length > SOCIAL_URL_MAX || /\s/.test(value) || /^[/\\]/.test(value)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const { domains } = SOCIAL_NETWORK_INFO[network];
  if (!domains.some((d) => host === d || host.endsWith(`.${d}`))) return null;
  if (url.pathname.replace(/\/+$/, "") === "") return null;
  return url.toString();
}

/** The links to show: the known networks in their order, each with an https address (stored data is re-checked). */
export function socialLinkList(links: SocialLinks | null | undefined) {
  if (!links) return [];
  return SOCIAL_NETWORKS.flatMap((network) => {
    const raw = links[network];
    const url = typeof raw === "string" ? normalizeSocialUrl(network, raw) : null;
    return url
      ? [{ network, label: SOCIAL_NETWORK_INFO[network].label, mark: SOCIAL_NETWORK_INFO[network].mark, url }]
      : [];
  });
}

export function hasSocialLinks(links: SocialLinks | null | undefined) {
  return !!links && SOCIAL_NETWORKS.some((n) => typeof links[n] === "string" && links[n] !== "");
}

/** Two sets of links hold the same addresses. */
export function sameSocialLinks(a: SocialLinks | null | undefined, b: SocialLinks | null | undefined) {
  return SOCIAL_NETWORKS.every((n) => (a?.[n] ?? null) === (b?.[n] ?? null));
}

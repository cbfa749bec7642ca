/**
 * Names on reviewer profiles (issue 41): the handle made from a name, the name as the person chose to show it, and
 * the initials of their avatar. Pure, shared by the server and the page.
 */

export type NameDisplay = "first_initial" | "first" | "full";

export const NAME_DISPLAY_LABELS: Record<NameDisplay, string> = {
  first_initial: "First name and last initial",
  first: "First name only",
  full: "Full name",
};

function words(name: string) {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** "Maria Garcia" as chosen: "Maria G." (the default), "Maria" or "Maria Garcia"; a one-word name stays as it is. */
export function displayName(name: string, style: NameDisplay) {
  const parts = words(name);
  if (parts.length === 0) return "Near member";
  if (parts.length === 1 || style === "full") return parts.join(" ");
  if (style === "first") return parts[0]!;
  return `${parts[0]} ${[...parts[parts.length - 1]!][0]!.toUpperCase()}.`;
}

/** Up to two letters for the avatar, from the name as shown ("Maria G." → "MG"). */
export function initialsOf(shown: string) {
  const parts = words(shown.replace(/\./g, " "));
  const letters = [parts[0], parts.length > 1 ? parts[parts.length - 1] : undefined]
    .filter((w): w is string => Boolean(w))
    .map((w) => [...w][0]!.toUpperCase());
  return letters.join("") || "?";
}

/** The longest base of a handle, before any suffix. */
const BASE_MAX = 40;

/**
 * The first word of the name and the last word's initial, lower-case and hyphenated ("Maria Garcia" → "maria-g",
 * "José Núñez" → "jose-n"): never the whole last name, whatever the person later chooses to show. "member" when
 * nothing URL-safe is left. Migration 0046 makes the same ones for accounts that existed before.
 */
export function handleBase(name: string) {
  const parts = words(
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase(),
  );
  const raw = parts.length > 1 ? `${parts[0]} ${[...parts[parts.length - 1]!][0]}` : (parts[0] ?? "");
  const slug = raw
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, BASE_MAX)
    .replace(/-+$/g, "");
  return slug || "member";
}

/** A handle as it may appear in a URL: lower-case letters and digits in hyphen-separated runs, at most 60. */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isHandle(value: string) {
  return value.length <= 60 && HANDLE_PATTERN.test(value);
}

/** The profile's address. */
export function personHref(handle: string) {
  return `/people/${handle}`;
}

// Built once: the month of "Member since".
const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "Member since November 2026". */
export function memberSince(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : monthYear.format(date);
}

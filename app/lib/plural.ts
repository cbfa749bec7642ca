/**
 * "1 photo", "3 photos", "1,200 reviews": one place where a count meets a noun. The site speaks en-US, whose rule is
 * CLDR's "one" for exactly 1 (no fraction digits) and "other" for everything else; irregular plurals are passed in.
 *
 * Written out rather than with Intl.PluralRules and Intl.NumberFormat: the first Intl object a page builds loads the
 * browser's ICU data, 25–90 ms of main-thread time on our 2-core machines (measured in Chromium 156), and these counts
 * are on nearly every page's cards during hydration. tests/unit/plural.test.ts holds them to what Intl answers.
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`) {
  return Math.abs(count) === 1 ? singular : plural;
}

/** 1200 → "1,200"; a fraction goes to Intl (counts are whole numbers). */
export function formatCount(count: number) {
  if (!Number.isSafeInteger(count)) return count.toLocaleString("en-US");
  const digits = String(Math.abs(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return count < 0 ? `-${digits}` : digits;
}

/**
 * The count and its noun: countLabel(1, "photo") → "1 photo"; countLabel(2, "business", "businesses") → "2 businesses";
 * a lower bound (a search that stopped counting): countLabel(1000, "result", undefined, { atLeast: true }) → "1,000+ results".
 */
export function countLabel(count: number, singular: string, plural?: string, { atLeast = false } = {}) {
  return `${formatCount(count)}${atLeast ? "+" : ""} ${atLeast ? (plural ?? `${singular}s`) : pluralize(count, singular, plural)}`;
}

/** "1 review", "1,200 reviews". */
export function reviewCountLabel(count: number) {
  return countLabel(count, "review");
}

/**
 * "1 photo", "3 photos", "1,200 reviews": one place where a count meets a
 * noun. English plural categories come from Intl.PluralRules (so another
 * locale only needs its own forms); irregular plurals are passed in.
 */
const rules = new Intl.PluralRules("en-US");
const numbers = new Intl.NumberFormat("en-US");

export function pluralize(count: number, singular: string, plural = `${singular}s`) {
  return rules.select(count) === "one" ? singular : plural;
}

/**
 * The count and its noun: countLabel(1, "photo") → "1 photo"; countLabel(2, "business", "businesses") → "2 businesses";
 * a lower bound (a search that stopped counting): countLabel(1000, "result", undefined, { atLeast: true }) → "1,000+ results".
 */
export function countLabel(count: number, singular: string, plural?: string, { atLeast = false } = {}) {
  return `${numbers.format(count)}${atLeast ? "+" : ""} ${atLeast ? (plural ?? `${singular}s`) : pluralize(count, singular, plural)}`;
}

/** "1 review", "1,200 reviews". */
export function reviewCountLabel(count: number) {
  return countLabel(count, "review");
}

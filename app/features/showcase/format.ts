/** A testimonial's date (YYYY-MM-DD, a calendar day) as people read it: "May 14, 2025". */
export function formatGivenOn(iso: string) {
  const date = new Date(`${iso}T00:00:00Z`);
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

import type { StatTotal } from "./types";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 23" from "2026-11-23" (a calendar day, shown as it is). */
export function shortDay(day: string) {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The change against the previous period in words: "+12%", "−5%", "No change", "New" (nothing before). */
export function changeLabel(total: StatTotal): { text: string; tone: "up" | "down" | "flat" | "new" } {
  if (total.change === null)
    return total.current > 0 ? { text: "New", tone: "new" } : { text: "No change", tone: "flat" };
  if (total.change === 0) return { text: "No change", tone: "flat" };
  return total.change > 0
    ? { text: `+${total.change}%`, tone: "up" }
    : { text: `−${Math.abs(total.change)}%`, tone: "down" };
}

import { optionLabel, SPEC_CUISINE_OPTIONS } from "~/lib/catalogue";
import { CUISINE_OPTIONS } from "~/lib/category-kinds";
import type { SelectOption } from "./components/category-layout";

/** The cuisine dropdown: "All Cuisines", the spec's four, then any other cuisine the restaurants have. */
export function cuisineOptions(present: readonly string[]): SelectOption[] {
  const spec: readonly string[] = SPEC_CUISINE_OPTIONS.map((o) => o.value);
  const order = (v: string) => {
    const i = CUISINE_OPTIONS.findIndex((o) => o.value === v);
    return i < 0 ? CUISINE_OPTIONS.length : i;
  };
  const others = [...new Set(present)]
    .filter((v) => !spec.includes(v))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((value) => ({ value, label: optionLabel(CUISINE_OPTIONS, value) }));
  return [{ value: "all", label: "All Cuisines" }, ...SPEC_CUISINE_OPTIONS, ...others];
}

import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { twMergeConfig } from "./tw-merge-config";

/**
 * tailwind-merge with only the class groups the app uses (app/lib/tw-merge-config.ts, generated): the default
 * configuration is most of its bytes, on every page's first load (docs/performance.md).
 */
const twMerge = createTailwindMerge(twMergeConfig);

/** shadcn/ui's class combiner: later Tailwind classes win. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

import type { AppServices } from "../services";

/** Fills an empty database with the demo city. Returns what it added, or null when it had nothing to do. */
export async function seedDemoData(_services: AppServices): Promise<{ businesses: number; reviews: number } | null> {
  return null;
}

import type { businessMenus } from "~/.server/db/schema";
import { inspectPdf, PDF_CONTENT_TYPE } from "~/.server/media/pdf";
import { encodeImage, storeEncodedImage } from "~/.server/media/process";
import { documentName, newStorageKey } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { DemoBusiness } from "./demo-city";
import { menuPdf } from "./demo-menu-pdf";

/** What each demo restaurant's menu lists, by its cuisine (a small real PDF, written by hand: demo-menu-pdf.ts). */
const DISHES: Record<string, string[]> = {
  italian: ["Bruschetta al pomodoro  $9", "Tagliatelle al ragu  $19", "Margherita pizza  $15", "Tiramisu  $9"],
  chinese: ["Pork and chive dumplings  $10", "Dan dan noodles  $15", "Mapo tofu  $16", "Mango pudding  $7"],
  mexican: ["Guacamole and chips  $9", "Tacos al pastor  $14", "Mole poblano  $21", "Churros  $8"],
  indian: ["Vegetable samosas  $8", "Butter chicken  $19", "Chana masala  $15", "Gulab jamun  $7"],
};
const DRINKS = ["Lemonade  $4", "Iced tea  $4", "Espresso  $3", "House wine, glass  $11"];

/**
 * Menus (issue 36) on the first three Featured and Premium restaurants of the demo city: a two-page PDF each, its
 * first page rendered to the preview like an owner's upload. Files go to media storage before the rows are written.
 */
export async function buildDemoMenus(city: readonly DemoBusiness[], storage: MediaStorage) {
  const chosen = city.filter((b) => b.business.category === "restaurants" && b.business.plan !== "basic").slice(0, 3);
  const rows: (typeof businessMenus.$inferInsert)[] = [];
  const files: { storageKey: string; widths: number[]; fileName: string }[] = [];
  for (const b of chosen) {
    const dishes = DISHES[b.business.cuisine ?? ""] ?? DISHES.italian!;
    const pdf = menuPdf(`${b.business.name}: Dinner`, [dishes, DRINKS]);
    const { pageCount, preview } = await inspectPdf(pdf, { filename: "dinner.pdf" });
    const image = await storeEncodedImage(storage, await encodeImage(preview, { filename: "dinner.pdf" }));
    const fileName = documentName(newStorageKey());
    await storage.put(fileName, pdf, PDF_CONTENT_TYPE);
    files.push({ ...image, fileName });
    rows.push({
      businessId: b.business.id,
      position: 0,
      title: "Dinner",
      kind: "pdf",
      storageKey: image.storageKey,
      widths: image.widths,
      width: image.width,
      height: image.height,
      fileName,
      fileBytes: pdf.length,
      pageCount,
      createdAt: b.business.createdAt,
    });
  }
  return { rows, files };
}

import { z } from "zod";
import { safeText } from "~/lib/text";

/** One schema for the owner's page (Conform) and the API (issue 36). Files are checked by content on the server. */

export const MENU_TITLE_MAX = 80;
export const MAX_MENU_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_MENU_TEXT = "a PDF, or a JPEG, PNG, WebP or AVIF image";
export const ACCEPTED_MENU_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp", "image/avif"] as const;

export const MENU_MESSAGES = {
  titleRequired: "Give the menu a title, like “Dinner” or “Drinks”.",
  titleTooLong: `The title must be at most ${MENU_TITLE_MAX} characters.`,
  fileRequired: `Choose a file: ${ACCEPTED_MENU_TEXT}.`,
} as const;

export const menuTitle = safeText({ error: MENU_MESSAGES.titleRequired })
  .trim()
  .min(1, MENU_MESSAGES.titleRequired)
  .max(MENU_TITLE_MAX, MENU_MESSAGES.titleTooLong);

function isFile(v: unknown): v is File {
  return typeof File !== "undefined" && v instanceof File && v.size > 0;
}

/** What the browser can check before sending; the server checks the content. */
export function menuFileProblem(file: { name: string; size: number; type: string }): string | null {
  const name = `"${file.name || "The file"}"`;
  if (file.size === 0) return `${name} is empty.`;
  if (file.size > MAX_MENU_BYTES) return `${name} is larger than ${MAX_MENU_BYTES / 1024 / 1024} MB.`;
  if (file.type && !(ACCEPTED_MENU_TYPES as readonly string[]).includes(file.type))
    return `${name} is not ${ACCEPTED_MENU_TEXT}.`;
  return null;
}

/** The owner's page: add a menu, rename one, move one up or down, or remove one (one form per intent). */
export const menuFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    title: menuTitle,
    file: z.custom<File>(isFile, { error: MENU_MESSAGES.fileRequired }).superRefine((file, ctx) => {
      const problem = menuFileProblem(file);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  }),
  z.object({ intent: z.literal("rename"), menuId: z.uuid({ error: "Unknown menu." }), title: menuTitle }),
  z.object({ intent: z.enum(["up", "down", "delete"]), menuId: z.uuid({ error: "Unknown menu." }) }),
]);
export type MenuFormValues = z.output<typeof menuFormSchema>;

/** PATCH /api/v1/businesses/{id}/menus/{menuId}: a new title and/or position (0 is first). */
export const menuPatchSchema = z
  .strictObject({
    title: menuTitle.optional(),
    position: z.number({ error: "Position must be a whole number." }).int().min(0).max(1000).optional(),
  })
  .refine((v) => v.title !== undefined || v.position !== undefined, { message: "Give a title or a position." });
export type MenuPatch = z.output<typeof menuPatchSchema>;

import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businesses, businessMenus } from "~/.server/db/schema";
import type { Logger } from "~/.server/logger";
import { inspectPdf, looksLikePdf, PdfRejectedError, PDF_CONTENT_TYPE } from "~/.server/media/pdf";
import { ImageRejectedError, processImage, type ProcessedImage } from "~/.server/media/process";
import { deleteImages, documentName, newStorageKey } from "~/.server/media/storage";
import type { MediaStorage } from "~/.server/media/types";
import type { RateLimiter } from "~/.server/rate-limit";
import { AppError } from "~/lib/app-error";
import { PLAN_ALLOWANCES, type ListingPlan } from "~/lib/catalogue";
import { isUuid } from "~/lib/ids";
import { menuAllowanceMessage } from "./allowance";
import { managedMenus } from "./queries.server";
import { ACCEPTED_MENU_TEXT, MAX_MENU_BYTES, type MenuPatch } from "./schema";
import type { ManagedMenu } from "./types";

/**
 * Menu attachments (issue 36): the owner of a listing (or an admin) adds PDF or image menus up to the plan's
 * PLAN_ALLOWANCES.menuAttachments, renames, reorders and removes them. Files are checked by content and size before
 * anything is stored; images go through the photo pipeline, PDFs through pdf.js (page count, the first page as the
 * preview). Over the allowance after a downgrade: hidden, never deleted.
 */

export interface MenuDeps {
  db: Database;
  storage: MediaStorage;
  /** The photo upload rate (PHOTO_UPLOAD_RATE): a menu file counts as one upload. */
  uploadLimiter: RateLimiter;
  logger?: Logger;
}

export interface Actor {
  id: string;
  isAdmin: boolean;
  type: string;
}

export interface UploadedMenu {
  title: string;
  filename: string;
  body: Buffer;
}

const FORBIDDEN = "You can only manage your own businesses.";
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The listing, if this user manages it (the ownership rule is in the query). */
async function managedListing(db: Database | Tx, actor: Actor, businessId: string, lock = false) {
  if (!actor.isAdmin && actor.type !== "business") throw new AppError("forbidden", FORBIDDEN);
  if (!isUuid(businessId))
    throw actor.isAdmin ? new AppError("not_found", "No business with that id.") : new AppError("forbidden", FORBIDDEN);
  const owned = actor.isAdmin
    ? eq(businesses.id, businessId)
    : and(eq(businesses.id, businessId), eq(businesses.ownerId, actor.id));
  const query = db.select({ id: businesses.id, plan: businesses.plan }).from(businesses).where(owned).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row)
    throw actor.isAdmin ? new AppError("not_found", "No business with that id.") : new AppError("forbidden", FORBIDDEN);
  return row;
}

async function menuCount(db: Database | Tx, businessId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(businessMenus)
    .where(eq(businessMenus.businessId, businessId));
  return Number(row?.n ?? 0);
}

function limitError(plan: ListingPlan, wanted: number) {
  const message = menuAllowanceMessage(plan, wanted);
  return new AppError("bad_request", message, { file: message });
}

/** The owner's page and the API's list: every menu with whether the plan shows it. */
export async function listManagedMenus(deps: Pick<MenuDeps, "db">, actor: Actor, businessId: string) {
  const { plan } = await managedListing(deps.db, actor, businessId);
  return { plan, limit: PLAN_ALLOWANCES[plan].menuAttachments, menus: await managedMenus(deps.db, businessId, plan) };
}

/** Before the body is read (the API): may this user add a menu here now? */
export async function beginMenuUpload(deps: MenuDeps, actor: Actor, businessId: string) {
  const { plan } = await managedListing(deps.db, actor, businessId);
  if (!actor.isAdmin) {
    const used = await menuCount(deps.db, businessId);
    if (used >= PLAN_ALLOWANCES[plan].menuAttachments) throw limitError(plan, used + 1);
  }
}

interface StoredMenu {
  kind: "pdf" | "image";
  image: ProcessedImage;
  fileName: string | null;
  pageCount: number | null;
}

function fileError(error: unknown): AppError | null {
  if (error instanceof PdfRejectedError || error instanceof ImageRejectedError) {
    const status = error.reason === "too_large" ? "payload_too_large" : "bad_request";
    return new AppError(status, error.message, { file: error.message });
  }
  return null;
}

/** Checks the file by its content and stores it (the preview's variants, and a PDF itself). */
async function storeMenuFile(deps: MenuDeps, upload: UploadedMenu): Promise<StoredMenu> {
  const name = `"${upload.filename || "The file"}"`;
  if (upload.body.length === 0) throw new AppError("bad_request", `${name} is empty.`, { file: `${name} is empty.` });
  if (upload.body.length > MAX_MENU_BYTES) {
    const message = `${name} is larger than ${MAX_MENU_BYTES / 1024 / 1024} MB.`;
    throw new AppError("payload_too_large", message, { file: message });
  }
  try {
    if (!looksLikePdf(upload.body)) {
      try {
        return {
          kind: "image",
          image: await processImage(upload.body, { ...upload, storage: deps.storage }),
          fileName: null,
          pageCount: null,
        };
      } catch (error) {
        if (error instanceof ImageRejectedError && ["unsupported_format", "undecodable"].includes(error.reason)) {
          const message = `${name} is not ${ACCEPTED_MENU_TEXT}.`;
          throw new AppError("bad_request", message, { file: message });
        }
        throw error;
      }
    }
    const pdf = await inspectPdf(upload.body, { filename: upload.filename });
    const image = await processImage(pdf.preview, { filename: upload.filename, storage: deps.storage });
    const fileName = documentName(newStorageKey());
    try {
      await deps.storage.put(fileName, upload.body, PDF_CONTENT_TYPE);
    } catch (error) {
      await deleteImages(deps.storage, [image]).catch(() => {});
      throw error;
    }
    return { kind: "pdf", image, fileName, pageCount: pdf.pageCount };
  } catch (error) {
    throw fileError(error) ?? error;
  }
}

async function removeFiles(deps: MenuDeps, rows: { storageKey: string; widths: number[]; fileName: string | null }[]) {
  if (!rows.length) return;
  try {
    await deleteImages(deps.storage, rows);
    const documents = rows.flatMap((r) => (r.fileName ? [r.fileName] : []));
    if (documents.length) await deps.storage.delete(documents);
  } catch (error) {
    deps.logger?.warn("Could not delete menu files", { error: error instanceof Error ? error.message : String(error) });
  }
}

/** Adds a menu at the end. Owners stay within the plan (checked before the file is opened, and again at the end). */
export async function addMenu(deps: MenuDeps, actor: Actor, businessId: string, upload: UploadedMenu) {
  await beginMenuUpload(deps, actor, businessId);
  const wait = await deps.uploadLimiter.hit(actor.id);
  if (wait > 0) {
    const message = `You're uploading files too quickly. Try again in ${Math.max(1, Math.ceil(wait / 60))} minutes.`;
    throw new AppError("too_many_requests", message, { file: message }, { retryAfter: wait });
  }
  const stored = await storeMenuFile(deps, upload);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const { plan } = await managedListing(tx, actor, businessId, true);
      const used = await menuCount(tx, businessId);
      if (!actor.isAdmin && used >= PLAN_ALLOWANCES[plan].menuAttachments) throw limitError(plan, used + 1);
      const [row] = await tx
        .insert(businessMenus)
        .values({
          businessId,
          position: used,
          title: upload.title,
          kind: stored.kind,
          storageKey: stored.image.storageKey,
          widths: stored.image.widths,
          width: stored.image.width,
          height: stored.image.height,
          fileName: stored.fileName,
          fileBytes: upload.body.length,
          pageCount: stored.pageCount,
        })
        .returning({ id: businessMenus.id });
      await touch(tx, businessId);
      return row!.id;
    });
    return id;
  } catch (error) {
    await removeFiles(deps, [{ ...stored.image, fileName: stored.fileName }]);
    throw error;
  }
}

async function touch(tx: Tx, businessId: string) {
  // Announces the change (the businesses trigger NOTIFYs), so open pages refresh.
  await tx
    .update(businesses)
    .set({ updatedAt: sql`now()` })
    .where(eq(businesses.id, businessId));
}

function noMenu() {
  return new AppError("not_found", "No menu with that id on this business.");
}

/** A new title and/or position (the others close up around it). */
export async function updateMenu(
  deps: MenuDeps,
  actor: Actor,
  businessId: string,
  menuId: string,
  patch: MenuPatch,
): Promise<ManagedMenu[]> {
  return deps.db.transaction(async (tx) => {
    const { plan } = await managedListing(tx, actor, businessId, true);
    const rows = await tx
      .select({ id: businessMenus.id })
      .from(businessMenus)
      .where(eq(businessMenus.businessId, businessId))
      .orderBy(asc(businessMenus.position), asc(businessMenus.createdAt));
    const index = isUuid(menuId) ? rows.findIndex((r) => r.id === menuId) : -1;
    if (index < 0) throw noMenu();
    if (patch.title !== undefined)
      await tx.update(businessMenus).set({ title: patch.title }).where(eq(businessMenus.id, menuId));
    const order = rows.map((r) => r.id);
    if (patch.position !== undefined) {
      order.splice(index, 1);
      order.splice(Math.min(patch.position, order.length), 0, menuId);
    }
    for (const [position, id] of order.entries())
      await tx.update(businessMenus).set({ position }).where(eq(businessMenus.id, id));
    await touch(tx, businessId);
    return managedMenus(tx, businessId, plan);
  });
}

/** Moves a menu one place up or down (the owner's page without script). */
export async function moveMenu(deps: MenuDeps, actor: Actor, businessId: string, menuId: string, by: -1 | 1) {
  const { menus } = await listManagedMenus(deps, actor, businessId);
  const index = menus.findIndex((m) => m.id === menuId);
  if (index < 0) throw noMenu();
  return updateMenu(deps, actor, businessId, menuId, { position: Math.max(0, index + by) });
}

export async function deleteMenu(deps: MenuDeps, actor: Actor, businessId: string, menuId: string) {
  let removed: (typeof businessMenus.$inferSelect)[] = [];
  const menus = await deps.db.transaction(async (tx) => {
    const { plan } = await managedListing(tx, actor, businessId, true);
    removed = isUuid(menuId)
      ? await tx
          .delete(businessMenus)
          .where(and(eq(businessMenus.id, menuId), eq(businessMenus.businessId, businessId)))
          .returning()
      : [];
    if (!removed.length) throw noMenu();
    const rest = await tx
      .select({ id: businessMenus.id })
      .from(businessMenus)
      .where(eq(businessMenus.businessId, businessId))
      .orderBy(asc(businessMenus.position), asc(businessMenus.createdAt));
    for (const [position, row] of rest.entries())
      await tx.update(businessMenus).set({ position }).where(eq(businessMenus.id, row.id));
    await touch(tx, businessId);
    return managedMenus(tx, businessId, plan);
  });
  await removeFiles(deps, removed);
  return menus;
}

/** The PDF of a menu the plan shows on a published listing (or any, for its manager); null when there is none. */
export async function menuDocument(
  deps: Pick<MenuDeps, "db">,
  viewer: Actor | null,
  businessId: string,
  menuId: string,
): Promise<{ fileName: string; title: string } | null> {
  if (!isUuid(businessId) || !isUuid(menuId)) return null;
  const [listing] = await deps.db
    .select({ plan: businesses.plan, status: businesses.status, ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!listing) return null;
  const manager = !!viewer && (viewer.isAdmin || (viewer.type === "business" && listing.ownerId === viewer.id));
  if (!manager && listing.status !== "published") return null;
  const menus = await managedMenus(deps.db, businessId, listing.plan);
  const menu = menus.find((m) => m.id === menuId);
  if (!menu || menu.kind !== "pdf" || (menu.hidden && !manager)) return null;
  const [row] = await deps.db
    .select({ fileName: businessMenus.fileName })
    .from(businessMenus)
    .where(eq(businessMenus.id, menuId))
    .limit(1);
  return row?.fileName ? { fileName: row.fileName, title: menu.title } : null;
}

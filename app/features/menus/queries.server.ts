import { asc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { businessMenus } from "~/.server/db/schema";
import { PLAN_ALLOWANCES, type ListingPlan } from "~/lib/catalogue";
import { imageSources, mediaUrl } from "~/lib/images";
import type { ManagedMenu, MenuItem } from "./types";

type Row = typeof businessMenus.$inferSelect;
type Db = Pick<Database, "select">;

/** The route that sends a PDF menu as a download (the business page's links and the API's `href`). */
export function menuDownloadPath(businessId: string, menuId: string) {
  return `/business/${businessId}/menus/${menuId}/download`;
}

function toItem(row: Row): MenuItem {
  const { src, srcSet, width, height } = imageSources(row);
  const largest = Math.max(...row.widths, 0) || row.width;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    preview: { src, srcSet, width, height },
    href: row.kind === "pdf" ? menuDownloadPath(row.businessId, row.id) : mediaUrl(row.storageKey, largest),
    fileBytes: row.fileBytes,
    pageCount: row.pageCount,
  };
}

export async function menuRows(db: Db, businessId: string) {
  return db
    .select()
    .from(businessMenus)
    .where(eq(businessMenus.businessId, businessId))
    .orderBy(asc(businessMenus.position), asc(businessMenus.createdAt));
}

/** The menus a plan shows, in order: the first `menuAttachments`; the rest are hidden (kept) after a downgrade. */
export async function visibleMenus(db: Db, businessId: string, plan: ListingPlan): Promise<MenuItem[]> {
  const limit = PLAN_ALLOWANCES[plan].menuAttachments;
  if (limit === 0) return [];
  return (await menuRows(db, businessId)).slice(0, limit).map(toItem);
}

/** Every menu, for its owner (or an admin), each saying whether the plan shows it. */
export async function managedMenus(db: Db, businessId: string, plan: ListingPlan): Promise<ManagedMenu[]> {
  const limit = PLAN_ALLOWANCES[plan].menuAttachments;
  return (await menuRows(db, businessId)).map((row, i) => ({ ...toItem(row), position: i, hidden: i >= limit }));
}

import type { ListingPlan } from "../../lib/catalogue-basics";

/** A menu as the business page and the public API show it. */
export interface MenuItem {
  id: string;
  title: string;
  kind: "pdf" | "image";
  /** The preview (a PDF's first page, or the image itself) in the pipeline's variants. */
  preview: { src: string; srcSet: string; width: number; height: number };
  /** Where to get the file: a PDF's download route, or the image's largest variant. */
  href: string;
  fileBytes: number;
  pageCount: number | null;
}

/** What the owner's page sees: every menu, with whether the plan shows it. */
export interface ManagedMenu extends MenuItem {
  position: number;
  /** Over the plan's allowance (after a downgrade): kept, not shown. */
  hidden: boolean;
}

export interface ManagedMenus {
  plan: ListingPlan;
  limit: number;
  menus: ManagedMenu[];
}

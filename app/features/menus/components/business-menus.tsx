import { Download, FileText, ImageIcon } from "lucide-react";
import type { MenuItem } from "../types";

/** "1.2 MB", "340 KB". */
export function fileSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The business page's Menu section (issue 36): each menu's preview and a download, server-rendered HTML with no
 * script. A PDF downloads through its route (a safe file name, application/pdf); an image opens its largest variant.
 */
export function BusinessMenus({ menus, businessName }: { menus: MenuItem[]; businessName: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" data-testid="business-menus">
      {menus.map((menu) => (
        <li key={menu.id} className="overflow-hidden rounded-2xl border bg-card shadow-card" data-testid="menu-card">
          <a href={menu.href} className="block bg-muted" {...(menu.kind === "pdf" ? { download: "" } : {})}>
            <img
              src={menu.preview.src}
              srcSet={menu.preview.srcSet}
              sizes="(min-width: 1024px) 240px, (min-width: 640px) 45vw, 90vw"
              width={menu.preview.width}
              height={menu.preview.height}
              alt={`${businessName}: ${menu.title} (${menu.kind === "pdf" ? "first page" : "menu"})`}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full object-cover object-top"
            />
          </a>
          <div className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <h3 className="font-semibold break-words">{menu.title}</h3>
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                {menu.kind === "pdf" ? (
                  <FileText aria-hidden="true" className="size-4 shrink-0" />
                ) : (
                  <ImageIcon aria-hidden="true" className="size-4 shrink-0" />
                )}
                {menu.kind === "pdf"
                  ? `PDF · ${menu.pageCount ?? 1} ${menu.pageCount === 1 ? "page" : "pages"} · ${fileSize(menu.fileBytes)}`
                  : "Image"}
              </p>
            </div>
            <a
              href={menu.href}
              {...(menu.kind === "pdf" ? { download: "" } : {})}
              className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <Download aria-hidden="true" className="size-4" />
              {menu.kind === "pdf" ? "Download" : "Open"}
              <span className="sr-only"> {menu.title}</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

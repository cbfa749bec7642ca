import { getUser } from "~/features/auth/guards.server";
import { menuDocument } from "~/features/menus/mutations.server";
import { readDocument } from "~/.server/media/storage";
import type { Route } from "./+types/business-menu-download";

/**
 * /business/:id/menus/:menuId/download: a PDF menu as a download (issue 36). Only a menu the plan shows on a
 * published listing (its owner and admins: any of theirs); the file name is the title in plain letters, and the
 * content type is fixed, so the browser neither guesses nor renders it here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await getUser({ request, context });
  const found = await menuDocument(context, viewer, params.id ?? "", params.menuId ?? "");
  const body = found ? await readDocument(context.storage, found.fileName) : null;
  if (!found || !body) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const ascii =
    found.title
      .replace(/[^A-Za-z0-9 ._-]+/g, "")
      .trim()
      .replace(/\s+/g, "-") || "menu";
  const utf8 = encodeURIComponent(`${found.title}.pdf`);
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(body.length),
      "Content-Disposition": `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${utf8}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, max-age=300",
    },
  });
}

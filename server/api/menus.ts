import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { requireApiUser } from "./guards";
import { errorResponse } from "./openapi-schemas";
import type { AppEnv } from "../http/env";
import { menuDeps } from "~/features/menus/deps.server";
import { addMenu, beginMenuUpload, deleteMenu, listManagedMenus, updateMenu } from "~/features/menus/mutations.server";
import { visibleMenus } from "~/features/menus/queries.server";
import { menuPatchSchema, menuTitle } from "~/features/menus/schema";
import { getPublishedBusiness } from "~/features/directory/queries.server";
import { AppError } from "~/lib/app-error";
import { PLANS } from "~/lib/catalogue";

/**
 * Menu attachments (issue 36): the public list of a published listing's menus, and the owner's (or an admin's)
 * management, with the same rules as /business/edit/:id/menus (the same mutations): PLAN_ALLOWANCES.menuAttachments
 * per plan, files checked by content, the photo upload rate.
 */

const err = errorResponse;
const authErrors = {
  401: err("Not signed in"),
  403: err("Signed in, but not allowed (not an admin, not a business owner, or not the listing's owner)"),
};

const MenuSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    kind: z.enum(["pdf", "image"]),
    preview: z.object({ src: z.string(), srcSet: z.string(), width: z.number().int(), height: z.number().int() }),
    href: z.string().openapi({ description: "A PDF's download route, or the image's largest variant" }),
    fileBytes: z.number().int(),
    pageCount: z.number().int().nullable().openapi({ description: "PDFs: the number of pages" }),
  })
  .openapi("Menu");
const ManagedMenuSchema = MenuSchema.extend({
  position: z.number().int().openapi({ description: "0 is first" }),
  hidden: z.boolean().openapi({ description: "Over the plan's allowance (after a downgrade): kept, not shown" }),
}).openapi("ManagedMenu");
const ManagedMenusSchema = z
  .object({ plan: z.enum(PLANS), limit: z.number().int(), menus: z.array(ManagedMenuSchema) })
  .openapi("ManagedMenus");

const IdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Business UUID" }),
});
const MenuParams = IdParam.extend({
  menuId: z.string().openapi({ param: { name: "menuId", in: "path" }, description: "Menu UUID" }),
});

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireApiUser(c);
  await next();
};

function deps(c: Context<AppEnv>) {
  const { services } = c.var;
  return menuDeps({ ...services, db: services.database.db });
}

export function registerMenuRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/menus",
      summary: "A business's menus",
      description: "A published listing's menus in order, as many as its plan shows (Basic 0, Featured 3, Premium 20).",
      request: { params: IdParam },
      responses: {
        200: {
          description: "The menus",
          content: { "application/json": { schema: z.object({ menus: z.array(MenuSchema) }) } },
        },
        404: err("No such published business"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const business = await getPublishedBusiness(db, c.req.valid("param").id, { reviews: false });
      if (!business) throw new AppError("not_found", "No business with that id.");
      return c.json({ menus: await visibleMenus(db, business.id, business.plan) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/businesses/{id}/menus/managed",
      summary: "Every menu of a business (its owner, admins)",
      description: "Every menu, each saying whether the plan shows it, with the plan's allowance.",
      middleware: [signedIn] as const,
      request: { params: IdParam },
      responses: {
        200: { description: "The menus", content: { "application/json": { schema: ManagedMenusSchema } } },
        ...authErrors,
        404: err("No such business (admins)"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      return c.json(await listManagedMenus(deps(c), user, c.req.valid("param").id), 200);
    },
  );

  // Multipart: documented here, registered as a plain handler (the body is read after the access and plan checks).
  api.openAPIRegistry.registerPath({
    method: "post",
    path: "/businesses/{id}/menus",
    summary: "Add a menu",
    description:
      "multipart/form-data: `title` and one `file`, a PDF (up to 50 pages, no password) or a JPEG, PNG, WebP or AVIF image, up to 10 MB; checked by content. Appended after the others. Owners are limited by their plan (Basic 0, Featured 3, Premium 20); who may, and whether the plan has room, is checked before the body is read. Counts against the photo upload rate.",
    request: {
      params: IdParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ title: z.string().max(80), file: z.string().openapi({ format: "binary" }) }),
          },
        },
      },
    },
    responses: {
      201: { description: "Every menu, in order", content: { "application/json": { schema: ManagedMenusSchema } } },
      400: err(
        "No title or file, a file that is not a PDF or an image, an encrypted or broken PDF, or the plan is full",
      ),
      ...authErrors,
      404: err("No such business (admins)"),
      413: err("The file is larger than 10 MB"),
      429: err("Too many uploads lately; Retry-After gives the seconds to wait"),
    },
  });
  api.post("/businesses/:id/menus", signedIn, async (c) => {
    const user = await requireApiUser(c);
    const id = c.req.param("id") ?? "";
    const menuDepsNow = deps(c);
    await beginMenuUpload(menuDepsNow, user, id);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError("bad_request", "Send the menu as multipart/form-data with `title` and `file`.", {
        file: "Choose a file.",
      });
    }
    const unknown = [...new Set(form.keys())].filter((k) => k !== "title" && k !== "file");
    if (unknown.length)
      throw new AppError(
        "bad_request",
        `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}.`,
        Object.fromEntries(unknown.map((k) => [k, "Unknown field."])),
      );
    const title = menuTitle.safeParse(form.get("title") ?? "");
    if (!title.success)
      throw new AppError("bad_request", title.error.issues[0]!.message, { title: title.error.issues[0]!.message });
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0)
      throw new AppError("bad_request", "Choose a file: a PDF or an image.", {
        file: "Choose a file: a PDF or an image.",
      });
    await addMenu(menuDepsNow, user, id, {
      title: title.data,
      filename: file.name,
      body: Buffer.from(await file.arrayBuffer()),
    });
    return c.json(await listManagedMenus(menuDepsNow, user, id), 201);
  });

  api.openapi(
    createRoute({
      method: "patch",
      path: "/businesses/{id}/menus/{menuId}",
      summary: "Rename or move a menu",
      description: "A new `title` and/or `position` (0 is first; the others close up around it).",
      middleware: [signedIn] as const,
      request: {
        params: MenuParams,
        body: { content: { "application/json": { schema: menuPatchSchema } }, required: true },
      },
      responses: {
        200: { description: "Every menu, in order", content: { "application/json": { schema: ManagedMenusSchema } } },
        400: err("Invalid fields"),
        ...authErrors,
        404: err("No such menu on this business"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, menuId } = c.req.valid("param");
      const d = deps(c);
      await updateMenu(d, user, id, menuId, c.req.valid("json"));
      return c.json(await listManagedMenus(d, user, id), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "delete",
      path: "/businesses/{id}/menus/{menuId}",
      summary: "Remove a menu",
      description: "Removes the menu and its files; the others close up.",
      middleware: [signedIn] as const,
      request: { params: MenuParams },
      responses: {
        200: {
          description: "Every menu left, in order",
          content: { "application/json": { schema: ManagedMenusSchema } },
        },
        ...authErrors,
        404: err("No such menu on this business"),
      },
    }),
    async (c) => {
      const user = await requireApiUser(c);
      const { id, menuId } = c.req.valid("param");
      const d = deps(c);
      await deleteMenu(d, user, id, menuId);
      return c.json(await listManagedMenus(d, user, id), 200);
    },
  );
}

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessMenus } from "~/.server/db/schema";
import { businessMenusAction, loadBusinessMenus } from "~/routes/business-menus.server";
import { createBusiness as insertBusiness } from "../support/factories";
import { pagesApp } from "../support/page-app";
import { listingHarness, ORIGIN, png, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Menu attachments (issue 36): PDF or image menus with a title, in order, up to the plan's allowance (0 / 3 / 20) on
 * every write path (the owner's page, the API); files checked by content (a real PDF, a text file named .pdf, an
 * encrypted PDF); a downgrade hides (keeps) what is over, an upgrade shows it again; the business page's Menu section
 * and the PDF download; the role matrix on every new route and operation; OpenAPI.
 */

const FIXTURES = path.resolve("tests/fixtures/menus");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let h: ListingHarness;
let pages: Awaited<ReturnType<typeof pagesApp>>;
beforeAll(async () => {
  h = await listingHarness();
  pages = await pagesApp(h.ctx.services);
}, 120_000);
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;
type Who = Role | "visitor";

function menuForm(title: string, name: string, body: Buffer, type = "application/pdf") {
  const form = new FormData();
  form.append("title", title);
  form.append("file", new File([new Uint8Array(body)], name, { type }));
  return form;
}
function upload(who: Who, id: string, form: FormData) {
  return h.as(who).request(`/api/v1/businesses/${id}/menus`, { method: "POST", body: form });
}
function api(who: Who, method: string, p: string, body?: unknown) {
  return h.as(who).request(`/api/v1${p}`, body === undefined ? { method } : { method, json: body });
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
}
async function stored(id: string) {
  return db().select().from(businessMenus).where(eq(businessMenus.businessId, id));
}
function req(who: Who, p: string, body?: FormData) {
  const headers = new Headers();
  if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
  if (body) headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${p}`, body ? { method: "POST", headers, body } : { headers });
}
const listing = (name: string, plan: "basic" | "featured" | "premium") =>
  insertBusiness(db(), { name, ownerId: h.users.owner.id, plan });

describe("content checks", () => {
  it("takes a real PDF (page count, a first-page preview, the file kept) and an image; refuses a fake and an encrypted PDF", async () => {
    const b = await listing("Checked Menus", "premium");
    const ok = await upload("owner", b.id, menuForm("Dinner", "dinner.pdf", fixture("menu.pdf")));
    expect(ok.status, await ok.clone().text()).toBe(201);
    const body = (await ok.json()) as { menus: { kind: string; pageCount: number; preview: { src: string } }[] };
    expect(body.menus).toHaveLength(1);
    expect(body.menus[0]).toMatchObject({ kind: "pdf", pageCount: 2 });
    const [row] = await stored(b.id);
    expect(row!.fileName).toMatch(/^[a-z0-9]+\.pdf$/);
    expect(h.mediaFiles()).toContain(row!.fileName);
    expect(row!.widths.length).toBeGreaterThan(0);

    const fake = await upload("owner", b.id, menuForm("Fake", "fake.pdf", fixture("fake.pdf")));
    expect(fake.status).toBe(400);
    expect((await errorOf(fake)).fields?.file).toBe('"fake.pdf" is not a PDF, or a JPEG, PNG, WebP or AVIF image.');
    const encrypted = await upload("owner", b.id, menuForm("Secret", "encrypted.pdf", fixture("encrypted.pdf")));
    expect(encrypted.status).toBe(400);
    expect((await errorOf(encrypted)).message).toMatch(/protected by a password/);
    const truncated = await upload(
      "owner",
      b.id,
      menuForm("Broken", "broken.pdf", fixture("menu.pdf").subarray(0, 200)),
    );
    expect(truncated.status).toBe(400);
    expect((await errorOf(truncated)).message).toMatch(/could not be read as a PDF/);

    const image = await upload("owner", b.id, menuForm("Drinks", "drinks.png", await png(600, 800), "image/png"));
    expect(image.status).toBe(201);
    expect(((await image.json()) as { menus: { kind: string }[] }).menus.map((m) => m.kind)).toEqual(["pdf", "image"]);
    expect(await stored(b.id)).toHaveLength(2);
  }, 60_000);
});

describe("allowance", () => {
  it("refuses Basic naming Featured, stops Featured at 3 naming Premium, and admins are not limited", async () => {
    const basic = await listing("Basic Menus", "basic");
    const refused = await upload("owner", basic.id, menuForm("Dinner", "dinner.pdf", fixture("menu.pdf")));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(
      "The Basic plan doesn't include menus. Upgrade to Featured for up to 3.",
    );
    expect((await upload("admin", basic.id, menuForm("Admin's", "a.png", await png(40, 40), "image/png"))).status).toBe(
      201,
    );

    const featured = await listing("Featured Menus", "featured");
    for (const n of [1, 2, 3])
      expect(
        (await upload("owner", featured.id, menuForm(`Menu ${n}`, `${n}.png`, await png(40, 40), "image/png"))).status,
      ).toBe(201);
    const fourth = await upload("owner", featured.id, menuForm("Menu 4", "4.png", await png(40, 40), "image/png"));
    expect(fourth.status).toBe(400);
    expect((await errorOf(fourth)).message).toBe(
      "The Featured plan includes 3 menus. Upgrade to Premium for up to 20.",
    );

    // The owner's page says what is left and refuses the same way.
    const p = `/business/edit/${featured.id}/menus`;
    const params = { id: featured.id };
    const loaded = await settle(loadBusinessMenus({ request: req("owner", p), context: h.routeContext, params }));
    expect(loaded.value).toMatchObject({
      summary: "3 of 3 menus on the Featured plan",
      refusal: "The Featured plan includes 3 menus. Upgrade to Premium for up to 20.",
    });
    const form = menuForm("Menu 4", "4.png", await png(40, 40), "image/png");
    form.append("intent", "add");
    const page = await settle(businessMenusAction({ request: req("owner", p, form), context: h.routeContext, params }));
    expect(JSON.stringify(page)).toContain("The Featured plan includes 3 menus. Upgrade to Premium for up to 20.");
    expect(await stored(featured.id)).toHaveLength(3);
  }, 60_000);

  it("the owner's page adds, renames, moves and removes a menu (a plain form post)", async () => {
    const b = await listing("Page Menus", "featured");
    const p = `/business/edit/${b.id}/menus`;
    const params = { id: b.id };
    const act = (form: FormData) =>
      settle(businessMenusAction({ request: req("owner", p, form), context: h.routeContext, params }));
    const add = (title: string) => {
      const form = menuForm(title, "m.pdf", fixture("menu.pdf"));
      form.append("intent", "add");
      return act(form);
    };
    expect(JSON.stringify(await add("Lunch"))).toContain("added");
    expect(JSON.stringify(await add("Dinner"))).toContain("added");
    const loaded = await settle(loadBusinessMenus({ request: req("owner", p), context: h.routeContext, params }));
    expect(loaded.value).toMatchObject({ summary: "2 of 3 menus on the Featured plan", refusal: null });
    const [lunch, dinner] = (await stored(b.id)).sort((x, y) => x.position - y.position);
    const fields = (o: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(o)) form.append(k, v);
      return form;
    };
    await act(fields({ intent: "up", menuId: dinner!.id }));
    await act(fields({ intent: "rename", menuId: lunch!.id, title: "Weekday lunch" }));
    const order = (await stored(b.id)).sort((x, y) => x.position - y.position).map((m) => m.title);
    expect(order).toEqual(["Dinner", "Weekday lunch"]);
    await act(fields({ intent: "delete", menuId: dinner!.id }));
    expect((await stored(b.id)).map((m) => [m.title, m.position])).toEqual([["Weekday lunch", 0]]);
    expect(h.mediaFiles()).not.toContain(dinner!.fileName);
  }, 60_000);
});

describe("the business page, downgrade and upgrade", () => {
  it("shows the Menu section with a safe PDF download; a downgrade hides what is over (kept), an upgrade shows it", async () => {
    const b = await listing("Shown Menus", "premium");
    for (const n of [1, 2, 3, 4])
      expect((await upload("owner", b.id, menuForm(`Menu ${n}`, `m${n}.pdf`, fixture("menu.pdf")))).status).toBe(201);
    const page = async () => (await pages.request(`${ORIGIN}/business/${b.slug}`)).text();
    const html = await page();
    expect(html).toContain('aria-labelledby="menu-heading"');
    expect((html.match(/data-testid="menu-card"/g) ?? []).length).toBe(4);
    const [first] = (await stored(b.id)).sort((x, y) => x.position - y.position);
    const download = `/business/${b.id}/menus/${first!.id}/download`;
    expect(html).toContain(download);

    const res = await pages.request(`${ORIGIN}${download}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Menu-1.pdf"; filename*=UTF-8''Menu%201.pdf`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // The file is not served from /media.
    expect((await h.visitor.request(`/media/${first!.fileName}`)).status).toBe(404);

    expect((await api("admin", "PATCH", `/businesses/${b.id}`, { plan: "featured" })).status).toBe(200);
    expect((await page()).match(/data-testid="menu-card"/g)).toHaveLength(3);
    const publicList = (await (await api("visitor", "GET", `/businesses/${b.id}/menus`)).json()) as {
      menus: unknown[];
    };
    expect(publicList.menus).toHaveLength(3);
    const hidden = (await stored(b.id)).find((m) => m.position === 3)!;
    expect((await pages.request(`${ORIGIN}/business/${b.id}/menus/${hidden.id}/download`)).status).toBe(404);
    const managed = (await (await api("owner", "GET", `/businesses/${b.id}/menus/managed`)).json()) as {
      menus: { hidden: boolean }[];
    };
    expect(managed.menus.map((m) => m.hidden)).toEqual([false, false, false, true]);
    expect(await stored(b.id)).toHaveLength(4);

    expect((await api("admin", "PATCH", `/businesses/${b.id}`, { plan: "basic" })).status).toBe(200);
    expect(await page()).not.toContain('aria-labelledby="menu-heading"');
    expect((await api("admin", "PATCH", `/businesses/${b.id}`, { plan: "premium" })).status).toBe(200);
    expect((await page()).match(/data-testid="menu-card"/g)).toHaveLength(4);
  }, 90_000);
});

describe("role matrix", () => {
  it("every operation: visitor, customer, another owner, the owner, admin", async () => {
    const b = await listing("Matrix Menus", "featured");
    const add = (who: Who) => upload(who, b.id, menuForm("Dinner", "d.png", Buffer.alloc(0), "image/png"));
    // Refused before the file is read: 401 / 403 for the wrong people, 400 (an empty file) for the right ones.
    expect((await add("visitor")).status).toBe(401);
    expect((await add("customer")).status).toBe(403);
    expect((await add("other")).status).toBe(403);
    expect((await add("owner")).status).toBe(400);
    expect((await add("admin")).status).toBe(400);
    expect((await upload("owner", b.id, menuForm("Dinner", "d.pdf", fixture("menu.pdf")))).status).toBe(201);
    const [menu] = await stored(b.id);
    const m = `/businesses/${b.id}/menus/${menu!.id}`;

    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
      ["owner", 200],
      ["admin", 200],
    ] as const) {
      expect((await api(who, "GET", `/businesses/${b.id}/menus/managed`)).status, who).toBe(status);
      expect((await api(who, "PATCH", m, { title: `By ${who}` })).status, who).toBe(status);
    }
    for (const who of ["visitor", "customer", "other", "owner", "admin"] as const)
      expect((await api(who, "GET", `/businesses/${b.id}/menus`)).status, who).toBe(200);
    expect((await api("owner", "PATCH", m, { title: "" })).status).toBe(400);
    expect((await api("owner", "PATCH", m, { colour: "red" })).status).toBe(400);

    // The owner's page: visitor → sign in; customer and another owner → away; owner and admin may.
    const p = `/business/edit/${b.id}/menus`;
    const params = { id: b.id };
    const load = (who: Who) => settle(loadBusinessMenus({ request: req(who, p), context: h.routeContext, params }));
    expect((await load("visitor")).response?.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    for (const who of ["customer", "other"] as const) {
      expect((await load(who)).response?.headers.get("location"), who).toBe("/");
      const del = new FormData();
      del.append("intent", "delete");
      del.append("menuId", menu!.id);
      const { response } = await settle(
        businessMenusAction({ request: req(who, p, del), context: h.routeContext, params }),
      );
      expect(response?.status, who).toBe(302);
    }
    expect((await load("owner")).value).toMatchObject({ business: { id: b.id } });
    expect((await load("admin")).value).toMatchObject({ business: { id: b.id } });

    // The download: a visitor gets a published listing's menu; not a pending one's (its owner and admins do).
    const download = `${ORIGIN}/business/${b.id}/menus/${menu!.id}/download`;
    expect((await pages.request(download)).status).toBe(200);
    await db().update(businesses).set({ status: "pending" }).where(eq(businesses.id, b.id));
    expect((await pages.request(download)).status).toBe(404);
    expect((await pages.request(download, { headers: { cookie: h.users.other.cookie } })).status).toBe(404);
    expect((await pages.request(download, { headers: { cookie: h.users.owner.cookie } })).status).toBe(200);
    expect((await pages.request(download, { headers: { cookie: h.users.admin.cookie } })).status).toBe(200);
    expect((await api("visitor", "GET", `/businesses/${b.id}/menus`)).status).toBe(404);

    for (const [who, status] of [
      ["visitor", 401],
      ["customer", 403],
      ["other", 403],
    ] as const)
      expect((await api(who, "DELETE", m)).status, who).toBe(status);
    expect((await api("owner", "DELETE", m)).status).toBe(200);
    expect((await api("admin", "DELETE", m)).status).toBe(404);
  }, 90_000);
});

describe("OpenAPI", () => {
  it("documents every menu operation", async () => {
    const doc = (await (await h.app.request("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/businesses/{id}/menus"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/businesses/{id}/menus/managed"] ?? {})).toEqual(["get"]);
    expect(Object.keys(doc.paths["/businesses/{id}/menus/{menuId}"] ?? {}).sort()).toEqual(["delete", "patch"]);
  });
});

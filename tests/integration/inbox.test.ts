import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages } from "~/.server/db/schema";
import { UserMenuPanel } from "~/components/layout/user-menu-panel";
import { MessageForm } from "~/features/directory/components/message-form";
import { replyMailto } from "~/features/inbox/components/reply-link";
import { getInboxMessage, ownerInboxSummary } from "~/features/inbox/queries.server";
import type { InboxMessage, InboxPage } from "~/features/inbox/types";
import { inboxAction, loadInbox } from "~/routes/portal-inbox.server";
import { createBusiness } from "../support/factories";
import { renderPage } from "../support/render-page";
import { ORIGIN, listingHarness, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * The owner's inbox (issue #16): messages sent from a business page reach
 * its owner only. The API (/me/messages, PATCH /messages/{id}) and the
 * /portal/inbox action for every role; another owner's message is a 404.
 */

let h: ListingHarness;
const ids = {} as Record<"ownerCafe" | "ownerShop" | "otherBar", string>;

beforeAll(async () => {
  h = await listingHarness();
  const db = h.ctx.database.db;
  ids.ownerCafe = (await createBusiness(db, { name: "Owner Cafe", ownerId: h.users.owner.id })).id;
  ids.ownerShop = (await createBusiness(db, { name: "Owner Shop", ownerId: h.users.owner.id })).id;
  ids.otherBar = (await createBusiness(db, { name: "Other Bar", ownerId: h.users.other.id })).id;
});
afterAll(async () => {
  await h?.ctx.cleanup();
});

const db = () => h.ctx.database.db;

/** A message as the business page's form sends it (through the public API). */
async function send(businessId: string, name: string, message: string) {
  const res = await h.visitor.post(`/api/v1/businesses/${businessId}/messages`, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`,
    message,
  });
  expect(res.status).toBe(201);
  const [row] = await db()
    .select({ id: businessMessages.id })
    .from(businessMessages)
    .where(eq(businessMessages.senderName, name));
  return row!.id;
}

/** Inserts a message directly (past the form's rate limit), `minutesAgo` old. */
async function insert(businessId: string, senderName: string, minutesAgo: number) {
  const [row] = await db()
    .insert(businessMessages)
    .values({
      businessId,
      senderName,
      senderEmail: "bulk@example.org",
      body: `Bulk message from ${senderName}.`,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning({ id: businessMessages.id });
  return row!.id;
}

async function row(id: string) {
  const [r] = await db().select().from(businessMessages).where(eq(businessMessages.id, id));
  return r!;
}

type Who = Role | "visitor";
const api = (who: Who) => h.as(who);

async function inbox(who: Who, query = "") {
  return api(who).json<InboxPage>(`/api/v1/me/messages${query}`);
}

async function patch(who: Who, id: string, body: unknown) {
  const res = await api(who).request(`/api/v1/messages/${id}`, { method: "PATCH", json: body });
  return {
    status: res.status,
    body: (await res.json().catch(() => null)) as InboxMessage & {
      error?: { code: string; fields?: Record<string, string> };
    },
  };
}

let first: string;
let second: string;
let toOther: string;

describe("messages reach the listing's owner only", () => {
  beforeAll(async () => {
    first = await send(ids.ownerCafe, "Ada Visitor", "Do you have oat milk?\n\nAnd  gluten-free cake?");
    second = await send(ids.ownerShop, "Ben Visitor", "Are you open on Sunday afternoons?");
    toOther = await send(ids.otherBar, "Cy Visitor", "Can I book the back room for 12 people?");
  });

  it("401 signed out", async () => {
    const res = await inbox("visitor");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("the owner sees the messages to their listings, newest first, with the text as sent", async () => {
    const res = await inbox("owner");
    expect(res.status).toBe(200);
    expect(res.body.items.map((m) => m.senderName)).toEqual(["Ben Visitor", "Ada Visitor"]);
    expect(res.body).toMatchObject({ unread: 2, inbox: 2, archived: 0, total: 2, page: 1, pageCount: 1 });
    const ada = res.body.items[1]!;
    expect(ada).toMatchObject({
      id: first,
      businessId: ids.ownerCafe,
      businessName: "Owner Cafe",
      senderEmail: "ada.visitor@example.org",
      body: "Do you have oat milk?\n\nAnd  gluten-free cake?",
      readAt: null,
      archivedAt: null,
    });
  });

  it("another owner sees only theirs; a customer gets nothing", async () => {
    const other = await inbox("other");
    expect(other.body.items.map((m) => m.id)).toEqual([toOther]);
    const customer = await inbox("customer");
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({ items: [], total: 0, unread: 0 });
  });

  it("naming someone else's listing reads nothing; an admin may read any listing's messages", async () => {
    const sneaky = await inbox("owner", `?businessId=${ids.otherBar}`);
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.items).toEqual([]);
    const admin = await inbox("admin", `?businessId=${ids.otherBar}`);
    expect(admin.body.items.map((m) => m.id)).toEqual([toOther]);
    expect((await inbox("owner", "?businessId=not-a-uuid")).status).toBe(404);
  });

  it("bad filters and pages are a 400 naming the field", async () => {
    const bad = await inbox("owner", "?filter=spam");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "bad_request", fields: { filter: expect.any(String) } } });
    expect((await inbox("owner", "?page=0")).status).toBe(400);
    expect((await inbox("owner", "?page=abc")).status).toBe(400);
  });
});

describe("PATCH /api/v1/messages/{id}", () => {
  it("marks read and unread; read keeps the first read time", async () => {
    const read = await patch("owner", first, { read: true });
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    const firstRead = (await row(first)).readAt;
    await patch("owner", first, { read: true });
    expect((await row(first)).readAt).toEqual(firstRead);
    expect((await inbox("owner")).body.unread).toBe(1);
    const unread = await patch("owner", first, { read: false });
    expect(unread.body.readAt).toBeNull();
    expect((await row(first)).readAt).toBeNull();
  });

  it("archives: hidden from the inbox and its count, listed under archived; and back", async () => {
    expect((await patch("owner", second, { archived: true })).body.archivedAt).toEqual(expect.any(String));
    const box = await inbox("owner");
    expect(box.body.items.map((m) => m.id)).toEqual([first]);
    expect(box.body).toMatchObject({ unread: 1, inbox: 1, archived: 1 });
    expect((await ownerInboxSummary(db(), h.users.owner.id)).unread).toBe(1);
    const archived = await inbox("owner", "?filter=archived");
    expect(archived.body.items.map((m) => m.id)).toEqual([second]);
    await patch("owner", second, { archived: false });
    expect((await inbox("owner")).body.inbox).toBe(2);
  });

  it("owner B can neither read nor change owner A's message: 404, as if it didn't exist, and nothing changes", async () => {
    const before = await row(first);
    for (const body of [{ read: true }, { archived: true }]) {
      const res = await patch("other", first, body);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: "not_found", message: "Message not found." } });
    }
    // The same answer as for an id that doesn't exist.
    const missing = await patch("other", "00000000-0000-4000-8000-000000000000", { read: true });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual((await patch("other", first, { read: true })).body.error);
    expect((await patch("customer", first, { read: true })).status).toBe(404);
    expect(await row(first)).toEqual(before);
  });

  it("401 signed out, before looking at the body", async () => {
    expect((await patch("visitor", first, { read: true })).status).toBe(401);
    expect((await patch("visitor", first, { nonsense: 1 })).status).toBe(401);
  });

  it("bad input is a 400 naming the field, never a 500", async () => {
    const notBool = await patch("owner", first, { read: "yes" });
    expect(notBool.status).toBe(400);
    expect(notBool.body.error?.fields).toHaveProperty("read");
    const unknown = await patch("owner", first, { read: true, deleted: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toHaveProperty("deleted");
    expect((await patch("owner", first, {})).status).toBe(400);
    const notJson = await api("owner").request(`/api/v1/messages/${first}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(notJson.status).toBe(400);
    expect((await patch("owner", "not-a-uuid", { read: true })).status).toBe(404);
  });

  it("an admin may change any message", async () => {
    const res = await patch("admin", toOther, { read: true });
    expect(res.status).toBe(200);
    await patch("admin", toOther, { read: false });
  });

  it("is in the OpenAPI document with the /me routes", async () => {
    const doc = await h.visitor.json<{ paths: Record<string, unknown> }>("/api/v1/openapi.json");
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(["/me/businesses", "/me/messages", "/messages/{id}"]),
    );
  });
});

describe("/portal/inbox: the page and its form actions", () => {
  function post(who: Who, fields: Record<string, string>) {
    const headers = new Headers({ origin: ORIGIN });
    if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    const request = new Request(`${ORIGIN}/portal/inbox`, { method: "POST", headers, body });
    return settle(inboxAction({ request, context: h.routeContext }));
  }
  function load(who: Who, query = "") {
    const headers = new Headers();
    if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
    return settle(
      loadInbox({ request: new Request(`${ORIGIN}/portal/inbox${query}`, { headers }), context: h.routeContext }),
    );
  }
  const result = (value: unknown) =>
    value as { data: { ok: boolean; message: string }; init: { status?: number } | null };

  it("the loader lists the viewer's messages only; signed out goes to sign in", async () => {
    const owner = await load("owner");
    expect(owner.value!.items.map((m) => m.id).sort()).toEqual([first, second].sort());
    const other = await load("other");
    expect(other.value!.items.map((m) => m.id)).toEqual([toOther]);
    expect((await load("customer")).value!.items).toEqual([]);
    const visitor = await load("visitor");
    expect(visitor.response?.status).toBe(302);
    expect(visitor.response?.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    // A bad filter in the URL falls back to the inbox instead of failing.
    expect((await load("owner", "?filter=nope&page=-3")).value!.filter).toBe("all");
  });

  it("mark read, mark unread, archive and restore", async () => {
    const read = await post("owner", { intent: "read", messageId: first });
    expect(result(read.value).data).toEqual({ ok: true, message: "Marked as read." });
    expect((await row(first)).readAt).not.toBeNull();
    await post("owner", { intent: "unread", messageId: first });
    expect((await row(first)).readAt).toBeNull();
    await post("owner", { intent: "archive", messageId: first });
    expect((await row(first)).archivedAt).not.toBeNull();
    await post("owner", { intent: "unarchive", messageId: first });
    expect((await row(first)).archivedAt).toBeNull();
  });

  it("owner B's posts on owner A's message are a 404 and change nothing; a customer's too", async () => {
    const before = await row(first);
    for (const who of ["other", "customer"] as const) {
      for (const intent of ["read", "archive"]) {
        const res = result((await post(who, { intent, messageId: first })).value);
        expect(res.init?.status).toBe(404);
        expect(res.data).toEqual({ ok: false, message: "Message not found." });
      }
    }
    expect(await row(first)).toEqual(before);
  });

  it("signed out goes to sign in; an unknown intent or a missing id is a 400", async () => {
    expect((await post("visitor", { intent: "read", messageId: first })).response?.status).toBe(302);
    const bad = result((await post("owner", { intent: "delete", messageId: first })).value);
    expect(bad.init?.status).toBe(400);
    expect(bad.data.ok).toBe(false);
    expect(result((await post("owner", { intent: "read" })).value).init?.status).toBe(400);
    expect(result((await post("owner", { intent: "read", messageId: "x" })).value).init?.status).toBe(404);
  });
});

describe("unread first, then newest; pages of ten", () => {
  it("orders and pages", async () => {
    const business = (await createBusiness(db(), { name: "Busy Diner", ownerId: h.users.other.id })).id;
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push(await insert(business, `Sender ${i}`, 100 - i));
    // The newest is read: it goes after every unread one.
    await patch("other", made[11]!, { read: true });
    const page1 = await inbox("other", `?businessId=${business}`);
    expect(page1.body).toMatchObject({ total: 12, pageCount: 2, unread: 11 });
    expect(page1.body.items.map((m) => m.senderName).slice(0, 3)).toEqual(["Sender 10", "Sender 9", "Sender 8"]);
    const page2 = await inbox("other", `?businessId=${business}&page=2`);
    expect(page2.body.items.map((m) => m.senderName)).toEqual(["Sender 0", "Sender 11"]);
    const unreadOnly = await inbox("other", `?businessId=${business}&filter=unread&page=2`);
    expect(unreadOnly.body.items.map((m) => m.senderName)).toEqual(["Sender 0"]);
  });
});

describe("the user menu's unread count", () => {
  it("counts unread, unarchived messages to the user's listings in one query", async () => {
    expect(await ownerInboxSummary(db(), h.users.customer.id)).toEqual({ ownsListings: false, unread: 0 });
    const owner = await ownerInboxSummary(db(), h.users.owner.id);
    expect(owner.ownsListings).toBe(true);
    expect(owner.unread).toBe((await inbox("owner", "?filter=unread")).body.total);
  });

  it("shows My businesses with the badge for owners and business accounts, not for customers", () => {
    // The menu's sign-out <Form> needs a data router.
    const render = (user: Parameters<typeof UserMenuPanel>[0]["user"]) => {
      const Stub = createRoutesStub([{ path: "/", Component: () => createElement(UserMenuPanel, { user }) }]);
      return renderToString(createElement(Stub, { initialEntries: ["/"] }));
    };
    const base = { id: "u", name: "Olivia", email: "o@example.com", initials: "O", isAdmin: false };
    const owner = render({ ...base, type: "business", ownsListings: true, unreadMessages: 3 });
    expect(owner).toContain('href="/portal#my-listings"');
    expect(owner).toMatch(/My businesses.*3<span class="sr-only"> unread messages<\/span>/s);
    const noUnread = render({ ...base, type: "business", ownsListings: false, unreadMessages: 0 });
    expect(noUnread).toContain("My businesses");
    expect(noUnread).not.toContain("unread-messages-badge");
    expect(render({ ...base, type: "customer", ownsListings: false, unreadMessages: 0 })).not.toContain(
      "My businesses",
    );
  });
});

describe("a claimed listing's new owner sees what was sent since, not before (security review 37)", () => {
  it("messages sent while the listing had no owner stay out of the new owner's inbox, counts and menu", async () => {
    const unowned = await createBusiness(db(), { name: "Unclaimed Diner" });
    const before = await send(unowned.id, "Early Sender", "Private: my booking reference is 77.");
    const claim = await api("other").json<{ id: string }>(`/api/v1/businesses/${unowned.id}/claims`, {
      note: "I run this diner and want to manage its listing.",
      verificationMethod: "email_domain",
      verificationDetail: "me@diner.example",
    });
    expect(claim.status).toBe(201);
    const approved = await api("admin").request(`/api/v1/admin/claims/${claim.body.id}/approve`, {
      method: "POST",
      json: {},
    });
    expect(approved.status).toBe(200);
    const after = await send(unowned.id, "Later Sender", "Do you cater weddings?");

    const page = await inbox("other");
    const mine = page.body.items.filter((i) => i.businessId === unowned.id).map((i) => i.id);
    expect(mine).toEqual([after]);
    await expect(getInboxMessage(db(), { id: h.users.other.id, isAdmin: false }, before)).rejects.toThrow(
      "Message not found.",
    );
    expect((await patch("other", before, { read: true })).status).toBe(404);
    expect((await row(before)).readAt).toBeNull();
    const summary = await ownerInboxSummary(db(), h.users.other.id);
    expect(summary.unread).toBe(page.body.unread);
    expect(page.body.items.some((i) => i.id === before)).toBe(false);
    // Admins still see everything the listing received.
    const admin = await inbox("admin", `?businessId=${unowned.id}`);
    expect(admin.body.items.map((i) => i.id).sort()).toEqual([after, before].sort());
  });
});

describe("Reply by email", () => {
  it("is a mailto: link to the sender with the subject and the quoted message, encoded", () => {
    const href = replyMailto({
      senderEmail: "ada@example.org",
      senderName: "Ada",
      businessName: "Café & Co",
      body: "Line one?\nLine two & more",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("ada@example.org");
    expect(href).toContain(`subject=${encodeURIComponent("Re: your message to Café & Co")}&body=`);
    expect(url.searchParams.get("subject")).toBe("Re: your message to Café & Co");
    expect(url.searchParams.get("body")).toContain("Ada wrote:\n> Line one?\n> Line two & more");
  });
});

describe("the business page's Send Message form", () => {
  /** The form's Name and Email as `who` gets them (server-rendered, with the root's signed-in user). */
  async function prefilled(who: Role | "visitor") {
    const headers: Record<string, string> = who === "visitor" ? {} : { cookie: h.users[who].cookie };
    const request = new Request(`${ORIGIN}/business/${ids.ownerCafe}`, { headers });
    const Form = () => createElement(MessageForm, { businessName: "Owner Cafe" });
    const html = await renderPage(Form, { request, context: h.routeContext, loaderData: null });
    const value = (name: string) =>
      html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0].match(/value="([^"]*)"/)?.[1];
    return { name: value("name") ?? "", email: value("email") ?? "" };
  }

  it("is filled in with a signed-in reader's name and email; empty for a visitor", async () => {
    expect(await prefilled("customer")).toEqual({ name: "The customer", email: h.users.customer.email });
    expect(await prefilled("visitor")).toEqual({ name: "", email: "" });
  });
});

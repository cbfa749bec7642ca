import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage, Mailer } from "~/.server/mail";
import { adminAction } from "~/routes/admin.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/**
 * The owner hears about an admin's decision on their listing: approved (a
 * link to the live page), not approved or suspended (the admin's reason and
 * the edit page). Listings without an owner, and decisions that change
 * nothing, send nothing; only admins decide.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
const sent: MailMessage[] = [];
const mailer: Mailer = { mode: "outbox", send: async (m) => void sent.push(m), close: () => {} };
let adminCookie = "";
let ownerCookie = "";
let ownerEmail = "";
let ownerId = "";

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_NAME: "Near Springfield" });
  const app = createApp({ services: ctx.services });
  context = {
    ...ctx.services,
    mailer,
    db: ctx.database.db,
    nonce: "",
    requestId: "t",
    clientIp: "127.0.0.1",
  } as AppLoadContext;
  const admin = await signedInUser(app, ctx.database.db, { admin: true });
  const owner = await signedInUser(app, ctx.database.db, { type: "business", name: "Olive Owner" });
  adminCookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  ownerCookie = [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  ownerEmail = owner.email;
  ownerId = owner.id;
});
afterAll(async () => {
  await ctx?.cleanup();
});

async function moderate(cookie: string, id: string, action: string, reason = "") {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "moderate", id, name: "x", action, reason })) form.append(k, v);
  const request = new Request(`${ORIGIN}/admin`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
  try {
    return (await adminAction({ request, context })) as unknown;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("listing decision emails", () => {
  it("approve: the owner gets a link to the live page", async () => {
    sent.length = 0;
    const listing = await createBusiness(ctx.database.db, { name: "Olive's Deli", status: "pending", ownerId });
    expect(await moderate(adminCookie, listing.id, "approve")).toMatchObject({ ok: true, status: "published" });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: ownerEmail,
      subject: "Olive's Deli is now live on Near Springfield",
      // The page's readable address, at PUBLIC_URL (issue 40, defect 10).
      link: `${ORIGIN}/business/${listing.slug}`,
    });
    expect(sent[0]!.text).toContain(`${ORIGIN}/business/${listing.slug}\n`);
    expect(sent[0]!.html).toContain(`href="${ORIGIN}/business/${listing.slug}"`);
    expect(sent[0]!.text).toContain("Hi Olive Owner, good news");
    // Approving what is already published changes nothing and says nothing.
    await moderate(adminCookie, listing.id, "approve");
    expect(sent).toHaveLength(1);
  });

  it("reject and suspend: the admin's reason and the edit page, escaped in the HTML", async () => {
    sent.length = 0;
    const listing = await createBusiness(ctx.database.db, { name: "Olive's <Bakery>", status: "pending", ownerId });
    await moderate(adminCookie, listing.id, "reject", "Please add <b>opening hours</b>.");
    await moderate(adminCookie, listing.id, "approve");
    await moderate(adminCookie, listing.id, "suspend", "Reported as closed.");
    expect(sent.map((m) => m.subject)).toEqual([
      "Olive's <Bakery> wasn't approved on Near Springfield",
      "Olive's <Bakery> is now live on Near Springfield",
      "Olive's <Bakery> has been suspended on Near Springfield",
    ]);
    expect(sent[0]!.text).toContain("The admin's reason: Please add <b>opening hours</b>.");
    expect(sent[0]!.link).toBe(`${ORIGIN}/business/edit/${listing.id}`);
    expect(sent[0]!.html).toContain("Please add &lt;b&gt;opening hours&lt;/b&gt;.");
    expect(sent[0]!.html).not.toContain("<b>opening hours</b>");
    expect(sent[2]!.text).toContain("The admin's reason: Reported as closed.");
  });

  it("a listing without an owner sends nothing; an owner can't moderate (and nothing is sent)", async () => {
    sent.length = 0;
    const orphan = await createBusiness(ctx.database.db, { name: "No Owner Cafe", status: "pending", ownerId: null });
    expect(await moderate(adminCookie, orphan.id, "approve")).toMatchObject({ ok: true });
    const mine = await createBusiness(ctx.database.db, { name: "Self Approval", status: "pending", ownerId });
    const refused = await moderate(ownerCookie, mine.id, "approve");
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    expect(sent).toEqual([]);
  });
});

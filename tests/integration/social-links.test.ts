import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses } from "~/.server/db/schema";
import { exportListings } from "~/features/import/export.server";
import { nearRow } from "~/features/import/near-rows.server";
import { validateListing, type RawListing } from "~/features/import/listing.server";
import { NEAR_COLUMNS } from "~/features/import/columns";
import { loadEditBusiness, updateBusinessAction } from "~/routes/business-edit.server";
import { normalizeSocialUrl } from "~/lib/social-links";
import { createBusiness as insertBusiness } from "../support/factories";
import { pagesApp } from "../support/page-app";
import { listingBody, listingHarness, ORIGIN, settle, type ListingHarness, type Role } from "./listings-support";

/**
 * Social links (issue 36): Featured and Premium listings show them; validated https addresses on the network's own
 * host, through the form, the API and the export/import alike; Basic is refused with the plan named; a downgrade
 * hides them (kept), an upgrade shows them again; the business page shows them with rel="me", the JSON-LD in sameAs.
 */

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

function api(who: Who, method: string, path: string, body?: unknown) {
  const session = h.as(who);
  return session.request(`/api/v1${path}`, body === undefined ? { method } : { method, json: body });
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
}
async function stored(id: string) {
  const [row] = await db()
    .select({ socialLinks: businesses.socialLinks })
    .from(businesses)
    .where(eq(businesses.id, id));
  return row!.socialLinks;
}

function req(who: Who, path: string, body?: FormData) {
  const headers = new Headers();
  if (who !== "visitor") headers.set("cookie", h.users[who].cookie);
  if (body) headers.set("origin", ORIGIN);
  return new Request(`${ORIGIN}${path}`, body ? { method: "POST", headers, body } : { headers });
}

function editForm(name: string, extra: Record<string, string> = {}) {
  const fd = new FormData();
  const fields: Record<string, string> = {
    name,
    category: "restaurants",
    cuisine: "italian",
    address: "7 Oven Road",
    city: "Springfield",
    state: "IL",
    zip: "62701",
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const BASIC_REFUSAL = "The Basic plan doesn't include social links. Upgrade to Featured to add them.";

describe("validation", () => {
  it("keeps https addresses on the network's host, and refuses other hosts, http, bare domains and look-alikes", () => {
    expect(normalizeSocialUrl("instagram", "instagram.com/rosas")).toBe("https://instagram.com/rosas");
    expect(normalizeSocialUrl("facebook", "https://www.facebook.com/rosas")).toBe("https://www.facebook.com/rosas");
    expect(normalizeSocialUrl("x", "https://twitter.com/rosas")).toBe("https://twitter.com/rosas");
    expect(normalizeSocialUrl("yelp", "https://www.yelp.co.uk/biz/rosas")).toBe("https://www.yelp.co.uk/biz/rosas");
    for (const [network, bad] of [
      ["instagram", "http://instagram.com/rosas"],
      ["instagram", "https://instagram.com/"],
      ["instagram", "https://instagram.com.evil.example/rosas"],
      ["instagram", "https://evilinstagram.com/rosas"],
      ["facebook", "https://instagram.com/rosas"],
      ["facebook", "javascript:alert(1)//facebook.com/x"],
      ["facebook", "https://user:pw@facebook.com/x"],
      ["tiktok", "https://tiktok.com:8443/@rosas"],
    ] as const)
      expect(normalizeSocialUrl(network, bad), bad).toBeNull();
  });

  it("the API names the field and the network", async () => {
    const listing = await insertBusiness(db(), { name: "Valid Links", ownerId: h.users.owner.id, plan: "featured" });
    const res = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      socialLinks: { instagram: "https://facebook.com/valid-links" },
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.fields?.["socialLinks.instagram"]).toMatch(/Instagram page's https address/);
    const unknown = await api("owner", "PATCH", `/businesses/${listing.id}`, {
      socialLinks: { myspace: "https://myspace.com/x" },
    });
    expect(unknown.status).toBe(400);
    expect(await stored(listing.id)).toEqual({});
  });
});

describe("allowance", () => {
  it("API: Basic is refused naming Featured; Featured and admins may; the response lists every stored link", async () => {
    const created = await api(
      "owner",
      "POST",
      "/businesses",
      listingBody({ name: "Basic Socialite", socialLinks: { instagram: "https://instagram.com/basic" } }),
    );
    expect(created.status).toBe(400);
    expect(await errorOf(created)).toMatchObject({ message: BASIC_REFUSAL, fields: { socialLinks: BASIC_REFUSAL } });

    const basic = await insertBusiness(db(), { name: "Basic Links", ownerId: h.users.owner.id });
    const refused = await api("owner", "PATCH", `/businesses/${basic.id}`, {
      socialLinks: { facebook: "https://facebook.com/basic-links" },
    });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toBe(BASIC_REFUSAL);
    expect(await stored(basic.id)).toEqual({});
    // An empty set is not refused (nothing to show).
    expect((await api("owner", "PATCH", `/businesses/${basic.id}`, { socialLinks: {} })).status).toBe(200);
    // Admins are not limited.
    const admin = await api("admin", "PATCH", `/businesses/${basic.id}`, {
      socialLinks: { facebook: "https://facebook.com/basic-links" },
    });
    expect(admin.status).toBe(200);

    const featured = await insertBusiness(db(), {
      name: "Featured Links",
      ownerId: h.users.owner.id,
      plan: "featured",
    });
    const ok = await api("owner", "PATCH", `/businesses/${featured.id}`, {
      socialLinks: { instagram: "instagram.com/featured-links", youtube: "https://www.youtube.com/@featured" },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { socialLinks: unknown }).socialLinks).toEqual({
      instagram: "https://instagram.com/featured-links",
      youtube: "https://www.youtube.com/@featured",
    });
  });

  it("role matrix on the API write: visitor 401, customer and another owner 403, the owner and admins 200", async () => {
    const listing = await insertBusiness(db(), { name: "Matrix Links", ownerId: h.users.owner.id, plan: "premium" });
    const body = { socialLinks: { linkedin: "https://www.linkedin.com/company/matrix" } };
    expect((await api("visitor", "PATCH", `/businesses/${listing.id}`, body)).status).toBe(401);
    expect((await api("customer", "PATCH", `/businesses/${listing.id}`, body)).status).toBe(403);
    expect((await api("other", "PATCH", `/businesses/${listing.id}`, body)).status).toBe(403);
    expect(await stored(listing.id)).toEqual({});
    expect((await api("owner", "PATCH", `/businesses/${listing.id}`, body)).status).toBe(200);
    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { socialLinks: {} })).status).toBe(200);
    expect(await stored(listing.id)).toEqual({});
  });

  it("form: a Featured owner saves and clears links; a Basic form keeps hidden links; Basic is refused", async () => {
    const listing = await insertBusiness(db(), { name: "Form Links", ownerId: h.users.owner.id, plan: "featured" });
    const path = `/business/edit/${listing.id}`;
    const params = { id: listing.id };
    const save = (who: Who, extra: Record<string, string>) =>
      settle(
        updateBusinessAction({
          request: req(who, path, editForm("Form Links", extra)),
          context: h.routeContext,
          params,
        }),
      );

    const bad = await save("owner", { "socialLinks.edit": "1", "socialLinks.tiktok": "https://vimeo.com/x" });
    expect(JSON.stringify(bad)).toMatch(/TikTok page's https address/);
    expect(
      (await save("owner", { "socialLinks.edit": "1", "socialLinks.tiktok": "tiktok.com/@formlinks" })).value,
    ).toMatchObject({ ok: true });
    expect(await stored(listing.id)).toEqual({ tiktok: "https://tiktok.com/@formlinks" });
    const loaded = await settle(loadEditBusiness({ request: req("owner", path), context: h.routeContext, params }));
    expect(loaded.value).toMatchObject({ business: { socialLinks: { tiktok: "https://tiktok.com/@formlinks" } } });

    // Another owner and a customer are sent away (the links stay).
    for (const who of ["other", "customer"] as const) {
      const { response } = await save(who, { "socialLinks.edit": "1" });
      expect(response?.status).toBe(302);
    }
    expect(await stored(listing.id)).toEqual({ tiktok: "https://tiktok.com/@formlinks" });

    // Downgraded: the Basic form (no inputs, no `edit`) keeps the hidden links; sending one is refused.
    await db().update(businesses).set({ plan: "basic" }).where(eq(businesses.id, listing.id));
    expect((await save("owner", {})).value).toMatchObject({ ok: true });
    expect(await stored(listing.id)).toEqual({ tiktok: "https://tiktok.com/@formlinks" });
    const refused = await save("owner", { "socialLinks.edit": "1", "socialLinks.x": "https://x.com/formlinks" });
    expect(JSON.stringify(refused)).toContain(BASIC_REFUSAL);

    // Back on Featured: emptied inputs clear the links.
    await db().update(businesses).set({ plan: "featured" }).where(eq(businesses.id, listing.id));
    expect((await save("owner", { "socialLinks.edit": "1", "socialLinks.tiktok": "" })).value).toMatchObject({
      ok: true,
    });
    expect(await stored(listing.id)).toEqual({});
  });
});

describe("the business page, the public API and JSON-LD", () => {
  it("shows the links on Featured, hides (keeps) them after a downgrade, and shows them again on upgrade", async () => {
    const listing = await insertBusiness(db(), {
      name: "Shown Links Cafe",
      ownerId: h.users.owner.id,
      plan: "featured",
    });
    expect(
      (
        await api("owner", "PATCH", `/businesses/${listing.id}`, {
          socialLinks: { instagram: "https://instagram.com/shownlinks", yelp: "https://www.yelp.com/biz/shown-links" },
        })
      ).status,
    ).toBe(200);
    const page = async () => (await pages.request(`${ORIGIN}/business/${listing.slug}`)).text();
    const detail = async () =>
      ((await (await api("visitor", "GET", `/businesses/${listing.id}`)).json()) as { socialLinks: { url: string }[] })
        .socialLinks;

    const html = await page();
    expect(html).toContain('data-testid="social-links"');
    expect(html).toMatch(/<a href="https:\/\/instagram\.com\/shownlinks" target="_blank" rel="me noopener"/);
    expect(html).toContain("Yelp");
    // JSON-LD sameAs: the website and the profiles.
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]);
    expect(jsonLd.join()).toContain("https://instagram.com/shownlinks");
    expect((await detail()).map((l) => l.url)).toEqual([
      "https://instagram.com/shownlinks",
      "https://www.yelp.com/biz/shown-links",
    ]);

    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { plan: "basic" })).status).toBe(200);
    const hidden = await page();
    expect(hidden).not.toContain('data-testid="social-links"');
    expect(hidden).not.toContain("instagram.com/shownlinks");
    expect(await detail()).toEqual([]);
    expect(Object.keys(await stored(listing.id)).sort()).toEqual(["instagram", "yelp"]);
    // The owner still sees (and the API returns) what is kept.
    const own = (await (
      await api("owner", "PATCH", `/businesses/${listing.id}`, { name: "Shown Links Cafe" })
    ).json()) as {
      socialLinks: Record<string, string>;
    };
    expect(own.socialLinks.instagram).toBe("https://instagram.com/shownlinks");

    expect((await api("admin", "PATCH", `/businesses/${listing.id}`, { plan: "premium" })).status).toBe(200);
    expect((await detail()).length).toBe(2);
    expect(await page()).toContain('rel="me noopener"');
  }, 60_000);
});

describe("export and import", () => {
  it("exports a column per network and reads it back; a link off its network is left out, not the row", async () => {
    const listing = await insertBusiness(db(), { name: "Exported Links", ownerId: h.users.owner.id, plan: "premium" });
    await db()
      .update(businesses)
      .set({ socialLinks: { facebook: "https://facebook.com/exported" } })
      .where(eq(businesses.id, listing.id));
    expect(NEAR_COLUMNS).toContain("social_facebook");
    const lines: string[] = [];
    for await (const line of exportListings(db(), "jsonl")) lines.push(line);
    const row = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((r) => r.name === "Exported Links");
    expect(row).toMatchObject({ social_facebook: "https://facebook.com/exported", social_instagram: null });

    const raw = nearRow({ ...row, social_instagram: "https://evil.example/x" }, "test") as RawListing;
    const validated = validateListing(raw, { timezone: "America/Chicago", country: "US" });
    expect(validated.ok).toBe(true);
    if (validated.ok)
      expect(validated.listing.input.socialLinks).toEqual({ facebook: "https://facebook.com/exported" });
  });
});

describe("OpenAPI", () => {
  it("documents socialLinks on the write schemas, the managed listing and the public detail", async () => {
    const doc = (await (await h.app.request("/api/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    expect(doc.components.schemas.ManagedBusiness?.properties?.socialLinks).toBeDefined();
    expect(doc.components.schemas.BusinessDetail?.properties?.socialLinks).toBeDefined();
    const patch = JSON.stringify(doc.paths["/businesses/{id}"]?.patch?.requestBody);
    expect(patch).toContain("socialLinks");
    expect(patch).toContain("instagram");
  });
});

import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../../server/api/errors";
import { addAdmin, isAdmin, listAdmins, removeAdmin, syncAdminEmails } from "~/features/auth/admins.server";
import { ensureDemoAccounts } from "../../server/seed/demo-accounts";
import { requireAdmin, requireBusinessOwner, requireUser } from "~/features/auth/guards.server";
import { requireApiAdmin, requireApiBusinessOwner, requireApiUser } from "../../server/api/guards";
import { admins, businesses, users } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import type { AppEnv } from "../../server/http/env";
import { browserSession } from "../support/auth-http";
import { TEST_DRIVER } from "../support/db";
import { createTestServices } from "../support/services";

/**
 * The guards every protected loader, action and API route uses, for a
 * visitor, a customer, a business owner and an admin; the admins table
 * helpers, ADMIN_EMAILS, the demo accounts and the admins CLI.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>;
let routeContext: AppLoadContext;
const cookies: Record<"customer" | "owner" | "admin", string> = { customer: "", owner: "", admin: "" };
const ids: Record<"customer" | "owner" | "admin", string> = { customer: "", owner: "", admin: "" };
let ownedBusiness = "";
let otherBusiness = "";

async function account(role: "customer" | "owner" | "admin") {
  const client = browserSession(app);
  const email = `${role}@guards.example.com`;
  const res = await client.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
    name: `The ${role}`,
    email,
    password: "secret-1",
    type: role === "owner" ? "business" : "customer",
  });
  expect(res.status).toBe(200);
  ids[role] = res.body.user.id;
  // As following the emailed link would: admin rights need a verified email.
  await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, ids[role]));
  cookies[role] = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

async function insertBusiness(name: string, ownerId: string | null) {
  const [row] = await ctx.database.db
    .insert(businesses)
    .values({
      slug: name.toLowerCase().replace(/\W+/g, "-"),
      name,
      category: "restaurants",
      primaryCategory: "restaurants",
      address: "1 Main St",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      timezone: "America/Chicago",
      status: "published",
      ownerId,
    })
    .returning({ id: businesses.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test", AUTH_RATE_LIMIT: "false" });
  app = createApp({ services: ctx.services });
  routeContext = { ...ctx.services, db: ctx.database.db, nonce: "", requestId: "test", clientIp: "127.0.0.1" };
  await Promise.all([account("customer"), account("owner"), account("admin")]);
  await addAdmin(ctx.database.db, "Admin@Guards.Example.com");
  ownedBusiness = await insertBusiness("Owner's Diner", ids.owner);
  otherBusiness = await insertBusiness("Someone Else's Cafe", null);
});
afterAll(async () => {
  await ctx?.cleanup();
});

function request(pathname: string, who?: keyof typeof cookies) {
  return new Request(`http://near.test${pathname}`, { headers: who ? { cookie: cookies[who] } : {} });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the guard to throw a Response");
}

describe("route guards", () => {
  it("requireUser: a visitor goes to /auth and comes back afterwards; a user passes", async () => {
    const res = await thrown(
      requireUser({ request: request("/account/settings?tab=security"), context: routeContext }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/account/settings?tab=security")}`,
    );
    const user = await requireUser({ request: request("/account/settings", "customer"), context: routeContext });
    expect(user).toMatchObject({ id: ids.customer, isAdmin: false, type: "customer" });
  });

  it("requireAdmin: visitor → /auth?redirectTo=/admin; customer → / with Access Denied; admin passes", async () => {
    const visitor = await thrown(requireAdmin({ request: request("/admin"), context: routeContext }));
    expect(visitor.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin");

    const customer = await thrown(requireAdmin({ request: request("/admin", "customer"), context: routeContext }));
    expect(customer.status).toBe(302);
    expect(customer.headers.get("location")).toBe("/");
    expect(customer.headers.getSetCookie().join()).toMatch(/near_notice=accessDenied/);
    expect(customer.headers.get("X-Remix-Revalidate")).toBe("yes");

    const admin = await requireAdmin({ request: request("/admin", "admin"), context: routeContext });
    expect(admin).toMatchObject({ id: ids.admin, isAdmin: true });
  });

  it("requireBusinessOwner: the owner and an admin pass, anyone else is denied, in the query itself", async () => {
    const owner = await requireBusinessOwner(
      { request: request(`/business/edit/${ownedBusiness}`, "owner"), context: routeContext },
      ownedBusiness,
    );
    expect(owner.id).toBe(ids.owner);
    await expect(
      requireBusinessOwner(
        { request: request(`/business/edit/${ownedBusiness}`, "admin"), context: routeContext },
        ownedBusiness,
      ),
    ).resolves.toMatchObject({ id: ids.admin });

    for (const [who, businessId] of [
      ["owner", otherBusiness],
      ["customer", ownedBusiness],
      ["owner", "not-a-uuid"],
    ] as const) {
      const res = await thrown(
        requireBusinessOwner(
          { request: request(`/business/edit/${businessId}`, who), context: routeContext },
          businessId,
        ),
      );
      expect(res.headers.get("location")).toBe("/");
      expect(res.headers.getSetCookie().join()).toMatch(/near_notice=accessDenied/);
    }
    const visitor = await thrown(
      requireBusinessOwner(
        { request: request(`/business/edit/${ownedBusiness}`), context: routeContext },
        ownedBusiness,
      ),
    );
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const missing = await thrown(
      requireBusinessOwner(
        { request: request("/business/edit/x", "admin"), context: routeContext },
        "00000000-0000-4000-8000-000000000000",
      ),
    );
    expect(missing.status).toBe(404);
  });

  it("sees admin removal at once (no stale admin flag in the session)", async () => {
    await removeAdmin(ctx.database.db, "admin@guards.example.com");
    const res = await thrown(requireAdmin({ request: request("/admin", "admin"), context: routeContext }));
    expect(res.headers.get("location")).toBe("/");
    await addAdmin(ctx.database.db, "admin@guards.example.com");
  });
});

describe("API guards", () => {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    c.set("services", ctx.services);
    await next();
  });
  api.onError((error, c) => (error instanceof AppError ? errorResponse(c, error) : c.text(String(error), 500)));
  api.get("/me", async (c) => c.json({ id: (await requireApiUser(c)).id }));
  api.get("/admin", async (c) => c.json({ id: (await requireApiAdmin(c)).id }));
  api.post("/businesses/:id", async (c) => c.json({ id: (await requireApiBusinessOwner(c, c.req.param("id"))).id }));

  const call = (method: string, pathname: string, who?: keyof typeof cookies) =>
    api.request(`http://near.test${pathname}`, { method, headers: who ? { cookie: cookies[who] } : {} });

  it("answer 401 for a visitor, 403 for the wrong user, 404 for an admin's unknown business, in the API error shape", async () => {
    const visitor = await call("GET", "/me");
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue." } });
    expect((await call("GET", "/me", "customer")).status).toBe(200);

    const notAdmin = await call("GET", "/admin", "customer");
    expect(notAdmin.status).toBe(403);
    expect(await notAdmin.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await call("GET", "/admin", "admin")).status).toBe(200);

    expect((await call("POST", `/businesses/${ownedBusiness}`, "owner")).status).toBe(200);
    expect((await call("POST", `/businesses/${otherBusiness}`, "owner")).status).toBe(403);
    expect((await call("POST", `/businesses/${ownedBusiness}`, "customer")).status).toBe(403);
    expect((await call("POST", `/businesses/${otherBusiness}`, "admin")).status).toBe(200);
    expect((await call("POST", "/businesses/00000000-0000-4000-8000-000000000000", "admin")).status).toBe(404);
    expect((await call("POST", `/businesses/${ownedBusiness}`)).status).toBe(401);
  });
});

describe("admins", () => {
  it("adds, lists and removes emails case-insensitively", async () => {
    const db = ctx.database.db;
    expect(await addAdmin(db, "  New.Admin@Example.com ")).toBe(true);
    expect(await addAdmin(db, "new.admin@example.com")).toBe(false);
    const grant = await db.select().from(admins).where(eq(admins.email, "new.admin@example.com"));
    expect(grant).toEqual([expect.objectContaining({ userId: null })]);
    const list = await listAdmins(db);
    expect(list.find((a) => a.email === "new.admin@example.com")).toMatchObject({ hasAccount: false, name: null });
    expect(list.find((a) => a.email === "admin@guards.example.com")).toMatchObject({
      hasAccount: true,
      name: "The admin",
    });
    expect(await removeAdmin(db, "New.Admin@example.com")).toBe(true);
    expect(await removeAdmin(db, "new.admin@example.com")).toBe(false);
    await expect(addAdmin(db, "not an email")).rejects.toThrow(/not an email address/);
  });

  it("ADMIN_EMAILS adds what is missing and keeps the rest", async () => {
    const db = ctx.database.db;
    const added = await syncAdminEmails(db, ["ops@example.com", "admin@guards.example.com", "OPS@example.com"]);
    expect(added).toEqual(["ops@example.com"]);
    expect(await syncAdminEmails(db, ["ops@example.com"])).toEqual([]);
    const rows = await db.select().from(admins).where(eq(admins.email, "ops@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("demo accounts: an admin, an owner of a few businesses and a customer, with passwords that sign in", async () => {
    const first = await ensureDemoAccounts({
      auth: ctx.services.auth,
      db: ctx.database.db,
      config: ctx.services.config,
    });
    expect(first.created).toBe(3);
    expect(first.accounts.map((a) => a.role)).toEqual(["admin", "owner", "customer"]);
    const again = await ensureDemoAccounts({
      auth: ctx.services.auth,
      db: ctx.database.db,
      config: ctx.services.config,
    });
    expect(again.created).toBe(0);
    expect(again.accounts.map((a) => a.password)).toEqual(first.accounts.map((a) => a.password));

    const admin = first.accounts.find((a) => a.role === "admin")!;
    const [demoAdmin] = await ctx.database.db.select().from(users).where(eq(users.email, admin.email));
    expect(await isAdmin(ctx.database.db, demoAdmin!)).toBe(true);
    const client = browserSession(app);
    const res = await client.json<{ user: { emailVerified: boolean } }>("/api/auth/sign-in/email", {
      email: admin.email,
      password: admin.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(true);
    const file = JSON.parse(fs.readFileSync(path.join(ctx.services.config.dataDir, "demo-accounts.json"), "utf8")) as {
      accounts: unknown[];
    };
    expect(file.accounts).toHaveLength(3);
  });
});

describe("npm run admin", () => {
  const run = promisify(execFile);
  const tsx = path.resolve("node_modules/.bin/tsx");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "near-admin-cli-"));
  // PGlite: a data directory of its own; PostgreSQL: this file's database.
  const admin = (...args: string[]) =>
    run(tsx, ["scripts/admin.ts", ...args], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        DATABASE_URL: TEST_DRIVER === "postgres" ? (ctx.database.url ?? "") : "",
      },
    });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("add, list, remove", { timeout: 90_000 }, async () => {
    expect((await admin("add", "Cli.Admin@Example.com")).stdout).toMatch(
      /Added cli\.admin@example\.com to the admins\./,
    );
    expect((await admin("list")).stdout).toMatch(/cli\.admin@example\.com {2}\(waiting for a verified sign-in\)/);
    expect((await admin("remove", "cli.admin@example.com")).stdout).toMatch(/Removed cli\.admin@example\.com/);
    await expect(admin("add", "nope")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/not an email address/),
    });
    await expect(admin("frobnicate")).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/Usage:/) });
  });
});

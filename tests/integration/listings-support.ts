import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { addAdmin } from "~/features/auth/admins.server";
import { users as userTable } from "~/.server/db/schema";
import { createApp } from "../../server/http/app";
import { browserSession } from "../support/auth-http";
import { createTestServices } from "../support/services";

/** Shared set-up of the listing tests: an app, one signed-in session per role, image fixtures. */

export const ORIGIN = "http://near.test";
export type Role = "customer" | "owner" | "other" | "admin";
export type Session = ReturnType<typeof browserSession>;

export async function listingHarness(env: Record<string, string> = {}) {
  const ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", ...env });
  const app = createApp({ services: ctx.services });
  const sessions = {} as Record<Role, Session>;
  const users = {} as Record<Role, { id: string; email: string; cookie: string }>;
  for (const role of ["customer", "owner", "other", "admin"] as const) {
    const session = browserSession(app, ORIGIN);
    const email = `${role}@listings.example.com`;
    const res = await session.json<{ user: { id: string } }>("/api/auth/sign-up/email", {
      name: `The ${role}`,
      email,
      password: "secret-1",
      type: role === "owner" || role === "other" ? "business" : "customer",
    });
    expect(res.status).toBe(200);
    sessions[role] = session;
    users[role] = { id: res.body.user.id, email, cookie: [...session.jar].map(([k, v]) => `${k}=${v}`).join("; ") };
  }
  // Admin rights need a verified email (as following the emailed link would).
  await ctx.database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, users.admin.id));
  await addAdmin(ctx.database.db, users.admin.email);
  const visitor = browserSession(app, ORIGIN);
  const routeContext: AppLoadContext = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "test",
    clientIp: "127.0.0.1",
  };
  const mediaDir = path.join(ctx.services.config.dataDir, "media");
  return {
    ctx,
    app,
    sessions,
    users,
    visitor,
    routeContext,
    mediaDir,
    /** Names of the files in DATA_DIR/media. */
    mediaFiles: () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir).sort() : []),
    as: (role: Role | "visitor") => (role === "visitor" ? visitor : sessions[role]),
  };
}

export type ListingHarness = Awaited<ReturnType<typeof listingHarness>>;

export function png(width = 640, height = 480, color = { r: 200, g: 80, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A valid listing body for POST /api/v1/businesses. */
export function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Luna Noodle Bar",
    category: "restaurants",
    cuisine: "chinese",
    description: "Hand-pulled noodles and dumplings.",
    address: "12 Elm Street",
    city: "Springfield",
    state: "IL",
    zip: "62701",
    phone: "(217) 555-0142",
    website: "lunanoodles.example",
    priceRange: "$$",
    features: ["Takeout", "Vegetarian Options"],
    hours: [
      { day: 1, open: "11:00", close: "21:00" },
      { day: 5, open: "18:00", close: "02:00", overnight: true },
      { day: 0, isClosed: true },
    ],
    ...overrides,
  };
}

/** A multipart body of files under `photos`. */
export function photoForm(files: { name: string; body: Buffer; type?: string }[], alts: string[] = []) {
  const form = new FormData();
  for (const f of files)
    form.append("photos", new File([new Uint8Array(f.body)], f.name, { type: f.type ?? "image/png" }));
  for (const a of alts) form.append("alt", a);
  return form;
}

/** Runs a route loader/action and returns what it threw or returned as a Response-like result. */
export async function settle<T>(promise: Promise<T>): Promise<{ response?: Response; value?: T }> {
  try {
    const value = await promise;
    if (value instanceof Response) return { response: value };
    return { value };
  } catch (error) {
    if (error instanceof Response) return { response: error };
    throw error;
  }
}

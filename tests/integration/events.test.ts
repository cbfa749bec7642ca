import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRsvps, events } from "~/.server/db/schema";
import { RateLimiter } from "~/.server/rate-limit";
import { moderateEvent, setRsvp, submitEvent } from "~/features/events/mutations.server";
import { businessEvents, eventsGoing, eventsSubmittedBy, listUpcomingEvents } from "~/features/events/queries.server";
import { parseEventFilters } from "~/features/events/filters";
import { eventInputSchema } from "~/features/events/schema";
import { instantToZonedDate, zonedToInstant } from "~/features/events/time";
import { loadAdminEvents, moderateEventAction } from "~/routes/admin-events.server";
import { loadEvents, rsvpAction } from "~/routes/events.server";
import { submitEventAction } from "~/routes/events-new.server";
import { createApp } from "../../server/http/app";
import { createBusiness } from "../support/factories";
import { png } from "./listings-support";
import { createTestServices } from "../support/services";
import { signedInUser } from "../support/users";

/** Events: the public list and its filters, Submit Event → pending → approval, RSVP, and who may do what. */

const ORIGIN = "http://near.test";
const TZ = "America/Chicago";
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const dayIn = (days: number) => instantToZonedDate(new Date(now.getTime() + days * DAY), TZ);

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
type Who = "visitor" | "alice" | "bob" | "admin";
const cookies = {} as Record<Who, string>;
const users = {} as Record<Exclude<Who, "visitor">, { id: string; isAdmin: boolean }>;
let alicesCafe: Awaited<ReturnType<typeof createBusiness>>;
const db = () => ctx.database.db;
const unlimited = () => new RateLimiter(1000, 60_000);

async function insertEvent(values: Partial<typeof events.$inferInsert> & { inDays: number; title: string }) {
  const { inDays, ...rest } = values;
  const [row] = await db()
    .insert(events)
    .values({
      description: "A lovely thing to do with neighbors.",
      venue: "Town Square",
      city: "Springfield",
      citySlug: "springfield",
      category: "music",
      status: "approved",
      startsAt: zonedToInstant(dayIn(inDays), "18:00", TZ),
      endsAt: zonedToInstant(dayIn(inDays), "20:00", TZ),
      ...rest,
    })
    .returning();
  return row!;
}

const input = (over: Record<string, unknown> = {}) =>
  eventInputSchema.parse({
    title: "Neighborhood Chili Cook-Off",
    description: "Bring a pot of your best chili; the crowd votes on the winner.",
    date: dayIn(5),
    startTime: "12:00",
    endTime: "15:00",
    venue: "Lincoln Park Pavilion",
    city: "Springfield",
    category: "food",
    ...over,
  });

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", SITE_TIMEZONE: TZ });
  const app = createApp({ services: ctx.services });
  for (const who of ["alice", "bob", "admin"] as const) {
    const user = await signedInUser(app, db(), { name: who, admin: who === "admin", type: "business" });
    cookies[who] = [...user.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    users[who] = { id: user.id, isAdmin: who === "admin" };
  }
  cookies.visitor = "";
  context = { ...ctx.services, db: db(), nonce: "", requestId: "t", clientIp: "127.0.0.1" } as AppLoadContext;
  // Featured: its events count against the plan's coupons or events (Basic includes none).
  alicesCafe = await createBusiness(db(), { name: "Alice's Cafe", ownerId: users.alice.id, plan: "featured" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

function request(who: Who, path: string, body?: Record<string, string | File>) {
  const headers = new Headers();
  if (cookies[who]) headers.set("cookie", cookies[who]);
  if (!body) return new Request(`${ORIGIN}${path}`, { headers });
  headers.set("origin", ORIGIN);
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form });
}

/** A loader's or action's answer: `data()` unwrapped, or the Response it returned or threw. */
async function run<T>(fn: () => Promise<T>) {
  try {
    const result = (await fn()) as unknown as { data?: unknown; init?: { status?: number } | null };
    if (result && typeof result === "object" && "data" in result && "init" in result)
      return { status: result.init?.status ?? 200, body: result.data as never, location: null };
    return { status: 200, body: result as never, location: null };
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, body: null as never, location: error.headers.get("location") };
    throw error;
  }
}

describe("the public list", () => {
  it("shows approved upcoming events soonest first, with filters for city, category and a date range", async () => {
    await insertEvent({ title: "Jazz Tonight", inDays: 1 });
    await insertEvent({ title: "Taco Fest", inDays: 3, category: "food" });
    await insertEvent({
      title: "Harbor Food Walk",
      inDays: 2,
      category: "food",
      city: "Baltimore",
      citySlug: "baltimore",
    });
    await insertEvent({ title: "Still Pending", inDays: 2, status: "pending" });
    await insertEvent({ title: "Was Rejected", inDays: 2, status: "rejected" });
    await db()
      .insert(events)
      .values({
        title: "Already Over",
        description: "Past.",
        venue: "x",
        city: "Springfield",
        citySlug: "springfield",
        category: "music",
        status: "approved",
        startsAt: new Date(now.getTime() - 3 * DAY),
        endsAt: new Date(now.getTime() - 3 * DAY + 3600_000),
      });
    const list = async (q: string) =>
      (await listUpcomingEvents(db(), parseEventFilters(new URLSearchParams(q)), { timeZone: TZ })).items.map(
        (e) => e.title,
      );
    expect(await list("")).toEqual(["Jazz Tonight", "Harbor Food Walk", "Taco Fest"]);
    expect(await list("city=baltimore")).toEqual(["Harbor Food Walk"]);
    expect(await list("category=food")).toEqual(["Harbor Food Walk", "Taco Fest"]);
    expect(await list(`from=${dayIn(2)}`)).toEqual(["Harbor Food Walk", "Taco Fest"]);
    expect(await list(`from=${dayIn(1)}&to=${dayIn(2)}`)).toEqual(["Jazz Tonight", "Harbor Food Walk"]);
    expect(await list(`date=${dayIn(3)}`)).toEqual(["Taco Fest"]); // the spec's single Date field
    expect(await list("city=washington")).toEqual([]);
    // Bad values fall back to "all" (a shared link never breaks the page).
    expect(await list("category=%3Cscript%3E&from=yesterday&show=-5")).toHaveLength(3);
  });

  it("loads more in steps, and offers the spec's cities plus any city present", async () => {
    const page = await run(() => loadEvents({ request: request("visitor", "/events?show=8"), context }));
    const body = page.body as Awaited<ReturnType<typeof loadEvents>>;
    expect(body.cities.map((c) => c.value)).toEqual(["all", "washington", "baltimore", "philadelphia", "springfield"]);
    expect(body.signedIn).toBe(false);
    expect(body.hasMore).toBe(false);
    const limited = await listUpcomingEvents(
      db(),
      { ...parseEventFilters(new URLSearchParams()), show: 1 },
      { timeZone: TZ },
    );
    expect(limited).toMatchObject({ hasMore: true, total: 3 });
    expect(limited.items).toHaveLength(1);
  });
});

describe("Submit Event", () => {
  it("validates on the server with the form's messages", async () => {
    const res = await run(() =>
      submitEventAction({
        request: request("alice", "/events/new", {
          title: "",
          description: "short",
          date: "2020-13-40",
          startTime: "9",
          endTime: "",
          venue: "",
          city: "",
          category: "sports",
        }),
        context,
      }),
    );
    expect(res.status).toBe(400);
    const errors = (res.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.title?.[0]).toBe("Title is required.");
    expect(errors.description?.[0]).toBe("Description must be at least 20 characters.");
    expect(errors.category?.[0]).toBe("Choose a category: Food & Drink, Music, Art or Business.");
    expect(errors.date?.[0]).toBe("Enter a date.");
  });

  it("refuses an end before the start and a start in the past", async () => {
    expect(eventInputSchema.safeParse({ ...input(), endTime: "11:00" }).success).toBe(false);
    await expect(
      submitEvent(db(), users.alice, input({ date: dayIn(-2) }), { timeZone: TZ, limiter: unlimited() }),
    ).rejects.toMatchObject({ code: "bad_request", fields: { date: "The event must start in the future." } });
  });

  it("stores a pending event that only appears after an admin approves it", async () => {
    const res = await run(() =>
      submitEventAction({
        request: request("alice", "/events/new", {
          title: "Cafe Poetry Night",
          description: "Local poets read new work; coffee and cake on the house.",
          date: dayIn(4),
          startTime: "19:00",
          endTime: "21:00",
          venue: "Alice's Cafe",
          city: "Springfield",
          category: "art",
          businessId: alicesCafe.id,
        }),
        context,
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, title: "Cafe Poetry Night" } });
    const [row] = await db().select().from(events).where(eq(events.title, "Cafe Poetry Night"));
    expect(row).toMatchObject({ status: "pending", businessId: alicesCafe.id, submittedBy: users.alice.id });
    expect(row!.startsAt.toISOString()).toBe(zonedToInstant(dayIn(4), "19:00", TZ).toISOString());
    const titles = async () =>
      (await listUpcomingEvents(db(), parseEventFilters(new URLSearchParams()), { timeZone: TZ })).items.map(
        (e) => e.title,
      );
    expect(await titles()).not.toContain("Cafe Poetry Night");
    expect((await eventsSubmittedBy(db(), users.alice.id)).map((e) => e.status)).toContain("pending");

    // Bob (not an admin) cannot approve; the admin can.
    const denied = await run(() =>
      moderateEventAction({
        request: request("bob", "/admin/events", { intent: "approve", eventId: row!.id }),
        context,
      }),
    );
    expect(denied.status).toBe(302);
    await expect(moderateEvent(db(), users.bob, row!.id, "approve")).rejects.toMatchObject({ code: "forbidden" });
    const pending = await run(() => loadAdminEvents({ request: request("admin", "/admin/events"), context }));
    expect((pending.body as { items: { title: string }[] }).items.map((e) => e.title)).toContain("Cafe Poetry Night");
    const approved = await run(() =>
      moderateEventAction({
        request: request("admin", "/admin/events", { intent: "approve", eventId: row!.id }),
        context,
      }),
    );
    expect(approved.body).toMatchObject({ ok: true });
    expect(await titles()).toContain("Cafe Poetry Night");
    expect((await businessEvents(db(), alicesCafe.id, null)).map((e) => e.title)).toEqual(["Cafe Poetry Night"]);
  });

  it("stores the form's photo re-encoded under /media, and refuses a file that isn't an image", async () => {
    const fields = {
      description: "Screen-printed posters by local artists, printed live while you wait.",
      date: dayIn(6),
      startTime: "18:00",
      endTime: "20:00",
      venue: "Print Shop",
      city: "Springfield",
      category: "art",
    };
    const poster = new File([new Uint8Array(await png(1200, 675))], "poster.png", { type: "image/png" });
    const res = await run(() =>
      submitEventAction({
        request: request("alice", "/events/new", { ...fields, title: "Poster Night", image: poster }),
        context,
      }),
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await db().select().from(events).where(eq(events.title, "Poster Night"));
    const match = /^\/media\/([\w-]+-800\.webp)$/.exec(row!.imageUrl ?? "");
    expect(match, `imageUrl ${row!.imageUrl}`).not.toBeNull();
    const file = path.join(ctx.services.config.dataDir, "media", match![1]!);
    expect((await sharp(file).metadata()).format).toBe("webp");

    const fake = new File(["not a picture"], "fake.png", { type: "image/png" });
    const refused = await run(() =>
      submitEventAction({
        request: request("alice", "/events/new", { ...fields, title: "Fake Poster Night", image: fake }),
        context,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      ok: false,
      result: { error: { image: [expect.stringMatching(/fake\.png/)] } },
    });
    expect(await db().select().from(events).where(eq(events.title, "Fake Poster Night"))).toEqual([]);
  });

  it("lets a user host only at their own business: Bob cannot name Alice's cafe", async () => {
    await expect(
      submitEvent(db(), users.bob, input({ businessId: alicesCafe.id }), { timeZone: TZ, limiter: unlimited() }),
    ).rejects.toMatchObject({ code: "bad_request", fields: { businessId: "Choose one of your businesses." } });
  });

  it("sends a signed-out visitor to sign in, and rate-limits submissions", async () => {
    const res = await run(() =>
      submitEventAction({ request: request("visitor", "/events/new", { title: "x" }), context }),
    );
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/auth\?redirectTo=%2Fevents%2Fnew/);
    const limiter = new RateLimiter(1, 60_000);
    await submitEvent(db(), users.bob, input(), { timeZone: TZ, limiter });
    await expect(submitEvent(db(), users.bob, input(), { timeZone: TZ, limiter })).rejects.toMatchObject({
      code: "too_many_requests",
    });
  });
});

describe("RSVP", () => {
  it("counts RSVPs, cancels them, and refuses events that aren't public", async () => {
    const open = await insertEvent({ title: "Board Game Night", inDays: 6 });
    const hidden = await insertEvent({ title: "Secret Pending", inDays: 6, status: "pending" });
    const rsvp = (who: "alice" | "bob" | "visitor", eventId: string, intent = "rsvp") =>
      run(() => rsvpAction({ request: request(who, "/events", { intent, eventId }), context }));
    expect(await rsvp("alice", open.id)).toMatchObject({ status: 200, body: { ok: true, going: true, count: 1 } });
    expect(await rsvp("alice", open.id)).toMatchObject({ body: { count: 1 } }); // twice is once
    expect(await rsvp("bob", open.id)).toMatchObject({ body: { count: 2 } });
    expect(await rsvp("bob", open.id, "cancel")).toMatchObject({ body: { going: false, count: 1 } });
    expect(await rsvp("alice", hidden.id)).toMatchObject({ status: 404, body: { ok: false } });
    expect(await rsvp("alice", "not-a-uuid")).toMatchObject({ status: 404 });
    expect(await rsvp("alice", open.id, "explode")).toMatchObject({ status: 400 });
    const visitor = await rsvp("visitor", open.id);
    expect(visitor.status).toBe(302);

    // The list shows the count and whether the reader is going; Alice's portal lists it.
    const mine = await listUpcomingEvents(db(), parseEventFilters(new URLSearchParams("show=50")), {
      timeZone: TZ,
      userId: users.alice.id,
    });
    expect(mine.items.find((e) => e.id === open.id)).toMatchObject({ rsvpCount: 1, going: true });
    expect((await eventsGoing(db(), users.alice.id)).map((e) => e.title)).toEqual(["Board Game Night"]);
    expect((await eventsGoing(db(), users.bob.id)).map((e) => e.title)).toEqual([]);
    const rows = await db().select().from(eventRsvps).where(eq(eventRsvps.eventId, open.id));
    expect(rows.map((r) => r.userId)).toEqual([users.alice.id]);
  });

  it("rate-limits RSVP changes per user", async () => {
    const e = await insertEvent({ title: "Limited", inDays: 7 });
    const limiter = new RateLimiter(2, 60_000);
    await setRsvp(db(), users.bob.id, e.id, true, { limiter });
    await setRsvp(db(), users.bob.id, e.id, false, { limiter });
    await expect(setRsvp(db(), users.bob.id, e.id, true, { limiter })).rejects.toMatchObject({
      code: "too_many_requests",
    });
  });
});

describe("time zones", () => {
  it("reads the form's local times in the site's zone, across daylight saving", () => {
    expect(zonedToInstant("2026-07-04", "19:30", TZ).toISOString()).toBe("2026-07-05T00:30:00.000Z");
    expect(zonedToInstant("2026-12-05", "19:30", TZ).toISOString()).toBe("2026-12-06T01:30:00.000Z");
    expect(instantToZonedDate(new Date("2026-12-06T01:30:00Z"), TZ)).toBe("2026-12-05");
  });
});

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { vi } from "vitest";
import { queryRows } from "~/.server/db/client";
import type { Logger } from "~/.server/logger";
import { RateLimiter } from "~/.server/rate-limit";
import {
  blogPosts,
  businessImages,
  businesses,
  businessMessages,
  contactMessages,
  events,
  listingClaims,
  newsletterSubscribers,
  planRequests,
  reviewReplies,
  reviewReports,
  reviews,
} from "~/.server/db/schema";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/http/app";
import type { RateLimits } from "../../server/rate-limits";
import { browserSession } from "./auth-http";
import { addReviews, createBusiness } from "./factories";
import { createTestServices } from "./services";
import { signedInUser } from "./users";
import { lengthChecker } from "./fuzz-limits";
import { abbreviate, FORGED_CURSORS, WORDY, type Pools } from "./fuzz-values";

export * from "./fuzz-limits";
export * from "./fuzz-values";

/**
 * The fuzz pass of issue 37 (tests/integration/fuzz-api.test.ts, fuzz-pages.test.ts): hostile values for every
 * parameter and field, sent as a visitor, a customer, an owner and an admin; every answer must be below 500 with no
 * error logged, and no stored text may be longer than its documented limit. Deterministic: a fixed seed and a fixed
 * number of runs per target. FUZZ_SEED, FUZZ_RUNS (runs per target) and FUZZ_ONLY (a substring of the target's
 * name) replay or widen it.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 37);
export function fuzzRuns(fallback: number) {
  const runs = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : fallback;
}
export const fuzzOnly = (target: string) => !process.env.FUZZ_ONLY || target.includes(process.env.FUZZ_ONLY);

export const ORIGIN = "http://near.test";
export const ROLES = ["visitor", "customer", "owner", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const PASSWORD = "secret-123";
/** A role for a request: signed-in roles twice as often (a visitor is refused early on most writes). */
export const anyRole = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Role>("visitor") },
  { weight: 6, arbitrary: fc.constantFrom<Role>("customer", "owner", "admin") },
);

// ---------------------------------------------------------------------------------------------------------------
// Findings

export interface Finding {
  target: string;
  run: number;
  role: Role | string;
  method: string;
  url: string;
  status: number;
  body?: string;
  errors: string[];
}

function describeLog(msg: string, fields?: Record<string, unknown>) {
  const error = fields?.error;
  if (error instanceof Error) {
    const at = error.stack?.split("\n").find((l) => l.includes("/app/") || l.includes("/server/"));
    return `${msg}: ${error.name}: ${error.message.split("\n")[0]}${at ? ` (${at.trim()})` : ""}`;
  }
  if (error && typeof error === "object" && "message" in error)
    return `${msg}: ${String((error as { message: unknown }).message).split("\n")[0]}`;
  return msg;
}

/** A request's body as text, for a report. */
function bodyText(init: RequestInit & { json?: unknown }) {
  if (init.json !== undefined) return JSON.stringify(init.json);
  if (typeof init.body === "string") return init.body;
  if (init.body instanceof URLSearchParams) return init.body.toString();
  if (init.body instanceof FormData)
    return new URLSearchParams(
      [...init.body].map(([k, v]) => [k, typeof v === "string" ? v : `<file ${v.name}>`]),
    ).toString();
  return "";
}

/** A logger that keeps what would reach the operator's error log (each request's errors are taken after it). */
export function capturingLogger() {
  const errors: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (msg, fields) => void errors.push(describeLog(msg, fields)),
  };
  return { logger, take: () => errors.splice(0) };
}

export function report(found: Finding[]) {
  if (!found.length) return "";
  const lines = found.map((f) =>
    [
      `  ${f.method} ${abbreviate(f.url, 300)} as ${f.role} → ${f.status} (run ${f.run})`,
      ...(f.body ? [`    body: ${abbreviate(f.body)}`] : []),
      ...f.errors.map((e) => `    ${abbreviate(e, 400)}`),
    ].join("\n"),
  );
  return [
    `${found.length} request(s) answered 5xx, logged an error or stored an over-long value (FUZZ_SEED=${FUZZ_SEED}; replay one target with FUZZ_ONLY="${found[0]!.target}"):`,
    ...lines,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// The world the fuzz runs in: an app, one session per role, fixtures with real ids

/** Limits high enough that the fuzz reaches validation and the database (rate limits have their own tests). */
function generousLimits(limits: RateLimits): RateLimits {
  return Object.fromEntries(Object.keys(limits).map((k) => [k, new RateLimiter(1_000_000, 60_000)])) as never;
}

export async function fuzzWorld({ build }: { build?: ServerBuild } = {}) {
  const ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false", PAGE_CACHE_SECONDS: "0" });
  const log = capturingLogger();
  const services = { ...ctx.services, logger: log.logger, limits: generousLimits(ctx.services.limits) };
  const app = createApp({ services, build });
  const db = ctx.database.db;

  type Client = Awaited<ReturnType<typeof signedInUser>>;
  const accounts = {} as Record<Exclude<Role, "visitor">, Client>;
  accounts.customer = await signedInUser(app, db, { name: "Casey Customer" });
  accounts.owner = await signedInUser(app, db, { name: "Olive Owner", type: "business" });
  accounts.admin = await signedInUser(app, db, { name: "Ada Admin", admin: true });

  /** Signs in again with the sign-up helper's password (tests/support/users.ts). */
  async function signIn(account: Client) {
    account.jar.clear();
    await account.json("/api/auth/sign-in/email", { email: account.email, password: PASSWORD });
  }

  // Fixtures with fixed ids: the owner's published and pending listings, an unowned one to claim, reviews, a reply,
  // a report, a message, a claim, a plan request, a photo row, two events, a blog post. plant() puts back whatever a
  // run deleted (an admin's delete, an account deletion's cascade), with the current accounts.
  const fx = {
    cafe: randomUUID(),
    deli: randomUUID(),
    /** Unowned with no claim on it: the owner can file one each run (restore refuses what they filed). */
    corner: randomUUID(),
    pending: randomUUID(),
    review: randomUUID(),
    demoReview: randomUUID(),
    message: randomUUID(),
    claim: randomUUID(),
    photo: randomUUID(),
    events: [randomUUID(), randomUUID()],
    post: randomUUID(),
  };
  const listing = (name: string, slug: string) => ({
    slug,
    name,
    address: "1 Main St",
    city: "Springfield",
    state: "IL",
    zip: "62701",
    timezone: "America/Chicago",
    category: "restaurants" as const,
    primaryCategory: "restaurants",
    status: "published" as const,
  });
  const startsAt = new Date(Date.now() + 14 * 86_400_000);
  async function plant() {
    const owner = accounts.owner.id;
    const customer = accounts.customer.id;
    await db
      .insert(businesses)
      .values([
        {
          ...listing("Bean There Cafe", "bean-there-cafe"),
          id: fx.cafe,
          ownerId: owner,
          // Room for photos: uploads get as far as reading the files.
          plan: "premium",
          description: "Coffee and cake.",
          features: ["Wi-Fi"],
          latitude: 39.799,
          longitude: -89.644,
        },
        { ...listing("Dill Deli", "dill-deli"), id: fx.deli, cuisine: "italian", primaryCategory: "italian" },
        {
          ...listing("Corner Shop", "corner-shop"),
          id: fx.corner,
          category: "shopping",
          subcategory: "books",
          primaryCategory: "books-music",
        },
        { ...listing("Pending Place", "pending-place"), id: fx.pending, ownerId: owner, status: "pending" },
      ])
      .onConflictDoNothing();
    await db
      .insert(reviews)
      .values([
        { id: fx.review, businessId: fx.cafe, userId: customer, author: "Casey Customer", rating: 4, content: WORDY },
        { id: fx.demoReview, businessId: fx.deli, userId: null, author: "Rita Reviewer", rating: 5, content: WORDY },
      ])
      .onConflictDoNothing();
    await db
      .insert(reviewReplies)
      .values({ reviewId: fx.review, authorId: owner, content: "Thank you!" })
      .onConflictDoNothing();
    await db
      .insert(reviewReports)
      .values({ reviewId: fx.demoReview, userId: customer, reason: WORDY })
      .onConflictDoNothing();
    await db
      .insert(businessMessages)
      .values({ id: fx.message, businessId: fx.cafe, senderName: "Sam", senderEmail: "sam@example.com", body: WORDY })
      .onConflictDoNothing();
    await db
      .insert(listingClaims)
      .values({
        id: fx.claim,
        businessId: fx.deli,
        userId: owner,
        note: WORDY,
        verificationMethod: "phone",
        verificationDetail: "(217) 555-0100",
      })
      .onConflictDoNothing();
    await db
      .insert(businessImages)
      .values({
        id: fx.photo,
        businessId: fx.cafe,
        position: 0,
        storageKey: "fuzz.webp",
        widths: [320],
        width: 320,
        height: 240,
      })
      .onConflictDoNothing();
    await db
      .insert(events)
      .values(
        (["approved", "pending"] as const).map((status, i) => ({
          id: fx.events[i]!,
          title: `Fuzz Night ${status}`,
          description: WORDY,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 7_200_000),
          venue: "The Hall",
          city: "Springfield",
          citySlug: "springfield",
          category: "music" as const,
          status,
          submittedBy: customer,
          businessId: fx.cafe,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(blogPosts)
      .values({
        id: fx.post,
        slug: "fuzz-post",
        title: "Fuzz Post",
        excerpt: "An excerpt.",
        body: `# Fuzz\n\n${WORDY}`,
        category: "local-features",
        author: "Ada Admin",
        status: "published",
        publishedAt: new Date(),
      })
      .onConflictDoNothing();
  }
  await plant();
  await db
    .insert(planRequests)
    .values({ businessId: fx.cafe, userId: accounts.owner.id, plan: "featured", period: "monthly" });
  await db.insert(contactMessages).values({ name: "Cora", email: "cora@example.com", subject: "Hi", message: WORDY });
  await db.insert(newsletterSubscribers).values({ email: "news@example.com", tokenHash: "0".repeat(64) });
  for (const n of [1, 2, 3]) {
    const extra = await createBusiness(db, { name: `Extra Spot ${n}`, category: "shopping", subcategory: "books" });
    await addReviews(db, extra.id, [n + 2, 5]);
  }

  // A real keyset cursor: the valid value the forged ones are made from.
  const page = await app.request(`${ORIGIN}/api/v1/businesses?sort=rating&pageSize=1&anywhere=1`);
  const cursor = ((await page.json()) as { nextCursor?: string | null }).nextCursor ?? FORGED_CURSORS[0]!;

  const ids = {
    business: [fx.cafe, fx.deli, fx.corner, fx.pending, "bean-there-cafe", "dill-deli"],
    review: [fx.review, fx.demoReview],
    message: [fx.message],
    claim: [fx.claim],
    photo: [fx.photo],
    event: fx.events,
    post: [fx.post, "new"],
    slug: ["fuzz-post"],
    user: Object.values(accounts).map((a) => a.id),
    cursor: [cursor],
  };
  const pools: Pools = {
    idsFor(name, path = "") {
      const n = name.toLowerCase();
      if (n === "after" || n === "cursor") return ids.cursor;
      if (n.includes("review")) return ids.review;
      if (n.includes("photo") || n === "ids") return ids.photo;
      if (n.includes("claim")) return ids.claim;
      if (n.includes("message")) return ids.message;
      if (n.includes("event")) return ids.event;
      if (n.includes("post")) return ids.post;
      if (n === "slug") return ids.slug;
      if (n.includes("business") || n === "listing") return ids.business;
      if (n === "id") {
        if (/^\/?(api\/v1\/)?(admin\/)?claims/.test(path)) return ids.claim;
        if (/^\/?(api\/v1\/)?messages/.test(path)) return ids.message;
        if (/admin\/blog/.test(path)) return ids.post;
        if (/import\/jobs/.test(path)) return ["00000000-0000-0000-0000-000000000000"];
        return ids.business;
      }
      return [];
    },
  };

  const tokenOf = (account: Client) =>
    decodeURIComponent([...account.jar].find(([k]) => k.endsWith("session_token"))?.[1] ?? "").split(".")[0] ?? "";

  /**
   * The fixtures back as they were, so that moderation, deletes and sign-outs in one run don't starve the next: the
   * listings published with their owners, the claim open, the reviews visible, each role signed in (again, or as a
   * new account if theirs was deleted), and whatever was deleted planted again. One round trip when nothing changed.
   */
  /** Whether a request since the last restore could have changed anything (an accepted write, a cookie set). */
  let dirty = true;
  async function restore() {
    if (!dirty) return;
    const started = performance.now();
    try {
      await restoreNow();
      dirty = false;
    } finally {
      profile.restore += performance.now() - started;
    }
  }
  async function restoreNow() {
    const [state] = await queryRows<{ tokens: string | null; planted: number }>(
      db,
      sql`with
        d as (update businesses set status = 'published', owner_id = null
              where id in (${fx.deli}, ${fx.corner}) and (status <> 'published' or owner_id is not null) returning 1),
        c as (update businesses set status = 'published', owner_id = ${accounts.owner.id}
              where id = ${fx.cafe} and (status <> 'published' or owner_id is distinct from ${accounts.owner.id})
              returning 1),
        p as (update businesses set owner_id = ${accounts.owner.id}
              where id = ${fx.pending} and owner_id is distinct from ${accounts.owner.id} returning 1),
        cl as (update listing_claims set status = 'open', reason = null
               where id = ${fx.claim} and status <> 'open' returning 1),
        -- Claims a run filed are kept (their lengths are checked) but no longer open: the next run may file again.
        fl as (update listing_claims set status = 'refused' where id <> ${fx.claim} and status = 'open' returning 1),
        rv as (update reviews set status = 'visible'
               where id in (${fx.review}, ${fx.demoReview}) and status <> 'visible' returning 1)
      select
        (select string_agg(token, ' ') from sessions where user_id in (${sql.join(
          Object.values(accounts).map((a) => sql`${a.id}`),
          sql`, `,
        )}) and expires_at > now()) as tokens,
        (select count(*) from businesses where id in (${fx.cafe}, ${fx.deli}, ${fx.corner}, ${fx.pending}))::int
          + (select count(*) from listing_claims where id = ${fx.claim})::int
          + (select count(*) from reviews where id in (${fx.review}, ${fx.demoReview}))::int
          + (select count(*) from business_messages where id = ${fx.message})::int
          + (select count(*) from review_replies where review_id = ${fx.review})::int
          + (select count(*) from business_images where id = ${fx.photo})::int
          + (select count(*) from events where id in (${fx.events[0]!}, ${fx.events[1]!}))::int
          + (select count(*) from blog_posts where id = ${fx.post})::int as planted`,
    );
    const live = new Set((state?.tokens ?? "").split(" "));
    let recreated = false;
    for (const role of ["customer", "owner", "admin"] as const) {
      const account = accounts[role];
      if (live.has(tokenOf(account))) continue;
      await signIn(account);
      if (account.hasSession()) continue;
      recreated = true;
      accounts[role] = await signedInUser(app, db, {
        name: `Fuzz ${role}`,
        type: role === "owner" ? "business" : "customer",
        admin: role === "admin",
      });
    }
    // 4 listings, the claim, 2 reviews, the message, the reply, the photo, 2 events and the post.
    if (recreated || state?.planted !== 14) {
      await plant();
      if (recreated) await restoreNow();
    }
  }

  const profile = { restore: 0, request: 0, check: 0 };
  const findings: Finding[] = [];
  const tooLong = await lengthChecker(db);
  const reportedTooLong = new Set<string>();
  const seen = { requests: 0, byTarget: new Map<string, Map<number, number>>(), msByTarget: new Map<string, number>() };
  const consoleErrors: string[] = [];

  /**
   * Sends one request as `role` and records a finding when it answers 5xx, or logs an error, or prints one.
   * A visitor is a fresh cookie-less browser each time.
   */
  async function send(
    target: string,
    run: number,
    role: Role,
    url: string,
    init: RequestInit & { json?: unknown } = {},
  ) {
    const client = role === "visitor" ? browserSession(app, ORIGIN) : accounts[role];
    const method = (init.method ?? "GET").toUpperCase();
    const write = method !== "GET" && method !== "HEAD";
    log.take();
    consoleErrors.splice(0);
    let status: number;
    let text = "";
    let type = "";
    const started = performance.now();
    try {
      const res = await client.request(url, init);
      status = res.status;
      type = res.headers.get("content-type") ?? "";
      if ((write && status < 400) || res.headers.getSetCookie().length) dirty = true;
      // Read the whole answer: a streamed page can fail after its head.
      text = await res.text();
    } catch (error) {
      status = 599;
      consoleErrors.push(`the request threw: ${String(error)}`);
    }
    const ms = performance.now() - started;
    profile.request += ms;
    seen.requests += 1;
    seen.msByTarget.set(target, (seen.msByTarget.get(target) ?? 0) + ms);
    const counts = seen.byTarget.get(target) ?? new Map<number, number>();
    seen.byTarget.set(target, counts.set(status, (counts.get(status) ?? 0) + 1));
    if (process.env.FUZZ_DEBUG)
      console.log(
        `${status} ${Math.round(ms)}ms ${role} ${method} ${abbreviate(url, 200)} ${abbreviate(bodyText(init), 200)}`,
      );
    const errors = [
      ...log.take().map((e) => `logged: ${e}`),
      ...consoleErrors.splice(0).map((e) => `console.error: ${e}`),
    ];
    // An accepted write: nothing it stored may be longer than its limit (checked now, before a later run overwrites it).
    const checked = performance.now();
    if (write && status < 400)
      for (const t of await tooLong())
        if (!reportedTooLong.has(t.key)) {
          reportedTooLong.add(t.key);
          errors.push(`stored: ${t.text}`);
        }
    profile.check += performance.now() - checked;
    if (status >= 500 || errors.length)
      findings.push({ target, run, role, method, url, status, body: bodyText(init) || undefined, errors });
    return { status, text, type };
  }

  return {
    ctx,
    app,
    db,
    accounts,
    pools,
    ids,
    fixtures: fx,
    findings,
    seen,
    profile,
    consoleErrors,
    send,
    restore,
    /**
     * Records console.error instead of failing at once (tests/support/setup.ts): a library that prints an error
     * while answering is a finding of that request, and a throw inside the library would change its answer.
     */
    recordConsoleErrors() {
      vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
        consoleErrors.push(args.map(String).join(" "));
      });
      // React Router warns of every malformed URL segment the fuzz sends ("could not be decoded"): expected, and noise.
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      // Integration files share their worker (isolate: false): the next file gets its console back.
      return () => warn.mockRestore();
    },
    /** Runs `runs` generated requests for one target; a throw inside prints fast-check's seed and path. */
    async fuzz<T>(target: string, arbitrary: fc.Arbitrary<T>, runs: number, each: (input: T, run: number) => unknown) {
      let run = 0;
      await fc.assert(
        // Unbiased: fast-check would otherwise favour the first of every oneof (and the smallest values).
        fc.asyncProperty(fc.noBias(arbitrary), async (input) => {
          run += 1;
          await restore();
          await each(input, run);
        }),
        { seed: FUZZ_SEED, numRuns: runs, endOnFailure: true },
      );
      return findings.filter((f) => f.target === target);
    },
    /** With FUZZ_VERBOSE: where the time went, and each target's answers by status (how deep the fuzz got). */
    printSummary() {
      if (!process.env.FUZZ_VERBOSE) return;
      console.log(`${seen.requests} requests; ms: ${JSON.stringify(profile)}`);
      for (const [target, counts] of seen.byTarget) {
        const statuses = Object.fromEntries([...counts].sort(([a], [b]) => a - b));
        console.log(`${target} ${Math.round(seen.msByTarget.get(target) ?? 0)}ms ${JSON.stringify(statuses)}`);
      }
    },
    async cleanup() {
      await ctx.cleanup();
    },
  };
}

export type FuzzWorld = Awaited<ReturnType<typeof fuzzWorld>>;

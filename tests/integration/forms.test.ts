import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessMessages } from "~/.server/db/schema";
import type { MessageActionData } from "~/features/directory/components/message-form";
import { sendMessageAction } from "~/routes/business.server";
import { createBusiness } from "../support/factories";
import { createTestServices } from "../support/services";

/**
 * Server-posted forms answer with Conform's submission result: the field
 * messages of the shared zod schema (the same words the browser shows), the
 * values the visitor typed, and a form-level error for what the domain refuses.
 */

const ORIGIN = "http://near.test";
let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;
let cafe: Awaited<ReturnType<typeof createBusiness>>;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT: "false" });
  context = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "test",
    clientIp: "203.0.113.9",
  } as AppLoadContext;
  cafe = await createBusiness(ctx.database.db, { name: "Bean There" });
});
afterAll(async () => {
  await ctx?.cleanup();
});

function post(path: string, body: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { origin: ORIGIN }, body: form });
}

async function answer<T>(run: Promise<unknown>) {
  const result = (await run) as { data: T; init: { status?: number; headers?: Record<string, string> } | null };
  return { status: result.init?.status ?? 200, body: result.data, headers: result.init?.headers ?? {} };
}

describe("Send Message (business page)", () => {
  const send = (body: Record<string, string>) =>
    answer<MessageActionData>(sendMessageAction(cafe.id, post(`/business/${cafe.id}`, body), context));

  it("answers a bad form with the schema's field messages and keeps what was typed", async () => {
    const { status, body } = await send({ intent: "message", name: "", email: "nope", message: "short" });
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.result.status).toBe("error");
    expect(body.result.error).toMatchObject({
      name: ["Name is required."],
      email: ["Enter a valid email address."],
      message: ["Message must be at least 10 characters."],
    });
    expect(body.result.initialValue).toMatchObject({ email: "nope", message: "short" });
    const stored = await ctx.database.db
      .select()
      .from(businessMessages)
      .where(eq(businessMessages.businessId, cafe.id));
    expect(stored).toHaveLength(0);
  });

  it("stores a good message and tells the form to reset", async () => {
    const { status, body } = await send({
      intent: "message",
      name: "Ada",
      email: "ada@example.com",
      message: "Are you open on the holiday Monday?",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, result: { initialValue: null } });
    const stored = await ctx.database.db
      .select()
      .from(businessMessages)
      .where(eq(businessMessages.businessId, cafe.id));
    expect(stored.map((m) => m.body)).toEqual(["Are you open on the holiday Monday?"]);
  });

  it("a rate-limited sender gets a form-level error with Retry-After", async () => {
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 8; i++) {
      last = await send({ name: "Bo", email: "bo@example.com", message: `Question ${i}: open late tonight?` });
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(last!.body.error).toMatch(/^Too many messages\. Try again in \d+ minutes?\.$/);
    expect(last!.body.result.error).toMatchObject({ "": [last!.body.error] });
    expect(Number(last!.headers["Retry-After"])).toBeGreaterThan(0);
  });
});

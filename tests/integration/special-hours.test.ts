import { createElement } from "react";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HoursTable } from "~/features/directory/components/hours-table";
import { loadBusinessPage } from "~/routes/business.server";
import { createBusiness } from "../support/factories";
import { renderPage, visibleText } from "../support/render-page";
import { createTestServices } from "../support/services";

/**
 * A business page's special hours (issue 40, defect 7): soonest first, and a date in another year says its year —
 * "Thursday, November 25" after "Friday, December 25" read as a date already past.
 */

let ctx: Awaited<ReturnType<typeof createTestServices>>;
let context: AppLoadContext;

beforeAll(async () => {
  ctx = await createTestServices({ PUBLIC_URL: "http://near.test" });
  context = { ...ctx.services, db: ctx.database.db, nonce: "", requestId: "t", clientIp: "::1" };
});
afterAll(async () => {
  await ctx?.cleanup();
});

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const weekdayLong = (iso: string, year: boolean) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });

describe("special hours on the business page", () => {
  it("are listed soonest first, with the year when it isn't this one", async () => {
    const soon = isoIn(2);
    const nextYear = `${Number(soon.slice(0, 4)) + 1}-11-25`;
    const business = await createBusiness(ctx.database.db, {
      name: "Holiday Diner",
      // Entered later date first.
      special: [
        { date: nextYear, isClosed: true },
        { date: soon, isClosed: false, open: "10:00", close: "14:00" },
      ],
    });
    const page = await loadBusinessPage(business.id, context);
    const Hours = ({ loaderData }: { loaderData: typeof page }) =>
      createElement(HoursTable, {
        hours: loaderData.business.hours,
        // Also in the order the owner typed them: the table orders them itself.
        specialHours: [...loaderData.business.specialHours].reverse(),
        today: loaderData.business.today,
        todayIso: loaderData.todayIso,
      });
    const request = new Request(`http://near.test/business/${business.id}`);
    const text = visibleText(await renderPage(Hours, { request, context, loaderData: page }));
    const special = text.slice(text.indexOf("Special hours"));
    const sameYear = soon.slice(0, 4) === page.todayIso.slice(0, 4);
    const first = weekdayLong(soon, !sameYear);
    const second = weekdayLong(nextYear, true);
    expect(second).toMatch(/, \d{4}$/);
    expect(special).toContain(first);
    expect(special).toContain(second);
    expect(special.indexOf(first)).toBeLessThan(special.indexOf(second));
    if (sameYear) expect(special).not.toContain(weekdayLong(soon, true));
  });
});

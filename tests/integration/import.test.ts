import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openReader, runImport } from "~/features/import/run.server";
import type { Reject } from "~/features/import/writer.server";
import { users } from "~/.server/db/auth-schema";
import { businesses, businessHours } from "~/.server/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { exportText as exportFile, importText as importFile } from "../support/import-text";

const HEADER = "id,name,category,kind,address,city,state,zip,phone,features,latitude,longitude,hours,district\n";
const CATS = [
  ["restaurants", "italian"],
  ["shopping", "gifts"],
  ["services", "plumbing"],
  ["entertainment", "arcade"],
] as const;

function row(i: number, patch: Partial<Record<string, string>> = {}) {
  const [category, kind] = CATS[i % 4]!;
  const v = {
    id: `g-${i}`,
    name: `Generated Place ${i}`,
    category,
    kind,
    address: `${i} Main Street`,
    city: "Springfield",
    state: "IL",
    zip: "62701",
    phone: "(217) 555-0100",
    features: "Takeout; Wi-Fi",
    latitude: String(39.7 + (i % 100) / 1000),
    longitude: String(-89.6 - (i % 100) / 1000),
    hours: i % 3 === 0 ? "Mon-Fri 09:00-17:00; Sat 10:00-14:00; Sun closed" : "Fri-Sat 18:00-02:00",
    // "district": an alias of neighborhood (issue 14); the export writes it as neighborhood.
    district: i % 5 === 0 ? "Enos Park" : "",
    ...patch,
  };
  return `${Object.values(v)
    .map((s) => (/[,"]/.test(s) ? `"${s}"` : s))
    .join(",")}\n`;
}

function csv(count: number, edit: (i: number) => Partial<Record<string, string>> = () => ({})) {
  let text = HEADER;
  for (let i = 0; i < count; i++) text += row(i, edit(i));
  return text;
}

function importText(db: TestDatabase, text: string, format: "csv" | "jsonl" = "csv") {
  return importFile(db.db, text, format, "test");
}

function exportText(db: TestDatabase, format: "csv" | "jsonl") {
  return exportFile(db.db, format);
}

const N = 2500;

describe("bulk import", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it(
    "imports a few thousand rows, rejects the bad ones by line, and a second run changes nothing",
    { timeout: 180_000 },
    async () => {
      const text =
        csv(N) +
        row(N, { name: "" }) + // line N+2
        row(N + 1, { latitude: "123" }) +
        row(N + 2, { category: "spaceships" }) +
        row(N + 3, { hours: "Mon 9-5" });
      const first = await importText(db, text);
      expect(first.summary).toMatchObject({ read: N + 4, inserted: N, updated: 0, unchanged: 0, rejected: 4 });
      expect(first.rejects.map((r) => [r.line, r.reason])).toEqual([
        [N + 2, "missing name"],
        [N + 3, "bad coordinates (123, -89.601)"],
        [N + 4, 'unknown category "spaceships"'],
        [N + 5, 'hours: bad time "9" (use 24-hour times such as 09:00)'],
      ]);
      const [total] = await db.db.select({ count: sql<number>`count(*)::int` }).from(businesses);
      expect(total!.count).toBe(N);
      // Derived columns kept by the triggers: open minutes from the hours, the search vector.
      const [place] = await db.db.select().from(businesses).where(eq(businesses.externalId, "g-3"));
      expect(place).toMatchObject({
        source: "test",
        status: "published",
        category: "entertainment",
        subcategory: "arcade",
      });
      expect(place!.openMinutes).not.toBeNull();
      const hours = await db.db.select().from(businessHours).where(eq(businessHours.businessId, place!.id));
      expect(hours).toHaveLength(7);
      expect(place!.neighborhood).toBeNull();
      const [hood] = await db.db.select().from(businesses).where(eq(businesses.externalId, "g-5"));
      expect(hood!.neighborhood).toBe("Enos Park");

      const again = await importText(db, text);
      expect(again.summary).toMatchObject({ read: N + 4, inserted: 0, updated: 0, unchanged: N, rejected: 4 });
    },
  );

  it("updates a changed row and keeps an owner's edits", { timeout: 120_000 }, async () => {
    const [owner] = await db.db
      .insert(users)
      .values({ id: "import-owner", name: "Owner", email: "owner@example.com", type: "business" })
      .returning();
    // An owner claimed g-1 and edited it after the import.
    await db.db
      .update(businesses)
      .set({ ownerId: owner!.id, name: "Owner's Own Name", updatedAt: sql`now() + interval '1 second'` })
      .where(and(eq(businesses.source, "test"), eq(businesses.externalId, "g-1")));
    const changed = csv(N, (i) => (i <= 2 ? { name: `Renamed ${i}`, hours: "Mon 08:00-12:00" } : {}));
    const { summary } = await importText(db, changed);
    expect(summary).toMatchObject({ inserted: 0, updated: 2, kept: 1, unchanged: N - 3, rejected: 0 });
    const names = await db.db
      .select({ id: businesses.externalId, name: businesses.name })
      .from(businesses)
      .where(sql`${businesses.externalId} in ('g-0', 'g-1', 'g-2')`)
      .orderBy(businesses.externalId);
    expect(names.map((n) => n.name)).toEqual(["Renamed 0", "Owner's Own Name", "Renamed 2"]);
    const [g0] = await db.db.select().from(businesses).where(eq(businesses.externalId, "g-0"));
    const hours = await db.db.select().from(businessHours).where(eq(businessHours.businessId, g0!.id));
    expect(hours).toEqual([{ businessId: g0!.id, day: 1, openTime: "08:00", closeTime: "12:00", isClosed: false }]);
  });

  it("leaves the derived columns as the triggers compute them (open minutes, search words, time zones)", async () => {
    // The import writes open minutes itself (one write per listing); they must equal the database's own rule,
    // also for the past-midnight hours and for g-0, whose week shrank to Monday in the previous test.
    const wrong = await db.db.execute(
      sql`select external_id from businesses where source = 'test'
          and open_minutes is distinct from near_compute_open_minutes(id)`,
    );
    expect((wrong as unknown as { rows: unknown[] }).rows).toEqual([]);
    const words = await db.db.execute(
      sql`select word from search_words where word in ('generated', 'renamed', 'arcade', 'takeout') order by word`,
    );
    expect((words as unknown as { rows: { word: string }[] }).rows.map((r) => r.word)).toEqual([
      "arcade",
      "generated",
      "renamed",
      "takeout",
    ]);
    const zones = await db.db.execute(sql`select timezone from business_timezones where timezone = 'America/Chicago'`);
    expect((zones as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("a dry run counts without writing", async () => {
    const rejects: Reject[] = [];
    const summary = await runImport(
      db.db,
      openReader("csv", Readable.from([csv(3, () => ({ name: "Dry" }))]), { source: "dry" }),
      { status: "pending", defaultTimezone: "UTC", dryRun: true, onReject: (r) => void rejects.push(r) },
    );
    expect(summary).toMatchObject({ inserted: 3 });
    const rows = await db.db.select().from(businesses).where(eq(businesses.source, "dry"));
    expect(rows).toEqual([]);
  });

  for (const format of ["csv", "jsonl"] as const) {
    it(`exports as ${format} and reads the file back unchanged`, { timeout: 180_000 }, async () => {
      const exported = await exportText(db, format);
      expect(exported).toContain(format === "csv" ? ",Enos Park," : '"neighborhood":"Enos Park"');
      const fresh = await createTestDatabase();
      try {
        const { summary, rejects } = await importText(fresh, exported, format);
        expect(rejects).toEqual([]);
        expect(summary.inserted).toBe(N);
        const again = await exportText(fresh, format);
        const sorted = (t: string) => t.split(/\r?\n/).sort();
        expect(sorted(again)).toEqual(sorted(exported));
        // And importing the export into the database it came from changes nothing.
        const back = await importText(db, exported, format);
        expect(back.summary).toMatchObject({ inserted: 0, updated: 0, rejected: 0 });
      } finally {
        await fresh.destroy();
      }
    });
  }
});

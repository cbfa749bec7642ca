import { sql, type SQL } from "drizzle-orm";

/** The planner's plan for a query, as text (EXPLAIN, not run): on a database or inside a transaction. */
export async function explainPlan(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<string> {
  const res = (await db.execute(sql`explain ${query}`)) as { rows: Record<string, string>[] };
  return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

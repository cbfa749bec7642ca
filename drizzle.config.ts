import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used: migrations are applied in code at
// start (app/.server/db/client.ts) and by `npm run db:migrate`, never by
// drizzle-kit against a live PGlite directory.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/.server/db/schema.ts",
  out: "./drizzle",
});

import type { AppLoadContext } from "react-router";
import { createApp } from "../../server/http/app";
import { createTestServices } from "../support/services";

/** Services and a route context for the category pages' loaders (tests/integration/categories-*.test.ts). */
export async function categoriesHarness() {
  const ctx = await createTestServices();
  const context: AppLoadContext = {
    ...ctx.services,
    db: ctx.database.db,
    nonce: "",
    requestId: "test",
    clientIp: "127.0.0.1",
  };
  return {
    db: ctx.database.db,
    context,
    /** Runs a page loader on a path such as "/categories/shopping?category=gifts". */
    load<T>(loader: (request: Request, context: AppLoadContext) => Promise<T>, path: string) {
      return loader(new Request(`http://localhost${path}`), context);
    },
    /** The /api/v1 app on the same database. */
    app: createApp({ services: ctx.services }),
    cleanup: ctx.cleanup,
  };
}

export const names = (items: readonly { name: string }[]) => items.map((i) => i.name);

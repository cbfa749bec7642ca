import type { Route } from "./+types/admin-import-rejects";
import { loadImportRejects } from "./admin-import.server";

/** GET /admin/import/jobs/:id/rejects.csv: a finished import's rejected rows (line, external id, reason). */
export function loader(args: Route.LoaderArgs) {
  return loadImportRejects(args);
}

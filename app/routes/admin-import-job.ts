import type { Route } from "./+types/admin-import-job";
import { loadImportJob } from "./admin-import.server";

/** GET /admin/import/jobs/:id: an import's progress (JSON), for the admin who started it. */
export function loader(args: Route.LoaderArgs) {
  return loadImportJob(args);
}

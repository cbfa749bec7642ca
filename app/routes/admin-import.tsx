import { AdminShell } from "~/features/content/components/admin-shell";
import { JobStep, PreviewStep, UploadStep } from "~/features/import/components/import-steps";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin-import";
import { adminImportAction, loadAdminImport } from "./admin-import.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Import · Admin");

export function loader(args: Route.LoaderArgs) {
  return loadAdminImport(args);
}

export function action(args: Route.ActionArgs) {
  return adminImportAction(args);
}

/** /admin/import: upload a file, check the preview, run the import and follow its progress (docs/import.md). */
export default function AdminImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminShell
      section="import"
      title="Import Listings"
      lead="Bulk import from CSV, JSON lines, the Yelp Open Dataset or OpenStreetMap: rows already imported are updated, never duplicated."
    >
      {loaderData.step === "job" ? (
        <JobStep key={loaderData.job.id} initial={loaderData.job} />
      ) : loaderData.step === "preview" ? (
        <PreviewStep upload={loaderData.upload} error={actionData?.message} />
      ) : (
        <UploadStep lastResult={actionData?.result} expired={loaderData.expired} />
      )}
    </AdminShell>
  );
}

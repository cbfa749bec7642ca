import { Clock3, OctagonX, CircleSlash } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ListingManageHeader } from "~/features/listings/components/listing-manage-header";
import { guardClientAction } from "~/features/listings/client-action";
import { BusinessForm, type BusinessFormResult } from "~/features/listings/components/business-form";
import { StatusBadge } from "~/features/listings/components/status-badge";
import type { ManagedBusiness } from "~/features/listings/types";
import { PLAN_LABELS } from "~/lib/catalogue";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/business-edit";
import { loadEditBusiness, updateBusinessAction } from "./business-edit.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Edit Business");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadEditBusiness({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return updateBusinessAction({ request, context, params });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return guardClientAction(serverAction);
}

/** What the owner needs to know about the listing's review. */
function StatusNotice({ business, isAdmin }: { business: ManagedBusiness; isAdmin: boolean }) {
  const reason = business.statusReason;
  if (business.status === "published") return null;
  const content = {
    pending: {
      icon: Clock3,
      tone: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100",
      title: "Waiting for review",
      text: isAdmin
        ? "This listing isn't public yet. Approve it from the listings screen."
        : "An admin will review your listing before it appears in the directory. You can keep editing it meanwhile.",
    },
    rejected: {
      icon: OctagonX,
      tone: "border-destructive/30 bg-destructive/8 text-foreground",
      title: "Not approved",
      text: isAdmin
        ? "The owner sees the reason below."
        : "Update your listing and save it to send it for review again.",
    },
    suspended: {
      icon: CircleSlash,
      tone: "border-border bg-muted text-foreground",
      title: "Suspended",
      text: isAdmin
        ? "Hidden from the directory until an admin reinstates it."
        : "Your listing is hidden from the directory. Contact us if you have questions.",
    },
  }[business.status];
  const Icon = content.icon;
  return (
    <div
      role="status"
      className={`flex gap-3 rounded-2xl border p-4 sm:p-5 ${content.tone}`}
      data-testid="status-notice"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{content.title}</p>
        <p className="text-sm">{content.text}</p>
        {reason ? (
          <p className="mt-1 text-sm">
            <span className="font-semibold">Reason: </span>
            <span data-testid="status-reason">{reason}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export default function EditBusinessPage({ loaderData }: Route.ComponentProps) {
  const { business, isAdmin, photoLimit, countries, requestedPlan } = loaderData;
  const fetcher = useFetcher<BusinessFormResult>();
  const result = fetcher.data;
  const idle = fetcher.state === "idle";

  useEffect(() => {
    if (!result || !idle) return;
    if (result.ok) toast({ title: "Business Updated", description: "Your business information has been updated." });
    else toast({ title: "Error", description: result.message, variant: "destructive" });
  }, [result, idle]);

  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <ListingManageHeader
          businessId={business.id}
          name={business.name}
          badge={<StatusBadge status={business.status} />}
          title="Edit Business"
          section="details"
          isAdmin={isAdmin}
          viewHref={business.status === "published" ? businessPath(business) : null}
        />
        <StatusNotice business={business} isAdmin={isAdmin} />
        {requestedPlan ? (
          <p
            role="note"
            data-testid="plan-request-note"
            className="flex items-start gap-2 rounded-xl border border-primary/40 bg-primary-soft/60 px-4 py-3 text-sm"
          >
            <Clock3 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>
              {isAdmin ? "The owner asked" : "You asked"} for the <strong>{PLAN_LABELS[requestedPlan]}</strong> plan; an
              admin confirms it{isAdmin ? " on the Plans tab" : ""}. Until then the listing keeps the{" "}
              {PLAN_LABELS[business.plan]} plan and its limits.
            </span>
          </p>
        ) : null}
        {/* A saved form starts again from what was stored (new photos now have ids). */}
        <BusinessForm
          key={business.updatedAt}
          mode="edit"
          initial={business}
          countries={countries}
          isAdmin={isAdmin}
          photoLimit={photoLimit}
          submitting={!idle}
          result={result}
          onSubmit={(data) => void fetcher.submit(data, { method: "post", encType: "multipart/form-data" })}
          cancelHref={isAdmin ? "/admin" : "/"}
        />
      </div>
    </div>
  );
}

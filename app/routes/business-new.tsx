import { ChevronLeft, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { guardClientAction } from "~/features/listings/client-action";
import { BusinessForm, type BusinessFormResult } from "~/features/listings/components/business-form";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/business-new";
import { createBusinessAction, loadNewBusiness } from "./business-new.server";
import { chosenPlan, requestChosenPlan } from "./business-new-plan.server";
import { PLAN_LABELS } from "~/lib/catalogue";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Add Business");

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadNewBusiness({ request, context })), chosenPlan: chosenPlan(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestChosenPlan({ request, context }, await createBusinessAction({ request, context }));
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return guardClientAction(serverAction);
}

export default function AddBusinessPage({ loaderData }: Route.ComponentProps) {
  const { isAdmin, photoLimit, defaults, countries, chosenPlan: plan } = loaderData;
  const fetcher = useFetcher<BusinessFormResult>();
  const navigate = useNavigate();
  const result = fetcher.data;
  const idle = fetcher.state === "idle";

  useEffect(() => {
    if (!result || !idle) return;
    if (result.ok) {
      toast({ title: "Business Added", description: "Your business has been successfully listed." });
      // From the pricing page with a paid plan: on to the chooser, which says the upgrade was requested.
      const next = (result as { next?: unknown }).next;
      navigate(isAdmin ? "/admin" : typeof next === "string" ? next : `/business/edit/${result.id}`);
    } else {
      toast({ title: "Error", description: result.message, variant: "destructive" });
    }
  }, [result, idle, isAdmin, navigate]);

  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <div className="grid gap-3">
          <Link
            to={isAdmin ? "/admin" : "/"}
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground"
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            {isAdmin ? "Business listings" : "Home"}
          </Link>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Add a Business</h1>
          <p className="flex items-start gap-2 text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            {isAdmin
              ? "Listings you add as an admin are published right away."
              : "An admin reviews new listings before they appear in the directory. You can edit yours at any time."}
          </p>
          {plan ? (
            <p role="note" className="rounded-xl border border-primary/40 bg-primary-soft/60 px-4 py-3 text-sm">
              You chose the <strong>{PLAN_LABELS[plan]}</strong> plan. Your listing starts on Basic; once it is added,
              an admin confirms the upgrade.
            </p>
          ) : null}
        </div>
        <BusinessForm
          mode="new"
          initial={defaults}
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

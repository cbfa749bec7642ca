import { Download, KeyRound, Loader2, Plus, Search, SearchX, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ChangePasswordForm } from "~/features/auth/components/change-password-form";
import { Pagination } from "~/features/directory/components/pagination";
import { useLiveBusinessUpdates } from "~/features/directory/use-live-updates";
import { AdminListingCard } from "~/features/listings/components/admin-listing-card";
import { LIMITS, LISTING_STATUSES, STATUS_LABELS } from "~/lib/catalogue";
import { AdminSectionNav } from "~/features/reviews/components/admin-nav";
import type { AdminListParams } from "~/features/listings/schema";
import { pageMeta } from "~/lib/meta";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/admin";
import { adminAction, loadAdmin, type AdminActionResult } from "./admin.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Admin");

/**
 * The spec's admin check happens in the loader, on the server: signed out →
 * /auth (and back here after signing in); signed in but not in the admins
 * table → / with the destructive "Access Denied" notice.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadAdmin({ request, context });
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction({ request, context });
}

function listHref(params: AdminListParams, patch: Partial<AdminListParams>) {
  const next = { ...params, ...patch };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  if (next.status !== "all") search.set("status", next.status);
  if (next.page > 1) search.set("page", String(next.page));
  const qs = search.toString();
  return qs ? `/admin?${qs}` : "/admin";
}

const MODERATION_NOTICES = {
  published: (name: string) => ({ title: "Listing Approved", description: `“${name}” is now published.` }),
  rejected: () => ({ title: "Listing Rejected", description: "The owner will see your reason." }),
  suspended: (name: string) => ({ title: "Listing Suspended", description: `“${name}” is hidden from the directory.` }),
} as const;

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  const { params, result } = loaderData;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const fetcher = useFetcher<AdminActionResult>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [query, setQuery] = useState(params.q);
  const [shownQuery, setShownQuery] = useState(params.q);
  // The box follows the URL (back/forward, a status link) unless the user is typing.
  if (params.q !== shownQuery) {
    setShownQuery(params.q);
    setQuery(params.q);
  }

  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const busyId = fetcher.state !== "idle" ? String(fetcher.formData?.get("id") ?? "") : null;
  const outcome = fetcher.data;
  const idle = fetcher.state === "idle";

  // "Business list reloads on any change": another admin's edits appear here without a reload.
  useLiveBusinessUpdates(
    result.items.map((i) => i.id),
    { list: true },
  );

  useEffect(() => {
    if (!outcome || !idle) return;
    if (!outcome.ok) toast({ title: "Error", description: outcome.message, variant: "destructive" });
    else if (outcome.intent === "delete")
      toast({ title: "Business Deleted", description: "The business has been removed from listings." });
    else toast(MODERATION_NOTICES[outcome.status as keyof typeof MODERATION_NOTICES](outcome.name));
  }, [outcome, idle]);

  useEffect(() => () => clearTimeout(searchTimer.current), []);

  const first = (result.page - 1) * result.pageSize + 1;
  const last = first + result.items.length - 1;

  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1.5">
            <p className="text-sm font-semibold tracking-wide text-accent-foreground uppercase">Admin</p>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Business Listings Management</h1>
            <p className="text-muted-foreground">
              Review new listings, keep details up to date and remove what doesn&apos;t belong.
            </p>
          </div>
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
            <Button
              variant="outline"
              className="px-2.5 sm:px-4"
              aria-expanded={passwordOpen}
              aria-controls="change-password-panel"
              onClick={() => setPasswordOpen((open) => !open)}
            >
              <KeyRound aria-hidden="true" />
              Change Password
            </Button>
            <Button asChild className="px-2.5 sm:px-4">
              <Link to="/business/new">
                <Plus aria-hidden="true" />
                Add New Business
              </Link>
            </Button>
          </div>
        </header>
        <AdminSectionNav current="listings" />
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="text-muted-foreground">
            Export {params.status === "all" ? "all listings" : `${params.status} listings`}:
          </span>
          {(["csv", "jsonl"] as const).map((format) => (
            <a
              key={format}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              href={`/admin/listings/export?format=${format}${params.status === "all" ? "" : `&status=${params.status}`}`}
              download
            >
              <Download aria-hidden="true" className="size-4" />
              {format === "csv" ? "CSV" : "JSON lines"}
            </a>
          ))}
        </p>

        {passwordOpen ? (
          <section
            id="change-password-panel"
            aria-labelledby="change-password-heading"
            className="animate-pop-in rounded-2xl border bg-card p-5 shadow-card sm:p-7"
          >
            <div className="mb-5 flex items-start justify-between gap-4">
              <div className="grid gap-1">
                <h2 id="change-password-heading" className="text-lg font-semibold">
                  Change Password
                </h2>
                <p className="text-sm text-muted-foreground">
                  At least 6 characters. Your other sessions are signed out.
                </p>
              </div>
            </div>
            <ChangePasswordForm onCancel={() => setPasswordOpen(false)} onSuccess={() => setPasswordOpen(false)} />
          </section>
        ) : null}

        <section aria-labelledby="listings-heading" className="grid min-w-0 gap-4">
          <h2 id="listings-heading" className="sr-only">
            Listings
          </h2>
          {/* min-w-0 down the chain: the status tabs scroll inside the card instead of widening the page at 390 px. */}
          <div className="grid min-w-0 gap-3 rounded-2xl border bg-card p-3 shadow-card sm:p-4">
            <Form
              method="get"
              action="/admin"
              role="search"
              aria-label="Search listings"
              className="relative"
              preventScrollReset
            >
              {params.status !== "all" ? <input type="hidden" name="status" value={params.status} /> : null}
              <label htmlFor="admin-search" className="sr-only">
                Search businesses
              </label>
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="admin-search"
                name="q"
                type="search"
                value={query}
                maxLength={LIMITS.search}
                autoComplete="off"
                placeholder="Search businesses..."
                className="h-11 pr-10 pl-11 text-base"
                onChange={(e) => {
                  const form = e.currentTarget.form;
                  setQuery(e.target.value);
                  clearTimeout(searchTimer.current);
                  // Search as you type, without a history entry per keystroke.
                  searchTimer.current = setTimeout(() => {
                    if (form) void submit(form, { replace: true, preventScrollReset: true });
                  }, 300);
                }}
              />
              {loading ? (
                <Loader2
                  aria-hidden="true"
                  className="absolute top-1/2 right-3.5 size-5 -translate-y-1/2 animate-spin text-muted-foreground"
                />
              ) : query ? (
                <Link
                  to={listHref(params, { q: "", page: 1 })}
                  replace
                  aria-label="Clear search"
                  className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <X aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
            </Form>
            <nav aria-label="Filter by status" className="relative -mx-1 overflow-x-auto">
              <ul className="flex min-w-max gap-1 px-1">
                {(["all", ...LISTING_STATUSES] as const).map((status) => {
                  const active = params.status === status;
                  return (
                    <li key={status}>
                      <Link
                        to={listHref(params, { status, page: 1 })}
                        aria-current={active ? "page" : undefined}
                        preventScrollReset
                        className={cn(
                          "inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                          active
                            ? "bg-primary text-primary-foreground"
                            : "text-muted-foreground hover:bg-muted hover:text-foreground",
                        )}
                      >
                        {status === "all" ? "All" : STATUS_LABELS[status]}
                        <span
                          className={cn(
                            "rounded-full px-1.5 text-xs tabular-nums",
                            active
                              ? "bg-primary-foreground text-primary"
                              : status === "pending" && result.counts.pending
                                ? "bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200"
                                : "bg-muted",
                          )}
                        >
                          {result.counts[status]}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>

          <p role="status" className="text-sm text-muted-foreground" data-testid="admin-count">
            {loading
              ? "Loading..."
              : result.total === 0
                ? "No listings"
                : result.pageCount > 1
                  ? `Showing ${first}–${last} of ${result.total} listings`
                  : `${result.total} ${result.total === 1 ? "listing" : "listings"}`}
          </p>

          {result.items.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
              <span
                aria-hidden="true"
                className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground"
              >
                <SearchX className="size-6" />
              </span>
              <p className="mt-4 text-lg font-semibold">No businesses found</p>
              <p className="mt-1 text-muted-foreground">
                {params.q || params.status !== "all"
                  ? "Try a different search or status."
                  : "Add the first listing to get started."}
              </p>
            </div>
          ) : (
            <ul className={cn("grid grid-cols-[minmax(0,1fr)] gap-3 transition-opacity", loading && "opacity-60")}>
              {result.items.map((item, i) => (
                <li key={item.id}>
                  <AdminListingCard
                    item={item}
                    eager={i < 4}
                    busy={busyId === item.id}
                    onDelete={() =>
                      void fetcher.submit({ intent: "delete", id: item.id, name: item.name }, { method: "post" })
                    }
                    onModerate={(action, reason) =>
                      void fetcher.submit(
                        { intent: "moderate", id: item.id, name: item.name, action, reason: reason ?? "" },
                        { method: "post" },
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => listHref(params, { page })} />
        </section>
      </div>
    </div>
  );
}

import { ArrowDown, ArrowUp, FileText, Trash2 } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ListingManageHeader } from "~/features/listings/components/listing-manage-header";
import { Input } from "~/components/ui/input";
import { PlanBadge } from "~/components/ui/plan-badge";
import { fileSize } from "~/features/menus/components/business-menus";
import { MenuForm } from "~/features/menus/components/menu-form";
import type { ManagedMenu } from "~/features/menus/types";
import { pageMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/business-menus";
import { businessMenusAction, loadBusinessMenus } from "./business-menus.server";
import { retryAfterHeaders } from "~/lib/route-headers";

/** A 429 from the action keeps its Retry-After on a document response. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Menus");

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBusinessMenus({ request, context, params });
}

export function action({ request, context, params }: Route.ActionArgs) {
  return businessMenusAction({ request, context, params });
}

function MenuRow({ menu, first, last }: { menu: ManagedMenu; first: boolean; last: boolean }) {
  const titleId = `menu-title-${menu.id}`;
  return (
    <li
      className="grid gap-4 rounded-2xl border bg-card p-4 sm:grid-cols-[6rem_minmax(0,1fr)]"
      data-testid="managed-menu"
    >
      <img
        src={menu.preview.src}
        alt=""
        width={menu.preview.width}
        height={menu.preview.height}
        className="aspect-[3/4] w-24 rounded-lg border object-cover object-top"
      />
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-muted-foreground">
            {menu.kind === "pdf" ? `PDF · ${menu.pageCount ?? 1} pages · ${fileSize(menu.fileBytes)}` : "Image"}
          </span>
          {menu.hidden ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-400/15 dark:text-amber-100">
              Hidden: over your plan
            </span>
          ) : null}
          <a href={menu.href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {menu.kind === "pdf" ? "Download" : "Open"}
            <span className="sr-only"> {menu.title}</span>
          </a>
        </div>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="menuId" value={menu.id} />
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor={titleId} className="text-sm font-medium">
              Title
            </label>
            <Input id={titleId} name="title" defaultValue={menu.title} maxLength={80} required />
          </div>
          <Button type="submit" variant="outline">
            Save title
          </Button>
        </Form>
        <div className="flex flex-wrap gap-2">
          {(["up", "down"] as const).map((dir) => (
            <Form method="post" key={dir}>
              <input type="hidden" name="intent" value={dir} />
              <input type="hidden" name="menuId" value={menu.id} />
              <Button type="submit" variant="outline" size="sm" disabled={dir === "up" ? first : last}>
                {dir === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
                {dir === "up" ? "Move up" : "Move down"}
                <span className="sr-only"> “{menu.title}”</span>
              </Button>
            </Form>
          ))}
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="menuId" value={menu.id} />
            <Button type="submit" variant="outline" size="sm">
              <Trash2 aria-hidden="true" />
              Remove<span className="sr-only"> “{menu.title}”</span>
            </Button>
          </Form>
        </div>
      </div>
    </li>
  );
}

export default function BusinessMenusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, menus, summary, refusal, isAdmin } = loaderData;
  const added = actionData?.ok && actionData.intent === "add";
  return (
    <div className="flex-1 bg-linear-to-b from-primary-soft/50 to-background dark:from-primary-soft/25">
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
        <ListingManageHeader
          businessId={business.id}
          name={business.name}
          badge={<PlanBadge plan={business.plan} />}
          title="Menus"
          section="menus"
          isAdmin={isAdmin}
          viewHref={business.status === "published" ? businessPath(business, "menu") : null}
        />

        <section
          aria-labelledby="allowance-heading"
          className="grid gap-2 rounded-2xl border bg-card p-4 sm:p-5"
          data-testid="menu-allowance"
        >
          <h2 id="allowance-heading" className="font-semibold">
            {isAdmin ? `${summary} (admins are not limited)` : summary}
          </h2>
          <p className="text-sm text-muted-foreground">
            Menus show on your listing in this order, each with a preview and a download.
          </p>
          {refusal ? (
            <p className="text-sm font-medium" data-testid="menu-refusal">
              {refusal}{" "}
              <Link to="/pricing" className="text-primary underline underline-offset-2">
                Compare plans
              </Link>
            </p>
          ) : null}
        </section>

        {actionData && !(added || (actionData.intent === "add" && !actionData.ok && actionData.result)) ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={cn(
              "rounded-lg border px-3 py-2 text-sm",
              actionData.ok
                ? "border-success/40 bg-success/10"
                : "border-destructive/40 bg-destructive/10 text-destructive",
            )}
          >
            {actionData.message}
          </p>
        ) : null}
        {added ? (
          <p role="status" className="rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
            {actionData.message}
          </p>
        ) : null}

        <section aria-labelledby="menus-heading" className="grid gap-3">
          <h2 id="menus-heading" className="text-xl font-bold tracking-tight">
            Your menus
          </h2>
          {menus.length ? (
            <ol className="grid gap-3">
              {menus.map((menu, i) => (
                <MenuRow key={menu.id} menu={menu} first={i === 0} last={i === menus.length - 1} />
              ))}
            </ol>
          ) : (
            <p className="flex items-center gap-2 rounded-2xl border border-dashed p-4 text-sm text-muted-foreground">
              <FileText aria-hidden="true" className="size-4" />
              No menus yet.
            </p>
          )}
        </section>

        {refusal ? null : (
          <section aria-labelledby="add-menu-heading" className="rounded-3xl border bg-card p-6 shadow-card sm:p-8">
            <h2 id="add-menu-heading" className="mb-5 text-xl font-bold tracking-tight">
              Add a menu
            </h2>
            <MenuForm
              key={added ? `added-${menus.length}` : "form"}
              lastResult={actionData?.intent === "add" ? actionData.result : undefined}
            />
          </section>
        )}
      </div>
    </div>
  );
}

import { ArrowLeft, Eye } from "lucide-react";
import { businessPath } from "~/lib/business-url";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";
import { StatCards } from "~/features/stats/components/stat-cards";
import { StatsChart } from "~/features/stats/components/stats-chart";
import { shortDay } from "~/features/stats/format";
import { formatCount } from "~/lib/plural";
import type { ListingStats } from "~/features/stats/types";
import { STAT_PERIODS } from "~/lib/listing-stats";
import { pageMeta } from "~/lib/meta";
import { countLabel } from "~/lib/plural";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/portal-stats";
import { loadListingStats } from "./portal-stats.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData ? `Stats: ${loaderData.business.name}` : "Stats", undefined, { noindex: true });

export function loader(args: Route.LoaderArgs) {
  return loadListingStats(args);
}

/** What the chart shows, in one sentence (its accessible name). */
function chartSummary(stats: ListingStats) {
  const views = stats.series.reduce((sum, d) => sum + d.views, 0);
  const clicks = stats.series.reduce((sum, d) => sum + d.clicks, 0);
  const peak = stats.series.reduce((best, d) => (d.views > best.views ? d : best), stats.series[0]!);
  const range = `${shortDay(stats.from)} to ${shortDay(stats.to)}`;
  return (
    `Page views and clicks per day, ${range}: ${countLabel(views, "page view")} and ${countLabel(clicks, "click")} in total` +
    (peak.views > 0 ? `; the busiest day was ${shortDay(peak.day)} with ${countLabel(peak.views, "view")}.` : ".")
  );
}

function PeriodSwitch({ days }: { days: number }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-full border bg-card p-1 shadow-card">
      {STAT_PERIODS.map((p) => (
        <Link
          key={p}
          to={`?days=${p}`}
          preventScrollReset
          aria-current={p === days ? "page" : undefined}
          className={cn(
            "rounded-full px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            p === days ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {p} days
        </Link>
      ))}
    </nav>
  );
}

/** /portal/stats/:id: one listing's page views, search appearances and clicks over 7, 30 or 90 days. */
export default function PortalStatsPage({ loaderData: stats }: Route.ComponentProps) {
  const { business } = stats;
  return (
    <>
      <PageHeader
        eyebrow="Listing stats"
        title={business.name}
        lead={`The last ${stats.days} days, ${shortDay(stats.from)} – ${shortDay(stats.to)}, against the ${stats.days} days before. Each visitor counts once a day; bots are not counted.`}
      >
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/portal#my-listings">
              <ArrowLeft aria-hidden="true" />
              Dashboard
            </Link>
          </Button>
          {business.status === "published" ? (
            <Button asChild variant="outline">
              <Link to={businessPath(business)}>
                <Eye aria-hidden="true" />
                View listing
              </Link>
            </Button>
          ) : null}
        </div>
      </PageHeader>
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-bold tracking-tight">Totals</h2>
          <PeriodSwitch days={stats.days} />
        </div>
        {business.status !== "published" ? (
          <p className="rounded-2xl border bg-muted/50 p-4 text-sm text-muted-foreground" role="note">
            This listing is not public ({business.status}): it appears in search and gets visitors once it is published.
          </p>
        ) : null}
        <StatCards totals={stats.totals} days={stats.days} />
        <section
          aria-labelledby="per-day-heading"
          className="grid gap-4 rounded-2xl border bg-card p-5 shadow-card sm:p-6"
        >
          <div>
            <h2 id="per-day-heading" className="text-xl font-bold tracking-tight">
              Per day
            </h2>
            <p className="text-sm text-muted-foreground">
              Page views (distinct visitors) and clicks on Call, Website, Directions, Share and Book.
            </p>
          </div>
          <StatsChart series={stats.series} summary={chartSummary(stats)} />
          <details className="group rounded-xl border">
            <summary className="cursor-pointer rounded-xl px-4 py-2.5 text-sm font-medium hover:bg-muted/60">
              The numbers per day
            </summary>
            <div className="max-h-80 overflow-auto border-t">
              <table className="w-full text-sm tabular-nums" data-testid="stats-table">
                <caption className="sr-only">
                  Page views, search appearances and clicks per day, {shortDay(stats.from)} to {shortDay(stats.to)}
                </caption>
                <thead className="sticky top-0 bg-card text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Day
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-medium">
                      Page views
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-medium">
                      Search appearances
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-medium">
                      Clicks
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...stats.series].reverse().map((d) => (
                    <tr key={d.day} className="border-t">
                      <th scope="row" className="px-4 py-1.5 text-left font-normal">
                        {shortDay(d.day)}
                      </th>
                      <td className="px-4 py-1.5 text-right">{formatCount(d.views)}</td>
                      <td className="px-4 py-1.5 text-right">{formatCount(d.searchAppearances)}</td>
                      <td className="px-4 py-1.5 text-right">{formatCount(d.clicks)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </section>
        <p className="text-sm text-muted-foreground">
          Days follow the site&apos;s time zone ({stats.timeZone}). Nothing here identifies a visitor: clicks and search
          appearances are counters per day.
        </p>
      </div>
    </>
  );
}

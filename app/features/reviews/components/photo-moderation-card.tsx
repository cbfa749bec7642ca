import { Ban, ImageOff, Loader2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { BusinessImage } from "~/features/directory/components/business-image";
import { businessPath } from "~/lib/business-url";
import { formatReviewDate } from "~/lib/dates";
import { countLabel } from "~/lib/plural";
import type { ReviewPhotoView } from "../photo-constants";
import { MODERATION_FETCHER, type ModerationResult } from "./admin-data";
import { useActionResult } from "./use-action-result";

/** A reported review photo in the admin's queue (the photos.server.ts ReportedReviewPhoto). */
export interface ReportedPhotoItem extends ReviewPhotoView {
  businessName: string;
  businessSlug: string;
  reports: { reason: string; date: string }[];
}

type Intent = "photo-remove" | "photo-dismiss";

/** One reported photo (issue 41): the photo, whose it is and where, the reports, Remove photo and Dismiss. */
export function PhotoModerationCard({ photo }: { photo: ReportedPhotoItem }) {
  // Shared with the page, which shows the notices: this card leaves the list when it works.
  const fetcher = useFetcher<ModerationResult>({ key: MODERATION_FETCHER });
  useActionResult(fetcher, { silent: true });
  const busy = fetcher.state !== "idle";
  const busyWith =
    busy && fetcher.formData?.get("photoId") === photo.id ? (fetcher.formData.get("intent") as Intent) : undefined;
  const submit = (intent: Intent) => void fetcher.submit({ intent, photoId: photo.id }, { method: "post" });
  return (
    <article
      aria-labelledby={`mod-photo-${photo.id}`}
      className="grid gap-4 rounded-2xl border bg-card p-5 shadow-card sm:grid-cols-[10rem_minmax(0,1fr)]"
      data-testid="photo-moderation-card"
    >
      <BusinessImage image={photo} alt={photo.alt} sizes="160px" className="aspect-square w-full rounded-xl" />
      <div className="grid content-start gap-3">
        <h3 id={`mod-photo-${photo.id}`} className="font-semibold break-words">
          Photo by {photo.author} <span className="font-normal text-muted-foreground">on</span>{" "}
          <Link
            to={`${businessPath({ slug: photo.businessSlug })}#review-${photo.reviewId}`}
            className="text-primary hover:underline"
          >
            {photo.businessName}
          </Link>
        </h3>
        {photo.caption ? <p className="text-sm break-words">“{photo.caption}”</p> : null}
        <div className="rounded-xl bg-destructive/10 p-3">
          <p className="text-sm font-semibold">{countLabel(photo.reports.length, "open report")}</p>
          <ul className="mt-1 grid gap-1 text-sm">
            {photo.reports.map((report, i) => (
              <li key={i} className="break-words">
                {report.reason}{" "}
                <time dateTime={report.date} className="text-muted-foreground">
                  · {formatReviewDate(report.date)}
                </time>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="destructive" onClick={() => submit("photo-remove")} disabled={busy}>
            {busyWith === "photo-remove" ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <ImageOff aria-hidden="true" />
            )}
            Remove photo
          </Button>
          <Button size="sm" variant="outline" onClick={() => submit("photo-dismiss")} disabled={busy}>
            {busyWith === "photo-dismiss" ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Ban aria-hidden="true" />
            )}
            Dismiss reports
          </Button>
        </div>
      </div>
    </article>
  );
}

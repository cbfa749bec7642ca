import { Bookmark } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { FavoriteActionResult } from "../types";

/**
 * The business page's Save toggle. A form posting to the business page
 * (without JavaScript it comes back to the page); with JavaScript a fetcher
 * shows the new state at once and the page's data confirms it. Signed out,
 * a link to sign in that saves on the way back.
 */
export function SaveButton({
  businessId,
  pagePath,
  saved,
  signedIn,
  signInHref,
}: {
  businessId: string;
  /** The business page, `/business/<slug>`: the form posts to it and comes back to it without JavaScript. */
  pagePath: string;
  saved: boolean;
  signedIn: boolean;
  /** /auth?redirectTo=/business/{slug}?save=1 */
  signInHref: string;
}) {
  const fetcher = useFetcher<FavoriteActionResult>({ key: `favorite-${businessId}` });
  const hydrated = useHydrated();
  const asked = fetcher.formData?.get("intent");
  // While the request runs, show what was asked; then the revalidated page data.
  const isSaved = asked ? asked === "favorite-save" : saved;

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === "idle" && result && !result.ok)
      toast({ title: "Error", description: result.error, variant: "destructive" });
  }, [fetcher.data, fetcher.state]);

  if (!signedIn) {
    return (
      <Button asChild variant="outline">
        <Link to={signInHref}>
          <Bookmark aria-hidden="true" />
          Save
        </Link>
      </Button>
    );
  }
  return (
    <fetcher.Form method="post" action={pagePath} preventScrollReset className="contents">
      <input type="hidden" name="intent" value={isSaved ? "favorite-remove" : "favorite-save"} />
      {/* Without JavaScript: back to the page afterwards (post, redirect, get). */}
      {hydrated ? null : <input type="hidden" name="returnTo" value={pagePath} />}
      <Button type="submit" variant="outline" aria-pressed={isSaved} data-testid="save-favorite">
        <Bookmark aria-hidden="true" className={cn(isSaved && "fill-current text-primary")} />
        {isSaved ? "Saved" : "Save"}
      </Button>
    </fetcher.Form>
  );
}

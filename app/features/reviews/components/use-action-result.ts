import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "~/lib/toast";
import type { ReviewActionResult } from "./section-data";

/**
 * Calls back once per answer of a review fetcher, after the page's loaders
 * have re-run (so the list already shows the change): success shows its
 * notice, a failure the spec's "Error" toast with the server's message.
 */
export function useActionResult(
  fetcher: FetcherWithComponents<ReviewActionResult>,
  handlers: { onSuccess?: (result: Extract<ReviewActionResult, { ok: true }>) => void; onError?: (result: Extract<ReviewActionResult, { ok: false }>) => void } = {},
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const handled = useRef<ReviewActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (result.notice) toast({ title: result.notice.title, description: result.notice.description });
      latest.current.onSuccess?.(result);
    } else {
      toast({ title: "Error", description: result.error, variant: "destructive" });
      latest.current.onError?.(result);
    }
  }, [fetcher.state, fetcher.data]);
}

import { useEffect, useRef, useState } from "react";
import type { FormResult } from "~/lib/form-reply";
import type { FetcherWithComponents } from "react-router";
import { toast } from "~/lib/toast";
import type { Notice } from "./section-data";

type Answer = { ok: true; notice?: Notice } | { ok: false; error: string };

/**
 * Reacts once to each answer of a review fetcher. The notice (success) or the
 * spec's "Error" toast with the server's message shows as soon as the answer
 * arrives — the component may be gone once the page's loaders have re-run
 * (a hidden or deleted review leaves the list). `onSettled` runs after that
 * re-run, when the page already shows the change, if still mounted.
 *
 * A component that leaves the page with its own action (a deleted review, a
 * moderated one) can miss the answer entirely — React may commit only the
 * final state. Those share a keyed fetcher with a parent that stays, and the
 * parent runs this hook.
 */
export function useActionResult<T extends Answer>(
  fetcher: FetcherWithComponents<T>,
  handlers: {
    onSuccess?: (result: Extract<T, { ok: true }>) => void;
    onError?: (result: Extract<T, { ok: false }>) => void;
    onSettled?: (result: T) => void;
    /** Leave the toasts to another hook on the same fetcher key. */
    silent?: boolean;
  } = {},
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const answered = useRef<T | undefined>(undefined);
  const settled = useRef<T | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state === "submitting") return;
    if (answered.current !== result) {
      answered.current = result;
      const { silent } = latest.current;
      if (result.ok) {
        if (result.notice && !silent) toast({ title: result.notice.title, description: result.notice.description });
        latest.current.onSuccess?.(result as Extract<T, { ok: true }>);
      } else {
        if (!silent) toast({ title: "Error", description: result.error, variant: "destructive" });
        latest.current.onError?.(result as Extract<T, { ok: false }>);
      }
    }
    if (fetcher.state === "idle" && settled.current !== result) {
      settled.current = result;
      latest.current.onSettled?.(result);
    }
  }, [fetcher.state, fetcher.data]);
}

/**
 * The form result of the fetcher's failed answer, for a form's `lastResult` —
 * only answers that arrived after the form mounted, so a form opened again
 * starts without the messages of its last attempt.
 */
export function useFailedResult(
  fetcher: FetcherWithComponents<{ ok: true } | { ok: false; result?: FormResult }>,
): FormResult | undefined {
  const [stale] = useState(fetcher.data);
  const answer = fetcher.data;
  return answer && answer !== stale && !answer.ok ? answer.result : undefined;
}

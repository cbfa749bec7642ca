import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * What /api/v1/changes sends: to everyone, changes of published listings and
 * `removed` (no status) when one stops being public or is deleted; an admin's
 * feed has every change with its status (insert, update, delete).
 */
interface BusinessChangeEvent {
  op: "insert" | "update" | "delete" | "removed";
  id: string;
  status?: string;
}

/**
 * "Business list reloads on any change": listens to /api/v1/changes (SSE)
 * and re-runs the page's loaders when a shown business changes (a removed
 * one then shows as gone) — or, for lists, when a business appears or
 * disappears (it may belong in the list, or leave it).
 * Bursts of changes are coalesced into one reload.
 */
export function useLiveBusinessUpdates(shownIds: readonly string[], options: { list?: boolean } = {}) {
  const revalidator = useRevalidator();
  const latest = useRef({ shownIds, list: options.list ?? false, revalidate: revalidator.revalidate });
  useEffect(() => {
    latest.current = { shownIds, list: options.list ?? false, revalidate: revalidator.revalidate };
  });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/v1/changes");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("business", (event) => {
      let change: BusinessChangeEvent;
      try {
        change = JSON.parse((event as MessageEvent<string>).data) as BusinessChangeEvent;
      } catch {
        return;
      }
      const { shownIds: ids, list, revalidate } = latest.current;
      const relevant =
        ids.includes(change.id) || (list && change.op !== "update") || (list && change.status === "published");
      if (!relevant) return;
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 250);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}

import { useEffect, useRef } from "react";
import { useRouteLoaderData } from "react-router";
import { toast } from "~/lib/toast";
import type { Notice } from "../messages";

interface RootNotice extends Notice {
  id: string;
}

/**
 * Shows the root loader's one-shot notice ("Success!" after signing in,
 * "Access Denied"…) as a toast, once per notice.
 */
export function FlashNotice() {
  const data = useRouteLoaderData("root") as { notice?: RootNotice | null } | undefined;
  const notice = data?.notice;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || shown.current === notice.id) return;
    shown.current = notice.id;
    toast({ title: notice.title, description: notice.description, variant: notice.variant ?? "default" });
  }, [notice]);
  return null;
}

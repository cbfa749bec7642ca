import { toast } from "~/lib/toast";
import type { Notice } from "./messages";

/** The spec's notices go through the shared toast (one at a time, 5 s). */
export function notify(notice: Notice) {
  return toast({ title: notice.title, description: notice.description, variant: notice.variant ?? "default" });
}

/** The catalogue's failure shape: "Error" with the backend's (or the rule's) message. */
export function notifyError(message: string) {
  return toast({ title: "Error", description: message, variant: "destructive" });
}

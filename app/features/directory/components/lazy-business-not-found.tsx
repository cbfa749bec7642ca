import { deferredComponent } from "~/lib/deferred-component";

/** "Business Not Found", out of the business page's first load like the other error screens (lazy-error-screens). */
const NotFound = deferredComponent(() => import("./business-not-found").then((m) => m.BusinessNotFound));

export function BusinessNotFound() {
  return <NotFound.Component className="flex flex-1 flex-col" />;
}

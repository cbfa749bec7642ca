import { deferredComponent } from "~/lib/deferred-component";

// Apart from business.tsx, so its clientLoader (which preloads it) can still be split from the page's component
// (v8_splitRouteModules).

/** Everything below the action row (business-body.tsx): server HTML at first, its code after the first load. */
export const BusinessBody = deferredComponent(() => import("./business-body").then((m) => m.BusinessBody));

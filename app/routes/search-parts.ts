import { deferredComponent } from "~/lib/deferred-component";

// The search page's parts whose code comes after the first load (lib/deferred-component): the result cards, the
// map toggle, "Near me" and the page links. The server renders them; a press before their code is in is held and
// replayed. Apart from search.tsx, so its clientLoader (which preloads them) can still be split from the page's
// component (v8_splitRouteModules).
// Their props stay the same objects from one
// render to the next (typing in the search box re-renders the page), or a part still waiting for its code would
// drop the server's HTML.
export const ResultList = deferredComponent(() =>
  import("~/features/directory/components/search-result-list").then((m) => m.SearchResultList),
);
export const ViewControls = deferredComponent(() =>
  import("~/features/maps/components/view-toggle").then((m) => m.ViewControls),
);
export const NearMe = deferredComponent(() => import("~/features/directory/components/near-me").then((m) => m.NearMe));
export const Pagination = deferredComponent(() =>
  import("~/features/directory/components/pagination").then((m) => m.Pagination),
);

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during SSR and the first hydration pass, true afterwards. The auth
 * forms keep their submit buttons disabled until then: they talk to Better
 * Auth from the browser, and a native submit would go nowhere useful.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

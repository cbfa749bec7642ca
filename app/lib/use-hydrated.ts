import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during SSR and the first hydration pass, true afterwards. Forms that
 * talk to the server from the browser keep their submit buttons disabled (or
 * post natively) until then; filters switch from a GET form to live updates.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

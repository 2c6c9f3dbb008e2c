import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React draws the page over its build-time HTML (and while that HTML is made), true otherwise. A part
 * that differs by what only the browser knows (the session) draws the signed-out version until then, so hydration
 * matches the HTML; React draws it again at once with the real value (decision 054).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

// A tab that starts with a session asks for everything its first page needs at once: the profile check and the page's
// own reads (its route's `handle.readAhead`) go out together, where otherwise the page's reads would wait for the
// profile's answer and then for the page to render. On a phone's network that is one round trip less before the page
// shows its data.
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { PageHandle } from '../lib/api/read-ahead';
import { profileQuery } from '../lib/session/session-api';
import { readToken } from '../lib/session/token-storage';

/** Settles when every read it asked for has its answer (or failed: a page shows its own errors). */
export function readAhead(queryClient: QueryClient, routes: RouteObject[], pathname: string): Promise<unknown> {
  // Without a token the tab is signed out or asks its remembered device first (decision 033): nothing to read yet.
  if (readToken() === null) return Promise.resolve();
  const reads: Promise<unknown>[] = [queryClient.prefetchQuery(profileQuery())];
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    // The route's code is preloaded with the entry (its `lazy` imports a module already on the way); the router
    // loads it again from the module cache.
    const handle =
      typeof route.lazy === 'function'
        ? route.lazy().then((loaded) => loaded.handle as PageHandle | undefined)
        : Promise.resolve(route.handle as PageHandle | undefined);
    // A page whose code fails to load reads nothing ahead: the router meets the same failure and shows its error page.
    reads.push(handle.then((page) => page?.readAhead?.(queryClient, params)).catch(() => undefined));
  }
  return Promise.all(reads);
}

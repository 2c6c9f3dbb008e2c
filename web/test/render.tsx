// Renders pages the way the app does: inside the providers, a memory router and the session, so a test drives
// the same wiring as a user (guards, navigation, toasts).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { SessionProvider } from '../lib/session/session-provider';

/** Renders `routes` under a root that provides the session, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/', queryClient = createQueryClient()) {
  // nuqs's router adapter reads the window's URL (in the app, the browser router's): the same path for both here.
  // A popstate makes it drop what an earlier test queued: it waits for the router to write the window's history,
  // which a memory router never does.
  window.history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  const router = createMemoryRouter(
    [
      {
        element: (
          <NuqsAdapter>
            <SessionProvider>
              <Outlet />
            </SessionProvider>
          </NuqsAdapter>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Renders one element at `/`, for components that need the providers but no particular route. */
export function renderWithApp(ui: ReactElement) {
  return renderRoutes([{ path: '/', element: ui }]);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Wraps a fetch mock so that GET /api/auth/providers answers "no single sign-on" without reaching it. */
export function withoutSso(fetchMock: typeof fetch): typeof fetch {
  return (input, init) =>
    input === '/api/auth/providers'
      ? Promise.resolve(jsonResponse(200, { oidc: null, oidcOnly: false }))
      : fetchMock(input, init);
}

// The build-time renderer of the signed-out pages (decision 054): the build runs this module in Node and writes each
// page's HTML into dist/prerendered/, which the server sends for that page so the browser draws it before any script
// has loaded. The client (main.tsx) then hydrates the same tree.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { APP_NAME, collectPageTitle } from './lib/use-page-title';

/** The markup of the app at `pathname` for a signed-out visitor, as the root element's content, and its title. */
export async function renderPage(pathname: string): Promise<{ markup: string; title: string }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${pathname} redirects; it cannot be drawn at build time.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title = APP_NAME;
  collectPageTitle((pageTitle) => (title = pageTitle));
  const markup = renderToString(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        {/* No hydration data: the app's routes load no data, and the page's CSP allows no inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  collectPageTitle(null);
  return { markup, title };
}

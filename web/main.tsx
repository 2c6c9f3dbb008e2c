// Mantine's base styles; each component's come with the chunk that holds it (scripts/mantine-styles-plugin.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import './app/print.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { readAhead } from './app/read-ahead';
import { createAppRouter, routes } from './app/router';
import { earlyAnswersArrived } from './lib/api/early-answers';
import { replayEarlyInput } from './lib/early-input';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

/** Loads the code of the routes drawn at build time, so the first render is the page rather than its loader. */
async function loadMatchedRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  // The server sends build-time HTML for some signed-out pages (decision 054): React takes it over rather than
  // drawing the page again. Until the app has started, links work as links and public/before-app.js holds forms and
  // marks the button pressed; once the first render is on screen, what the visitor did meanwhile is done again.
  const prerendered = root.hasAttribute('data-prerendered');
  if (prerendered) await loadMatchedRoutes();
  const onMounted = prerendered ? () => replayEarlyInput(root) : undefined;
  const queryClient = createQueryClient();
  const reading = readAhead(queryClient, routes, window.location.pathname);
  // When the early script's answers are all in (decision 057), the first render shows the page with its data: taking
  // them costs milliseconds, where rendering placeholders first would cost a second render of the whole page.
  if (earlyAnswersArrived()) await reading;
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} onMounted={onMounted}>
        <RouterProvider router={createAppRouter({ drawn: prerendered })} />
      </Providers>
    </StrictMode>
  );
  // A transition lets React split the first render into short tasks, so the page answers input while it starts.
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
  // React listens from here on: a press now is React's (it finishes taking the page over first).
  document.documentElement.setAttribute('data-app-started', '');
}

void start(container);

// No page of the app asks another site for anything (decision 030): every route of the router, signed out and signed
// in (as a super admin who owns a team, so that every guarded page renders), in the light and dark schemes. A request
// whose origin is not the app's fails the test, and so does a CSP violation (a request the browser refused to make).
// The pages are the page table's (common/domain/app-pages.ts, which the router is held to), so a new page is visited here.
import { PAGE_PATHS } from '../common/domain/app-pages';
import type { BrowserContext, Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  logOops,
  newIsolatedPage,
  startApp,
  startSignedIn,
  SUPER_ADMIN_EMAIL,
  test,
  uniqueUser,
} from './fixtures';

/**
 * Every page of the app (the page table, which the router is held to), with its parameters filled in by `fill`,
 * and an unknown path for the not-found page.
 */
function routerPaths(fill: (param: string) => string): string[] {
  const declared = Object.values(PAGE_PATHS);
  expect(declared.length, 'pages in common/domain/app-pages.ts').toBeGreaterThan(20);
  const paths = declared.map((p) => `/${p.replace(/:(\w+)/g, (_m, name: string) => fill(name))}`);
  // The API's browsable documentation is a page the app serves too (last: it is not part of the SPA).
  return [...new Set([...paths, '/no-such-page', '/api/docs'])];
}

/** Records every request to another origin and every CSP violation, from any page or worker of the context. */
function watchForeignRequests(context: BrowserContext, page: Page): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    // data: and blob: URLs never leave the browser.
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== BASE_URL)
      foreign.push(`${request.resourceType()} ${url} (from ${page.url()})`);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()))
      foreign.push(`CSP: ${message.text()} (on ${page.url()})`);
  });
  return foreign;
}

/**
 * Opens `path` and waits until its content is shown and every image has loaded or failed. Within the SPA it
 * navigates as a link would (no reload of the whole app per page, which costs seconds on a busy machine): the
 * previous page's heading is marked first, so only the new page's heading (or error) counts.
 */
async function visit(page: Page, path: string): Promise<void> {
  const docs = path.startsWith('/api/docs');
  // The settings area keeps its heading across its sub-pages (and /settings lands on one of them): loaded afresh.
  const reload = docs || path.startsWith('/settings') || !page.url().startsWith(BASE_URL);
  if (reload || new URL(page.url()).pathname.startsWith('/api/')) {
    await page.goto(path);
  } else {
    // A page the build drew starts the app on the visitor's first move (decision 054); the app then follows the
    // address.
    await startApp(page);
    await page.evaluate((to) => {
      for (const seen of document.querySelectorAll('h1, h2, [role="alert"]'))
        seen.setAttribute('data-seen', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  const content = docs
    ? page.getByRole('heading', { name: /OopsBoard API/ })
    : page.locator('h1:not([data-seen]), [role="alert"]:not([data-seen])');
  // swagger-ui's bundle is large: on a busy 2-core machine it takes longer than the usual 10 s to draw.
  await expect(content.first(), path).toBeVisible({ timeout: docs ? 30_000 : undefined });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`signed out, no page requests another origin (${colorScheme})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await newIsolatedPage(browser, { colorScheme });
    const foreign = watchForeignRequests(page.context(), page);
    for (const path of routerPaths(() => '1-an-incident')) {
      await visit(page, path);
      expect(foreign, `after ${path}`).toEqual([]);
    }
    expect(foreign).toEqual([]);
    await page.context().close();
  });

  test(`signed in, no page requests another origin (${colorScheme})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await newIsolatedPage(browser, { colorScheme });
    const foreign = watchForeignRequests(page.context(), page);
    const token = await createAccount(page, uniqueUser({ email: SUPER_ADMIN_EMAIL }));
    const incident = await logOops(page.request, token);
    await startSignedIn(page, token);
    const fills: Record<string, string> = { idSlug: incident.id_slug };
    const paths = routerPaths((name) => {
      const value = fills[name];
      if (!value)
        throw new Error(`The router has a parameter :${name}: say here which value to visit it with.`);
      return value;
    });
    for (const path of paths) {
      await visit(page, path);
      expect(foreign, `after ${path}`).toEqual([]);
    }
    // The avatar is there, drawn from the e-mail hash on the page itself.
    await visit(page, '/profile');
    const avatar = page.getByRole('button', { name: 'User menu' }).locator('img');
    await expect(avatar).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(page.getByRole('main').locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
    expect(foreign).toEqual([]);
    await page.context().close();
  });
}

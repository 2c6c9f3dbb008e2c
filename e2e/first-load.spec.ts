// A fast first load (decision 029): the landing and sign-in pages fetch none of the signed-in app's code, and the
// landing page's demo video is fetched only once it plays.
//
// The signed-in app's code, from the build's manifest: every chunk that a lazily loaded module other than a public
// page (the signed-in pages, and the navigation parts only a signed-in user sees) needs, less every chunk that the
// entry or a public page needs (shared component chunks such as Mantine's Stack are not the signed-in app's).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  newIsolatedPage,
  startApp,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

const PUBLIC_PAGES = [
  'web/features/public/landing-page.tsx',
  'web/features/public/terms-page.tsx',
  'web/features/public/privacy-page.tsx',
  'web/features/public/not-found-page.tsx',
  'web/features/public/unauthorized-page.tsx',
  'web/features/auth/login-page.tsx',
  'web/features/auth/sso-complete-page.tsx',
  'web/features/auth/signup-page.tsx',
  'web/features/auth/verify-page.tsx',
  'web/features/auth/password-reset-page.tsx',
  'web/features/team/accept-invitation-page.tsx',
  'web/features/actions/action-link-page.tsx',
  'web/features/digest/unsubscribe-page.tsx',
];

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
}

function signedInChunks(): Set<string> {
  const dist = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  for (const page of PUBLIC_PAGES)
    expect(manifest[page], `${page} is a page chunk of the build`).toBeDefined();
  const lazy = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);
  const shared = closure(['index.html', ...PUBLIC_PAGES]);
  const signedIn = closure(lazy.filter((key) => !PUBLIC_PAGES.includes(key)));
  return new Set([...signedIn].filter((file) => !shared.has(file)));
}

function scriptsRequested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) files.push(pathname.slice(1));
  });
  return files;
}

test("the landing and sign-in pages fetch none of the signed-in app's code, which the dashboard does", async ({
  browser,
  page,
}) => {
  const forbidden = signedInChunks();
  expect([...forbidden].some((file) => /^assets\/dashboard-page-.*\.js$/.test(file))).toBe(true);
  for (const width of [390, 1280]) {
    const visitor = await newIsolatedPage(browser, { width });
    const requested = scriptsRequested(visitor);
    await visitor.goto('/');
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Turn Setbacks Into Comebacks' }),
    ).toBeVisible();
    await visitor.getByRole('link', { name: 'Log In' }).click();
    await expect(visitor.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await visitor.waitForLoadState('networkidle');
    expect(requested.length, 'the pages loaded their code').toBeGreaterThan(2);
    expect(
      requested.filter((file) => forbidden.has(file)),
      `signed-in code fetched at ${width} px`,
    ).toEqual([]);
    await visitor.context().close();
  }

  // The same measure sees the signed-in app's code where it belongs.
  const requested = scriptsRequested(page);
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(requested.filter((file) => forbidden.has(file)).length).toBeGreaterThan(0);
});

test('the landing video is not fetched until it plays', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const page = await newIsolatedPage(browser, { width: 390 });
    // A phone's screen, where the video is below the hero.
    await page.setViewportSize({ width: 390, height: 600 });
    await page.emulateMedia({ reducedMotion });
    const media: string[] = [];
    page.on('request', (request) => {
      if (/\/demo\.(webm|mp4)$/.test(new URL(request.url()).pathname)) media.push(request.url());
    });
    await page.goto('/');
    const video = page.getByTestId('demo-video');
    await expect(video).toBeAttached();
    // Less than the quarter of it that starts it.
    await expect(video).not.toBeInViewport({ ratio: 0.25 });
    await page.waitForLoadState('networkidle');
    expect(media, `nothing of the video before it plays (${reducedMotion})`).toEqual([]);

    await video.scrollIntoViewIfNeeded();
    if (reducedMotion === 'reduce') {
      // Nothing starts by itself; the visitor's play does.
      await page.waitForLoadState('networkidle');
      expect(media).toEqual([]);
      await video.evaluate((v: HTMLVideoElement) => v.play());
    }
    await expect
      .poll(() => media.length, { message: `fetched once playing (${reducedMotion})` })
      .toBeGreaterThan(0);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    await page.context().close();
  }
});

// Pages drawn at build time (decision 054): the drawing shows without the script, the app takes it over without a
// mismatch (React reports one as a console error), and a form cannot be sent before the app has started.
const DRAWN_PAGES: [string, RegExp][] = [
  ['/', /Turn Setbacks Into Comebacks/],
  ['/login', /Sign in to OopsBoard/],
  ['/signup', /Create your account/],
  ['/terms', /Terms of Service/],
  ['/privacy', /Privacy Policy/],
  ['/no-such-page', /Page not found/],
];

test('the signed-out pages are drawn before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [url, heading] of DRAWN_PAGES) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toHaveText(heading);
  }
  // With the page's own stylesheet, not only the app's: the landing's hero has its room.
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  expect(parseFloat(await hero.evaluate((el) => getComputedStyle(el).paddingTop))).toBeGreaterThan(0);
  await context.close();
});

test('the app takes the drawn pages over without a mismatch, signed out and light, signed in and dark', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const token = await createAccount(page, uniqueUser());
  for (const [colorScheme, signedIn] of [
    ['light', false],
    ['dark', true],
  ] as const) {
    const visitor = await newIsolatedPage(browser, { colorScheme, width: 390 });
    if (signedIn) await startSignedIn(visitor, token);
    const errors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${visitor.url()}: ${message.text()}`);
    });
    visitor.on('pageerror', (error) => errors.push(`${visitor.url()}: ${error.message}`));
    // A signed-in visitor is sent on from the sign-in page; the others keep their page.
    for (const [url, heading] of DRAWN_PAGES.filter(([url]) => !(signedIn && url === '/login'))) {
      await visitor.goto(url);
      // A visitor with a session gets the app at once; the others on their first move.
      if (!signedIn) await startApp(visitor);
      await expect(visitor.locator('html'), url).toHaveAttribute('data-app-started', '');
      await expect(visitor.locator('html'), url).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await expect(visitor.getByRole('heading', { level: 1 }).first(), url).toHaveText(heading);
    }
    if (signedIn) {
      // The drawing is signed out; the app then shows the signed-in landing page.
      await visitor.goto('/');
      await expect(visitor.getByRole('link', { name: 'Open Dashboard' })).toBeVisible();
    }
    // The not-found page answers 404, which the browser reports as a console error; nothing else may.
    expect(
      errors.filter((error) => !error.includes('404')),
      `${colorScheme}, ${signedIn ? 'signed in' : 'signed out'}`,
    ).toEqual([]);
    await visitor.context().close();
  }
});

/** Holds the app's entry script back until the returned function is called: the drawn page without the app. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('before the app starts, a dark-scheme visitor gets the drawn page dark, its toggle offering light', async ({
  browser,
}) => {
  const visitor = await newIsolatedPage(browser, { colorScheme: 'dark', width: 390 });
  await visitor.goto('/terms');
  await expect(visitor.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await visitor.evaluate(() => document.documentElement.hasAttribute('data-app-started'))).toBe(false);
  await startApp(visitor);
  await visitor.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(visitor.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(visitor.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  await visitor.context().close();
});

test('a drawn page runs no script of the app until the visitor moves, and has its scripts ready by then', async ({
  browser,
}) => {
  const visitor = await newIsolatedPage(browser, { width: 390 });
  const requested = scriptsRequested(visitor);
  await visitor.goto('/terms');
  await expect(visitor).toHaveTitle('Terms of Service · OopsBoard');
  // Fetched into the cache once the page has loaded (the entry and the page's own chunks), but not run.
  await expect.poll(() => requested.some((file) => /^assets\/terms-page-.*\.js$/.test(file))).toBe(true);
  await expect.poll(() => requested.some((file) => /^assets\/index-.*\.js$/.test(file))).toBe(true);
  await visitor.waitForLoadState('networkidle');
  expect(
    await visitor.evaluate(() => ({
      started: document.documentElement.hasAttribute('data-app-started'),
      moduleScripts: document.querySelectorAll('script[type="module"]').length,
    })),
  ).toEqual({ started: false, moduleScripts: 0 });

  // The first move starts the app from the cache: what the scripts ask for comes without a download.
  const scriptLoads = () =>
    visitor.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ file: entry.name, downloaded: entry.transferSize > 0 })),
    );
  const prefetched = (await scriptLoads()).length;
  await visitor.getByRole('link', { name: 'Log In' }).focus();
  await expect(visitor.locator('html')).toHaveAttribute('data-app-started', '');
  await visitor.waitForLoadState('networkidle');
  const started = (await scriptLoads()).slice(prefetched);
  // The entry and the page's chunk at least (the others depend on how the build groups the code, decision 056).
  expect(started.map((load) => load.file)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/assets\/index-.*\.js$/),
      expect.stringMatching(/\/assets\/terms-page-.*\.js$/),
    ]),
  );
  expect(started.filter((load) => load.downloaded)).toEqual([]);

  await visitor.context().close();
});

test('a drawn form sent before the app has started is held, then sent by the app with what was typed', async ({
  browser,
  page,
}) => {
  const user = uniqueUser();
  await createAccount(page, user);
  const visitor = await newIsolatedPage(browser, { width: 390 });
  // The app's entry script is held back until the form has been filled in and sent once.
  const release = await holdEntryScript(visitor);
  // Typing is a first move: it starts the app (decision 054), whose entry script is held.
  await visitor.goto('/login', { waitUntil: 'commit' });
  await visitor.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await visitor.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  // Nothing navigated: the browser's own submission would have put the fields in the address.
  expect(await visitor.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(visitor.url()).toBe(`${BASE_URL}/login`);

  // Once started, the app signs in with the typed fields, as if the visitor had pressed Enter again.
  release();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await visitor.context().close();
});

test('a visitor who scrolled the drawn page before the app started stays where they were', async ({
  browser,
}) => {
  const visitor = await newIsolatedPage(browser, { width: 390 });
  const release = await holdEntryScript(visitor);
  await visitor.goto('/', { waitUntil: 'commit' });
  // The page is still loading (its entry script is held), so the scroll is repeated until the layout keeps it.
  await expect
    .poll(() =>
      visitor.evaluate(() => {
        document.querySelector('[data-testid="demo-video"]')?.scrollIntoView({ block: 'center' });
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(200);
  const scrolled = await visitor.evaluate(() => window.scrollY);

  release();
  await visitor.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'));
  // Until the app has rendered and its effects have run (the demo video is watched once on screen).
  await expect(visitor.getByTestId('demo-video')).toHaveJSProperty('paused', false);
  expect(await visitor.evaluate(() => window.scrollY)).toBe(scrolled);
  await visitor.context().close();
});

test("a dashboard opened with a session has its first reads sent by the early script, before the app's, each once", async ({
  page,
}) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  // Who sent each API request: the early script (decision 057) or the app.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: { path: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/') || url.pathname === '/api/live') return;
    const by = initiator.stack?.callFrames[0]?.url ?? initiator.url ?? '';
    sent.push({
      path: `${url.pathname}${url.search}`.replace(/\?t=\d+$/, ''),
      by: new URL(by, BASE_URL).pathname,
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-total')).toHaveText('0');
  await expect(page.getByRole('heading', { level: 2, name: 'Needs attention' })).toBeVisible();
  const firstReads = [
    '/api/user/profile',
    '/api/dashboard/attention',
    '/api/oops/stats',
    '/api/oops/last',
    '/api/oops/department-stats',
    '/api/oops?limit=100&kind=incident',
  ];
  for (const path of firstReads) {
    const sends = sent.filter((request) => request.path === path);
    expect(
      sends.map((request) => request.by),
      path,
    ).toEqual([expect.stringMatching(/^\/assets\/early-reads-.*\.js$/)]);
  }
});

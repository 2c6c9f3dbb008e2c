// Links that open where they point (decision 033): a link opened in a new tab lands on the incident once the user
// ticked "Keep me signed in on this device"; signing in returns to the page that asked for it; the profile lists
// sessions and devices and signs out of all of them. axe checks the changed pages at 390 and 1366 px, light and dark.
import type { BrowserContext, Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  newIsolatedPage,
  OOPS_FIXTURE,
  test,
  TOKEN_KEY,
  uniqueUser,
  type TestUser,
} from './fixtures';

async function signInThroughForm(page: Page, user: TestUser, keep: boolean): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.locator('#login-password').fill(user.password);
  if (keep) await page.getByRole('checkbox', { name: /Keep me signed in on this device/ }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const storedToken = (page: Page) => page.evaluate((key) => window.sessionStorage.getItem(key), TOKEN_KEY);
const incidentHeading = (page: Page) => page.getByRole('heading', { level: 1, name: OOPS_FIXTURE.title });

async function accountWithIncident(page: Page): Promise<{ user: TestUser; path: string }> {
  const user = uniqueUser();
  const token = await createAccount(page, user);
  const { id_slug } = await logOops(page.request, token);
  return { user, path: `/oops/${id_slug}` };
}

test('a link opened in a new tab lands on the incident after "keep me signed in"', async ({ browser }) => {
  const first = await newIsolatedPage(browser);
  const context: BrowserContext = first.context();
  const { user, path } = await accountWithIncident(first);

  await first.goto('/login');
  await signInThroughForm(first, user, true);
  await expect(first).toHaveURL(/\/dashboard$/);

  // A colleague's link, opened in a new tab: no token in its session storage, and no form to fill.
  const tab = await context.newPage();
  await tab.goto(`${path}?from=slack#timeline`);
  await expect(incidentHeading(tab)).toBeVisible();
  await expect(tab).toHaveURL(new RegExp(`${path}\\?from=slack#timeline$`));
  const tabToken = await storedToken(tab);
  expect(tabToken).toBeTruthy();
  expect(tabToken).not.toBe(await storedToken(first));
  // The refresh credential never reaches a script.
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'oopsboard_refresh')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
    path: '/api/auth',
  });
  expect(await tab.evaluate(() => document.cookie)).not.toContain('oopsboard_refresh');

  // Signing out ends the remembered device: the next new tab is sent to sign in.
  await tab.getByRole('button', { name: 'User menu' }).click();
  await tab.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(tab).toHaveURL(/\/$/);
  const later = await context.newPage();
  await later.goto(path);
  await expect(later).toHaveURL(/\/login\?returnTo=/);
  await context.close();
});

test('without "keep me signed in" a new tab asks to sign in, then returns to the link', async ({
  browser,
}) => {
  const first = await newIsolatedPage(browser);
  const context = first.context();
  const { user, path } = await accountWithIncident(first);
  await first.goto('/login');
  await signInThroughForm(first, user, false);
  await expect(first).toHaveURL(/\/dashboard$/);

  const tab = await context.newPage();
  await tab.goto(`${path}?from=mail#notes`);
  await expect(tab).toHaveURL(`${BASE_URL}/login?returnTo=${encodeURIComponent(`${path}?from=mail#notes`)}`);
  await expect(tab.getByRole('heading', { level: 1, name: 'Sign in to OopsBoard' })).toBeVisible();
  await signInThroughForm(tab, user, false);
  await expect(incidentHeading(tab)).toBeVisible();
  await expect(tab).toHaveURL(new RegExp(`${path}\\?from=mail#notes$`));
  await context.close();
});

test('the profile lists sessions and devices and signs out everywhere', async ({ browser }) => {
  const page = await newIsolatedPage(browser);
  const context = page.context();
  const { user, path } = await accountWithIncident(page);
  await page.goto('/login');
  await signInThroughForm(page, user, true);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile?tab=sessions');
  const list = page.getByRole('list', { name: 'Your sessions and devices' });
  // The sign-up's own API session and this remembered browser.
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const current = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(current).toContainText('Remembered device');
  await expect(current).toContainText('Chrome');

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const tab = await context.newPage();
  await tab.goto(path);
  await expect(tab).toHaveURL(/\/login\?returnTo=/);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1366]) {
    test(`the sign-in and sessions pages have no serious axe violations (${colorScheme}, ${width} px)`, async ({
      browser,
    }) => {
      const page = await newIsolatedPage(browser, { colorScheme, width });
      const user = uniqueUser();
      await createAccount(page, user);
      await page.goto('/login?returnTo=%2Foops&expired=1');
      await expect(page.getByRole('status').filter({ hasText: 'Your session has expired.' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /Keep me signed in on this device/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/login expired (${colorScheme}, ${width} px)`);

      await signInThroughForm(page, user, true);
      await expect(page).toHaveURL(/\/oops$/);
      await page.goto('/profile?tab=sessions');
      await expect(page.getByRole('list', { name: 'Your sessions and devices' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/profile sessions (${colorScheme}, ${width} px)`);
      await page.context().close();
    });
  }
}

// axe on every page, signed out and signed in, in light and dark schemes, wide and at 390 px.
// Fails on serious or critical violations.
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  SUPER_ADMIN_EMAIL,
  test,
  uniqueUser,
} from './fixtures';

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/verify',
  '/password-reset',
  '/accept-invitation',
  '/terms',
  '/privacy',
  '/unauthorized',
  '/no-such-page',
];
// Signed-in pages in two groups, each its own test, so no one test walks a dozen pages against the slow CI machine's
// time budget.
const APP_PAGE_GROUPS = {
  workspace: ['/dashboard', '/oops', '/oops?search=outage', '/oops/new'],
  // The report and the dashboard draw charts now: axe reads larger pages, so the workspace is two groups.
  // The team's page is the settings area's first sub-page (/team leads there, settings.spec.ts checks that): visited
  // at its own address, which the check below waits for.
  records: ['/oops/1-first-oops', '/profile', '/executive-report', '/settings/general'],
  admin: ['/admin', '/admin/users', '/admin/teams', '/admin/audit'],
} as const;

async function expectOneH1(page: Page, path: string) {
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1280, 390]) {
    test(`signed-out pages have no serious axe violations (${colorScheme}, ${width} px)`, async ({
      browser,
    }) => {
      // One test walks many pages so each scheme/width pair reads as one result; axe takes ~1 s per page.
      test.setTimeout(120_000);
      const page = await newIsolatedPage(browser, { colorScheme, width });
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expectOneH1(page, path);
        await expectNoSeriousA11yViolations(page, `${path} (${colorScheme}, ${width} px)`);
      }
      await page.context().close();
    });

    for (const [group, paths] of Object.entries(APP_PAGE_GROUPS)) {
      test(`signed-in ${group} pages have no serious axe violations (${colorScheme}, ${width} px)`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        const page = await newIsolatedPage(browser, { colorScheme, width });
        const token = await createAccount(page, uniqueUser({ email: SUPER_ADMIN_EMAIL }));
        await startSignedIn(page, token);
        for (const path of paths) {
          await page.goto(path);
          await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
          await expectOneH1(page, path);
          await expectNoSeriousA11yViolations(page, `${path} (${colorScheme}, ${width} px)`);
        }
        await page.context().close();
      });
    }

    test(`signed-in overlays have no serious axe violations (${colorScheme}, ${width} px)`, async ({
      browser,
    }) => {
      const page = await newIsolatedPage(browser, { colorScheme, width });
      await startSignedIn(page, await createAccount(page, uniqueUser()));
      await page.goto('/dashboard');
      if (width < 1000) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, `mobile menu (${colorScheme})`);
        await page.keyboard.press('Escape');
      }
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `user menu (${colorScheme}, ${width} px)`);
      await page.getByRole('menuitem', { name: 'How it Works' }).click();
      await expect(page.getByRole('dialog', { name: 'How it Works' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `How it Works dialog (${colorScheme}, ${width} px)`);
      await page.context().close();
    });
  }
}

test('sign-up errors are announced without serious axe violations', async ({ browser }) => {
  const page = await newIsolatedPage(browser);
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You must accept the terms and conditions.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/signup with errors');
  await page.context().close();
});

test('keyboard users get a skip link and a visible focus ring', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  const dashboardLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' });
  await dashboardLink.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(dashboardLink).toBeFocused();
  const outline = await dashboardLink.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

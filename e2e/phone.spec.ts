// On a phone (390×844): Log Oops and search one tap away on every signed-in page, nothing wider than the screen, the
// pages short enough to scan (heights under ceilings measured with this data), the log's table view a compact list
// with "Resolved · in review", and axe clean on the changed pages in both colour schemes.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

const WIDTH = 390;
const HEIGHT = 844;
test.use({ viewport: { width: WIDTH, height: HEIGHT } });

// Ceilings with a margin over the heights measured at 390×844 with the data below (before → after these layouts):
// dashboard 3,158 → 2,416, the log's table view 2,181 → 1,388 and its cards 9,831 → 7,736 for 25 incidents.
// The dashboard's includes Trends (on by default since decision 051): about 400 px for its place and heading.
const CEILINGS = { dashboard: 3_100, logTable: 1_550, logCards: 8_300 };

const DEPARTMENTS = ['Engineering', 'Support', 'Sales', 'Operations', 'Security', 'Finance'];
const SEVERITIES = ['Low', 'Medium', 'High', 'Critical'];

/** Logs incidents `from` to `to - 1` with titles of a realistic length, spread over six departments. */
async function logMany(request: APIRequestContext, token: string, from: number, to: number) {
  const logged: { id_slug: string }[] = [];
  for (let i = from; i < to; i++) {
    logged.push(
      await logOops(request, token, {
        title: `Checkout incident number ${i} with a longer title`,
        severity: SEVERITIES[i % SEVERITIES.length],
        area_department: DEPARTMENTS[i % DEPARTMENTS.length],
      }),
    );
  }
  return logged;
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The dashboard with its panels' data in (so its height is the finished page's). */
async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('department-card').first()).toBeVisible();
  await expect(page.getByTestId('timeline-dot').first()).toBeVisible();
  await expect(page.getByTestId('attention-open')).toBeVisible();
  await expect(page.getByTestId('stat-total')).not.toHaveText('0');
}

test('Log Oops and search are one tap away on the dashboard, the log, an incident and settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const token = await createAccount(page, uniqueUser());
  const incident = await logOops(page.request, token, { title: 'Payment gateway timeout' });
  await startSignedIn(page, token);
  const banner = page.getByRole('banner');
  for (const path of ['/dashboard', '/oops', `/oops/${incident.id_slug}`, '/settings/notifications']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Log Oops' })).toHaveAttribute('href', '/oops/new');
    await banner.getByRole('button', { name: 'Search' }).click();
    const palette = page.getByRole('dialog', { name: 'Search' });
    const box = palette.getByRole('textbox', { name: 'Search incidents, actions, lessons and pages' });
    await expect(box).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    expect(await pageWidth(page), path).toBeLessThanOrEqual(WIDTH);
  }

  // One tap each: search finds an incident and opens it; Log Oops opens the form.
  await page.goto('/dashboard');
  await banner.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('textbox', { name: 'Search incidents, actions, lessons and pages' }).fill('gateway');
  await page.getByRole('dialog', { name: 'Search' }).getByText('timeout').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment gateway timeout' })).toBeVisible();
  await banner.getByRole('link', { name: 'Log Oops' }).click();
  await expect(page).toHaveURL(/\/oops\/new$/);
});

test('the dashboard and the log are short at 390 px; the table view is a compact list', async ({ page }) => {
  test.setTimeout(180_000);
  const token = await createAccount(page, uniqueUser());
  await startSignedIn(page, token);

  // A team with 10 incidents over 6 departments.
  await logMany(page.request, token, 0, 10);
  await openDashboard(page);
  const departments = page.getByRole('region', { name: 'Department Overview' });
  await expect(departments.getByTestId('department-card')).toHaveCount(4);
  await departments.getByRole('button', { name: 'Show all 6 departments' }).click();
  await expect(departments.getByTestId('department-card')).toHaveCount(6);
  await page.reload();
  await openDashboard(page);
  const dashboard = await pageHeight(page);
  expect(dashboard, 'dashboard height').toBeLessThanOrEqual(CEILINGS.dashboard);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // 25 incidents, the newest resolved and still open (in review).
  await logMany(page.request, token, 10, 24);
  await logOops(page.request, token, {
    title: 'Resolved and waiting for its review',
    severity: 'High',
    occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
    resolved_at: new Date(Date.now() - 600_000).toISOString(),
  });

  await page.goto('/oops?view=table');
  const list = page.getByRole('list', { name: 'Incidents' });
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await expect(page.getByRole('table')).toHaveCount(0);
  const inReview = list.getByRole('listitem').filter({ hasText: 'Resolved and waiting for its review' });
  await expect(inReview.getByText('Resolved · in review')).toBeVisible();
  // One line a row: title, severity, status and age side by side.
  const row = list.getByRole('listitem').filter({ hasText: 'number 15 ' });
  await expect(row.getByText('Critical')).toBeVisible();
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row.locator('time')).toBeVisible();
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual(44);
  const logTable = await pageHeight(page);
  expect(logTable, 'log table view height').toBeLessThanOrEqual(CEILINGS.logTable);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  // The whole row answers a tap, not only the title's text.
  const box = (await row.boundingBox())!;
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Checkout incident number 15 with a longer title' }),
  ).toBeVisible();

  await page.goto('/oops?view=cards');
  await expect(page.getByRole('article')).toHaveCount(25);
  await expect(
    page
      .getByRole('article', { name: 'Resolved and waiting for its review' })
      .getByText('Resolved · in review'),
  ).toBeVisible();
  const logCards = await pageHeight(page);
  expect(logCards, 'log card view height').toBeLessThanOrEqual(CEILINGS.logCards);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  test.info().annotations.push({
    type: 'heights at 390×844',
    description: `dashboard ${dashboard}, log table ${logTable}, log cards ${logCards}`,
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the phone layouts have no serious axe violations (${colorScheme})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const page = await newIsolatedPage(browser, { colorScheme, width: WIDTH });
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    const token = await createAccount(page, uniqueUser());
    await logMany(page.request, token, 0, 6);
    await logOops(page.request, token, {
      title: 'Resolved and waiting for its review',
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
      resolved_at: new Date(Date.now() - 600_000).toISOString(),
    });
    await startSignedIn(page, token);

    await openDashboard(page);
    await expectNoSeriousA11yViolations(page, `/dashboard (${colorScheme}, 390 px)`);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `search palette (${colorScheme}, 390 px)`);
    await page.keyboard.press('Escape');

    for (const view of ['table', 'cards']) {
      await page.goto(`/oops?view=${view}`);
      await expect(page.getByText('Resolved · in review')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/oops?view=${view} (${colorScheme}, 390 px)`);
    }

    await page.goto('/settings/notifications');
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByRole('switch').first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/settings/notifications (${colorScheme}, 390 px)`);
    await page.context().close();
  });
}

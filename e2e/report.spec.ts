// Executive report (docs/product.md §2): figures for a logged data set, the period really applied, and Export PDF
// through Chromium's print: no navigation on paper, headings kept, a paginated PDF written to test-results/.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
  logOops,
} from './fixtures';

const HEADINGS = [
  'Summary',
  'Severity Breakdown',
  'Department Overview',
  'Recent Incidents',
  'Strategic Recommendations',
];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Logs incidents through the API (not the subject here) and closes one, so MTTR has something to measure. */
async function logIncidents(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const incidents = [
    {
      title: 'Checkout API returned 502s',
      severity: 'Critical',
      area_department: 'Engineering',
      close: true,
    },
    { title: 'Status page certificate expired', severity: 'High', area_department: 'Operations' },
    { title: 'Phishing mail reached support', severity: 'Medium', area_department: 'Security' },
    { title: 'Wrong price in campaign mail', severity: 'Low', area_department: 'Marketing' },
  ];
  for (const { close, ...incident } of incidents) {
    const { id } = await logOops(request, token, {
      ...incident,
      description: `${incident.title} during the E2E run.`,
      occurred_at: hoursAgo(3),
    });
    if (close) {
      const closed = await request.put(`/api/oops/${id}`, { headers, data: { status: 'Closed' } });
      expect(closed.status()).toBe(200);
    }
  }
}

async function openReportWithData(page: Page) {
  const token = await createAccount(page, uniqueUser());
  await logIncidents(page.request, token);
  await startSignedIn(page, token);
  await page.goto('/executive-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
}

const card = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .last();

test('the report shows the team figures and applies the chosen period', async ({ page }) => {
  await openReportWithData(page);
  for (const heading of HEADINGS) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(card(page, 'Total Incidents')).toContainText('4');
  await expect(card(page, 'This Period')).toContainText('4');
  await expect(card(page, 'High + Critical')).toContainText('2');
  await expect(card(page, 'Mean Time to Resolve')).toContainText('3 h');
  await expect(
    page.getByRole('region', { name: 'Department Overview' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Recent Incidents' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Focus Areas' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('report-generated')).toContainText('Generated');

  const ninety = page.waitForRequest((r) => r.url().endsWith('/api/oops/stats?days=90'));
  await page.getByRole('combobox', { name: 'Report period' }).selectOption({ label: 'Last 90 Days' });
  await ninety;
  await expect(page).toHaveURL(/\/executive-report\?days=90$/);
  await expect(page.getByText('Last 90 Days', { exact: false }).first()).toBeVisible();
  await expect(card(page, 'This Period')).toContainText('Last 90 Days');

  // A reload keeps the period.
  const again = page.waitForRequest((r) => r.url().endsWith('/api/oops/stats?days=90'));
  await page.reload();
  await again;
  await expect(page.getByRole('combobox', { name: 'Report period' })).toHaveValue('90');
  await expectNoSeriousA11yViolations(page, '/executive-report with data');
});

test('Export PDF prints a clean, paginated document without the navigation', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { printCalls: number }).printCalls = 0;
    window.print = () => {
      (window as unknown as { printCalls: number }).printCalls += 1;
    };
  });
  await openReportWithData(page);
  await page.getByRole('button', { name: 'Export PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const display = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => getComputedStyle(el).display);
  expect(await display('header')).toBe('none');
  expect(await display('footer')).toBe('none');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export PDF' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Report period' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Executive Report' })).toBeVisible();
  for (const heading of HEADINGS) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  // Black on white even from the dark scheme, so it prints on any printer.
  const colours = await page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(document.querySelector('h1')!).color,
  }));
  expect(colours).toEqual({ body: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
  // Sections are kept whole on a page.
  const breakInside = await page
    .getByRole('region', { name: 'Department Overview' })
    .evaluate((el) => getComputedStyle(el).breakInside);
  expect(breakInside).toBe('avoid');

  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  const file = path.join('test-results', 'executive-report.pdf');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  console.log(`executive-report.pdf: ${pages.length} pages, ${pdf.length} bytes`);
  // The summary, severity and change rows, the trends section's charts and distributions, then the rest: about
  // seven A4 pages for this data, each section kept whole.
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expect(pages.length).toBeLessThanOrEqual(8);
});

test("a failed load says 'Failed to load report data' and Try again recovers", async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  let fail = true;
  await page.route('**/api/oops/stats**', (route) =>
    fail ? route.fulfill({ status: 403, json: { error: 'Join or create a team first.' } }) : route.fallback(),
  );
  await page.goto('/executive-report');
  await expect(page.getByRole('alert')).toContainText('Failed to load report data');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a team without incidents gets an empty report, axe-clean at 390 px in the dark scheme', async ({
  browser,
}) => {
  const page = await newIsolatedPage(browser, { colorScheme: 'dark', width: 390 });
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/executive-report');
  await expect(page.getByText(/No incidents have been logged yet/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log Oops' }).last()).toHaveAttribute('href', '/oops/new');
  await expect(
    page.getByRole('region', { name: 'Growth Opportunities' }).getByRole('listitem').first(),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/executive-report empty (dark, 390 px)');
  await page.context().close();
});

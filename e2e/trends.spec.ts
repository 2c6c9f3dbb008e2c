// Trends and distributions (decision 051): the dashboard's Trends widget and the report's charts draw with their
// axes in the light and dark schemes, their table fallbacks are read by axe, and the report's PDF carries the charts.
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

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** Incidents of every severity, resolved after 2 to 50 hours, and a near-miss. */
async function logRecords(request: APIRequestContext, token: string) {
  const severities = ['Low', 'Medium', 'High', 'Critical'];
  for (const [i, severity] of severities.entries()) {
    await logOops(request, token, {
      title: `${severity} incident for the trends`,
      severity,
      occurred_at: hoursAgo(60),
      resolved_at: hoursAgo(58 - i * 16),
    });
  }
  await logOops(request, token, { title: 'A near-miss for the trends', kind: 'near_miss', severity: 'Low' });
}

async function signedInWithData(page: Page) {
  const token = await createAccount(page, uniqueUser());
  await logRecords(page.request, token);
  await startSignedIn(page, token);
}

/** A chart's drawing, once recharts has drawn it, with its axis labels. */
async function expectChart(page: Page, id: string, axisLabels: string[]) {
  const drawing = page.getByTestId(`${id}-chart`).locator('svg.recharts-surface').first();
  // The charts' chunk loads after the page's first paint; on a busy machine that can take a while.
  await expect(drawing).toBeVisible({ timeout: 30_000 });
  for (const label of axisLabels) {
    await expect(page.getByTestId(`${id}-chart`).locator('svg text', { hasText: label })).toHaveCount(1);
  }
  expect(
    await page.getByTestId(`${id}-chart`).locator('.recharts-cartesian-axis-tick').count(),
  ).toBeGreaterThan(2);
}

// Each test signs up, logs five records and draws up to ten charts.
test.describe.configure({ timeout: 120_000 });

for (const colorScheme of ['light', 'dark'] as const) {
  test(`charts draw with axes and table fallbacks (${colorScheme})`, async ({ browser }) => {
    const page = await newIsolatedPage(browser, { colorScheme, width: 1366 });
    await signedInWithData(page);
    await page.goto('/dashboard');
    // The charts draw when their place comes near the window: once the page is in, go to its end, and again while
    // the panels above are still growing with their data (the place moves down, as for a visitor who scrolls on).
    await expect(page.getByText('Time Since Last Oops')).toBeVisible({ timeout: 30_000 });
    const trends = page.getByRole('region', { name: 'Trends' });
    await expect(async () => {
      await page.keyboard.press('End');
      await expect(trends).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectChart(page, 'trend-weekly', ['Week starting', 'Records']);
    await expectChart(page, 'trend-resolve', ['Month', 'Time to resolve']);
    // The table fallback is in the page for screen readers, named by its caption.
    await expect(trends.getByRole('table', { name: /Incidents and near-misses per week/ })).toHaveCount(1);
    await expect(trends.getByRole('table', { name: /Time to resolve per month/ })).toContainText('Median');
    await expectNoSeriousA11yViolations(page, `/dashboard with trends (${colorScheme})`);

    // "Show as table" shows the table in place of the drawing.
    await trends.getByRole('button', { name: 'Show as table' }).first().click();
    await expect(trends.getByRole('table', { name: /Incidents and near-misses per week/ })).toBeVisible();

    await page.goto('/executive-report');
    await expect(page.getByRole('region', { name: 'Trends and Distributions' })).toBeVisible({
      timeout: 30_000,
    });
    await expectChart(page, 'report-weekly', ['Week starting', 'Records']);
    await expectChart(page, 'report-resolve', ['Month', 'Time to resolve']);
    // No follow-up actions were logged: the chart says so rather than drawing empty bars.
    await expect(page.getByRole('figure', { name: 'Action completion' })).toContainText('Nothing to show');
    await expectChart(page, 'distribution-resolve', ['Duration', 'Records']);
    const resolve = page.getByTestId('distribution-resolve');
    await expect(resolve).toContainText('Records4');
    await expect(resolve).toContainText(/Median1 d \d+ h/);
    await expect(page.getByRole('region', { name: 'Change Against the Previous Period' })).toContainText(
      'Too few incidents to say',
    );
    await expect(page.getByTestId('severity-axis')).toContainText('0');
    await expectNoSeriousA11yViolations(page, `/executive-report with trends (${colorScheme})`);
    await page.context().close();
  });
}

test('the report PDF carries the charts', async ({ page }) => {
  await signedInWithData(page);
  await page.goto('/executive-report');
  await expectChart(page, 'report-weekly', ['Week starting']);
  await expectChart(page, 'report-resolve', ['Time to resolve']);
  await page.emulateMedia({ media: 'print' });
  // The action-completion chart is left out: this data set has no follow-up actions, so it says there is nothing to show.
  for (const id of [
    'report-weekly',
    'report-resolve',
    'report-near-miss',
    'report-repeats',
  ]) {
    const drawing = page.getByTestId(`${id}-chart`).locator('svg.recharts-surface').first();
    await expect(drawing).toBeVisible();
    const box = await drawing.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
  }
  await expect(page.getByRole('button', { name: 'Show as table' }).first()).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The charts are vector drawings: the PDF grows with them compared to the report's text alone.
  expect(pdf.length).toBeGreaterThan(100_000);
});

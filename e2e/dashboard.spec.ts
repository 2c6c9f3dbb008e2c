// The dashboard (docs/product.md §2): empty states of a new team, the numbers after incidents are logged, the timeline's range
// switch, presentation mode with full screen, live updates across browser contexts, and axe at 1280 and 390 px.
import type { Page } from '@playwright/test';
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

async function openDashboard(page: Page, token: string) {
  await startSignedIn(page, token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const panel = (page: Page, name: string) => page.getByRole('region', { name });

test('a new team sees the empty states', async ({ page }) => {
  await openDashboard(page, await createAccount(page, uniqueUser()));

  const timer = panel(page, 'Time Since Last Oops');
  await expect(timer.getByRole('heading', { name: 'Perfect Record!' })).toBeVisible();
  for (const text of ['All Systems Go', 'No incidents yet', 'Keep up the great work!']) {
    await expect(timer.getByText(text)).toBeVisible();
  }
  await expect(timer.getByTestId('near-misses')).toHaveText('0 near-misses reported (30 d)');

  const departments = panel(page, 'Department Overview');
  await expect(departments.getByText('No Department Data')).toBeVisible();
  await expect(departments.getByRole('link', { name: 'Create First Incident' })).toHaveAttribute(
    'href',
    '/oops/new',
  );

  await expect(page.getByTestId('stat-total')).toHaveText('0');
  await expect(page.getByTestId('stat-month')).toHaveText('0');
  await expect(page.getByTestId('stat-high')).toHaveText('0');

  const timeline = panel(page, 'Incident Timeline');
  await expect(timeline.getByText('All Clear!')).toBeVisible();
  await expect(timeline.getByRole('link', { name: 'Report an Incident' })).toHaveAttribute(
    'href',
    '/oops/new',
  );
  await expect(timeline.getByTestId('trend-badge')).toHaveText('Need data');
  await timeline.getByRole('button', { name: 'Show last 90 days' }).click();
  await expect(timeline.getByRole('button', { name: '90d' })).toHaveAttribute('aria-pressed', 'true');
  await timeline.getByRole('button', { name: 'Show last 30 days' }).click();
  await expect(timeline.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');

  await expectNoSeriousA11yViolations(page, '/dashboard empty');
});

test('after incidents are logged the cards, departments and timeline show the right numbers', async ({
  page,
  request,
}) => {
  const token = await createAccount(page, uniqueUser());
  await logOops(request, token, { title: 'Payment API down', severity: 'Critical' });
  await logOops(request, token, { title: 'Slow search', severity: 'High' });
  await logOops(request, token, { title: 'Typo in invoice', severity: 'Low', area_department: 'Support' });
  // A near-miss is a positive signal and never counts as an incident.
  await logOops(request, token, { title: 'Almost deleted prod', severity: 'Critical', kind: 'near_miss' });
  await openDashboard(page, token);

  await expect(page.getByTestId('stat-total')).toHaveText('3');
  await expect(page.getByTestId('stat-month')).toHaveText('3');
  await expect(page.getByTestId('stat-high')).toHaveText('2');

  const timer = panel(page, 'Time Since Last Oops');
  await expect(timer.getByRole('timer')).toHaveAttribute('data-color', 'red');
  await expect(timer.getByTestId('timer-days')).toHaveText('0');
  await expect(timer.getByRole('link', { name: 'Typo in invoice' })).toBeVisible();
  await expect(timer.getByTestId('best-streak')).toHaveText('0 days');
  await expect(timer.getByText('Fresh Incident')).toBeVisible();
  await expect(timer.getByTestId('near-misses')).toContainText('1 near-miss reported (30 d)');
  // The timer ticks every second.
  const seconds = await timer.getByTestId('timer-seconds').textContent();
  await expect(timer.getByTestId('timer-seconds')).not.toHaveText(seconds!, { timeout: 3000 });

  const engineering = page.getByRole('article', { name: 'Engineering' });
  await expect(engineering.getByTestId('department-total')).toHaveText('2');
  await expect(engineering.getByTestId('department-impact')).toHaveText('6.0');
  await expect(engineering.getByTestId('department-days')).toContainText('Today');
  const support = page.getByRole('article', { name: 'Support' });
  await expect(support.getByTestId('department-total')).toHaveText('1');
  await expect(support.getByTestId('department-impact')).toHaveText('2.0');

  const timeline = panel(page, 'Incident Timeline');
  await expect(timeline.getByRole('group', { name: 'Incidents over the last 30 days' })).toBeVisible();
  await expect(timeline.getByTestId('timeline-dot')).toHaveCount(3);
  await timeline.getByRole('button', { name: '7d' }).click();
  await expect(timeline.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline.getByRole('group', { name: 'Incidents over the last 7 days' })).toBeVisible();
  await expect(timeline.getByTestId('timeline-dot')).toHaveCount(3);

  // Keyboard users reach the dots, hear their labels and see the tooltip.
  const dot = timeline.getByRole('link', { name: /^Payment API down, Critical, Today, Engineering$/ });
  await dot.focus();
  await expect(page.getByRole('tooltip')).toContainText('Payment API down');
  await expectNoSeriousA11yViolations(page, '/dashboard with incidents');
});

test('presentation mode enters and leaves full screen', async ({ page, request }) => {
  const token = await createAccount(page, uniqueUser());
  for (const area_department of ['Engineering', 'Support', 'Sales', 'HR']) {
    await logOops(request, token, { area_department });
  }
  await openDashboard(page, token);
  await expect(page.getByTestId('department-card')).toHaveCount(4);

  await page.getByRole('button', { name: 'Presentation Mode' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByTestId('presentation-logo')).toHaveText('OopsBoard');
  await expect(page.getByTestId('department-card')).toHaveCount(3);

  // Leaving full screen (Escape, or the browser's own control) leaves presentation.
  await page.evaluate(() => document.exitFullscreen());
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('presentation-logo')).toHaveCount(0);
  await expect(page.getByTestId('department-card')).toHaveCount(4);

  // The in-page exit leaves full screen too.
  await page.getByRole('button', { name: 'Presentation Mode' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: 'Exit Presentation Mode' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(page.getByRole('button', { name: 'Presentation Mode' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a logged oops appears on a second open dashboard within 2 s', async ({ browser, page, request }) => {
  const token = await createAccount(page, uniqueUser());
  // Both live streams must be open before the change; the server subscribes before it answers.
  const streamOpen = (p: Page) => p.waitForResponse((r) => r.url().endsWith('/api/live') && r.ok());
  const mine = streamOpen(page);
  await openDashboard(page, token);
  const other = await newIsolatedPage(browser);
  const theirs = streamOpen(other);
  await openDashboard(other, token);
  await Promise.all([mine, theirs]);
  for (const p of [page, other]) await expect(p.getByTestId('stat-total')).toHaveText('0');

  await logOops(request, token, { title: 'Live one', area_department: 'Security' });
  const timely = { timeout: 2000 };
  await expect(other.getByTestId('stat-total')).toHaveText('1', timely);
  await expect(other.getByRole('article', { name: 'Security' })).toBeVisible(timely);
  await expect(page.getByTestId('stat-total')).toHaveText('1', timely);
  await other.context().close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the dashboard with data and extra widgets has no serious axe violations at 390 px (${colorScheme})`, async ({
    browser,
    request,
  }) => {
    const page = await newIsolatedPage(browser, { colorScheme, width: 390 });
    const token = await createAccount(page, uniqueUser());
    await logOops(request, token, { severity: 'Medium', area_department: 'Operations' });
    await logOops(request, token, { severity: 'Low', area_department: 'Customer Success' });
    await openDashboard(page, token);
    await page.getByRole('button', { name: 'Customise' }).click();
    for (const name of ['Recent Oops', 'Quick Actions', 'Department Table', 'Team Performance']) {
      await page.getByRole('checkbox', { name }).check();
    }
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('region', { name: 'Team Performance' }).getByText('Clean (30d)'),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent Oops' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('timeline-dot')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, `/dashboard at 390 px (${colorScheme})`);

    // The choice is remembered for this user.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Department Table' })).toBeVisible();
    await page.context().close();
  });
}

test('needs attention lists an open Critical first, and a click opens it', async ({ page, request }) => {
  const token = await createAccount(page, uniqueUser());
  await logOops(request, token, { title: 'Old low-severity glitch', severity: 'Low' });
  const critical = await logOops(request, token, {
    title: 'Checkout is down',
    severity: 'Critical',
    owner_name: 'On-call Engineer',
  });
  await openDashboard(page, token);

  const attention = panel(page, 'Needs attention');
  const open = attention.getByRole('region', { name: /Open incidents/ });
  await expect(open.getByRole('link')).toHaveText(['Checkout is down', 'Old low-severity glitch']);
  await expect(open.getByRole('listitem').first()).toContainText('On-call Engineer');
  await expectNoSeriousA11yViolations(page, '/dashboard needs attention');
  await open.getByRole('link', { name: 'Checkout is down' }).click();
  await expect(page).toHaveURL(new RegExp(`/oops/${critical.id_slug}$`));
});

test('a new team sees the getting-started checklist; it ticks as the team logs, and the owner dismisses it', async ({
  page,
  request,
}) => {
  const token = await createAccount(page, uniqueUser());
  await openDashboard(page, token);
  const checklist = panel(page, 'Get started');
  await expect(checklist.getByRole('link')).toHaveText([
    'Invite teammates',
    'Log a first incident or near-miss',
    'Connect a webhook or Slack',
    'Set up alert ingestion',
    'Import your incident history',
  ]);
  await expect(checklist).toContainText('0 of 5 done.');
  await expect(panel(page, 'Needs attention').getByText('Nothing needs attention')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard checklist');

  await logOops(request, token, { title: 'First one', severity: 'Low' });
  await page.reload();
  await expect(checklist).toContainText('1 of 5 done.');
  await expect(checklist.getByRole('listitem').nth(1)).toContainText('(Done)');

  await checklist.getByRole('button', { name: 'Dismiss' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(panel(page, 'Needs attention')).toBeVisible();
  await expect(panel(page, 'Get started')).toHaveCount(0);
});

// Resolve, then review (decision 042), in a real browser: log an incident that occurred yesterday, open it from the
// toast, mark it resolved ("Resolved · in review"), close it, reopen it, and the first resolution is kept. Axe on the
// log form with a picker open and on the detail page in review, light and dark.
import type { Page } from '@playwright/test';
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

const dayLabel = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** The resolution line, e.g. "Resolved 27/11/2026, 10:31 by Ada". */
const resolvedLine = (page: Page) =>
  page.getByRole('region', { name: 'Resolution' }).getByText(/^Resolved .+ by /);

test('log with a past occurred time, open from the toast, resolve, close, reopen: the resolution stays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  await startSignedIn(page, token);

  await page.goto('/oops/new');
  await page.getByRole('button', { name: /Service Outage/ }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Payments queue stalled');
  await page
    .getByRole('textbox', { name: 'Detailed description' })
    .fill('Payment confirmations queued for hours before anyone noticed.');
  // Occurred at: yesterday, with the keyboard (the month view always shows yesterday, as an outside day on the 1st).
  const occurredPicker = page.getByRole('button', { name: /^Occurred at/ });
  await occurredPicker.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const yesterday = new Date(Date.now() - 86_400_000);
  await dialog.getByRole('button', { name: dayLabel(yesterday), exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm occurred at' }).click();
  await expect(dialog).toHaveCount(0);
  const yyyyMmDd = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
  await expect(occurredPicker).toContainText(yyyyMmDd);

  await page.getByRole('button', { name: 'Log Incident' }).click();
  await expect(page.getByText('Incident logged successfully! Redirecting to dashboard...')).toBeVisible();
  await page.getByRole('link', { name: 'Open incident' }).click();
  await expect(page).toHaveURL(/\/oops\/\d+-payments-queue-stalled$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments queue stalled');
  const resolution = page.getByRole('region', { name: 'Resolution' });
  await expect(resolution.getByRole('button', { name: /^Occurred at/ })).toContainText(yyyyMmDd);

  // Mark resolved (the header's next step): it stays Open, "Resolved · in review", and the timeline says when.
  const header = page.getByRole('region', { name: 'Incident summary' });
  await header.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByText('Incident marked resolved.')).toBeVisible();
  await expect(resolution.getByText('Resolved · in review')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Status/ })).toContainText('Open');
  const timeline = page.getByRole('list', { name: 'Timeline events' });
  await expect(timeline.getByText('Marked Resolved', { exact: true })).toBeVisible();
  const line = (await resolvedLine(page).textContent())!;
  await expectNoSeriousA11yViolations(page, 'detail, resolved in review');

  // Close: read-only, and the resolution is the one marked.
  await page.getByRole('button', { name: /^Status/ }).click();
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('Closed');
  await status.press('Enter');
  await expect(page.getByText('Read Only: This incident is closed and cannot be edited.')).toBeVisible();
  await expect(resolution.getByText('Resolved · in review')).toHaveCount(0);
  await expect(resolvedLine(page)).toHaveText(line);

  // Reopen: back in review with the same resolution; closing again keeps it too.
  await page.getByRole('button', { name: 'Reopen for Edits' }).click();
  await expect(page.getByText('Incident reopened for edits.')).toBeVisible();
  await expect(resolution.getByText('Resolved · in review')).toBeVisible();
  await expect(resolvedLine(page)).toHaveText(line);
  const id = /\/oops\/(\d+)-/.exec(page.url())![1];
  const before = await page.request.get(`/api/oops/detail/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const resolvedAt = ((await before.json()) as { resolved_at: string }).resolved_at;
  await page.request.put(`/api/oops/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: 'Closed' },
  });
  const after = await page.request.get(`/api/oops/detail/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await after.json()) as { resolved_at: string }).resolved_at).toBe(resolvedAt);
});

test('"Not resolved after all" takes an incident out of review', async ({ page }) => {
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  await startSignedIn(page, token);
  const { id_slug } = await logOops(page.request, token, {
    occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
    resolved_at: new Date(Date.now() - 600_000).toISOString(),
  });
  await page.goto(`/oops/${id_slug}`);
  const resolution = page.getByRole('region', { name: 'Resolution' });
  await expect(resolution.getByText('Resolved · in review')).toBeVisible();
  await resolution.getByRole('button', { name: 'Not resolved after all' }).click();
  await expect(page.getByText('Resolution cleared: the incident is not resolved.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Incident summary' }).getByRole('button', { name: 'Mark resolved' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Timeline events' }).getByText('Not Resolved After All', { exact: true }),
  ).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the pickers pass axe (${colorScheme})`, async ({ browser }) => {
    const page = await newIsolatedPage(browser, { colorScheme });
    const token = await createAccount(page, uniqueUser());
    await startSignedIn(page, token);
    await page.goto('/oops/new');
    const picker = page.getByRole('button', { name: /^Resolved at/ });
    await picker.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/oops/new, resolved-at picker open (${colorScheme})`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.context().close();
  });
}

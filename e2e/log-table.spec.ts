// The log's table view (decision 041): at least 15 compact rows at 1366×900, filters in the URL across a reload, a
// saved view that puts its filters back, the view choice remembered, sort headers and rows from the keyboard, axe.
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

test('the table view: rows, filters in the URL, saved views, remembered choice, keyboard, axe', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await newIsolatedPage(browser, { width: 1366 });
  const token = await createAccount(page, uniqueUser());
  for (let i = 0; i < 18; i++) {
    await logOops(page.request, token, {
      title: `Table row ${i}`,
      severity: ['Low', 'Medium', 'High', 'Critical'][i % 4],
      kind: i % 3 === 0 ? 'near_miss' : 'incident',
    });
  }
  await startSignedIn(page, token);
  await page.goto('/oops');
  await page.getByText('Table', { exact: true }).click();
  await expect(page).toHaveURL(/view=table/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(19); // the header and 18 incidents
  // At least 15 rows fit in the window without scrolling.
  const fifteenth = await table.getByRole('row').nth(15).boundingBox();
  expect(fifteenth!.y + fifteenth!.height).toBeLessThanOrEqual(900);

  // A sort header from the keyboard: focus it, Enter sorts by it. mantine-datatable gives a sortable header cell the
  // button role (named by its title and its sort state, "Severity Not sorted"), so it is found as a button.
  const severityHeader = table.getByRole('button', { name: /^Severity/ });
  await severityHeader.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=severity/);

  // A filter from the panel, in the URL, and still there after a reload.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Kind').selectOption('near_miss');
  await expect(page).toHaveURL(/kind=near_miss/);
  await expect(table.getByRole('row')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page, '/oops table with filters open');
  await page.reload();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(7);
  await expect(page.getByLabel('Kind')).toHaveValue('near_miss');

  // Saved: the view comes back with its filters after they were cleared.
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByLabel('Save the current view as').fill('Near misses');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Near misses', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/oops');
  // The view choice is remembered for this user: no view in the URL, still the table.
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(19);
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('button', { name: 'Near misses', exact: true }).click();
  await expect(page).toHaveURL(/kind=near_miss/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(7);

  // A row opens with Enter on its title.
  const first = page.getByRole('table').getByRole('link').first();
  const title = await first.textContent();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
  await page.context().close();
});

// axe on the table (a compact list at 390 px), its filters' panel and the saved views' menu, light and dark.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1366]) {
    test(`the table view, its filters and saved views pass axe (${colorScheme}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await newIsolatedPage(browser, { colorScheme, width });
      const token = await createAccount(page, uniqueUser());
      await logOops(page.request, token, { title: 'An overdue table row', severity: 'High' });
      await startSignedIn(page, token);
      await page.goto('/oops?view=table');
      const label = `/oops table (${colorScheme}, ${width} px)`;
      if (width < 768) await expect(page.getByRole('list', { name: 'Incidents' })).toBeVisible();
      else await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByLabel('Kind')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${label} with filters open`);
      await page.getByRole('button', { name: 'Saved views' }).click();
      await expect(page.getByLabel('Save the current view as')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${label} with the saved views open`);
      await page.context().close();
    });
  }
}

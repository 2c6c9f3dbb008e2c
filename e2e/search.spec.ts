// Search shortcuts and the command palette (decision 040): "/" focuses the search box, Ctrl+K opens the palette over
// the team's incidents, actions, lessons and pages; Enter opens the highlighted incident. Axe-clean with it open.
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

/** The signed-in navigation is a lazy chunk (decision 029): on a busy machine it can take a while to arrive. */
const LAZY = 20_000;

test('"/" focuses the search box, but not while typing in a field', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  const box = page.getByRole('searchbox', { name: 'Search incidents' });
  await expect(box).toBeVisible({ timeout: LAZY });
  await page.locator('body').press('/');
  await expect(box).toBeFocused();
  await box.fill('disk');
  await box.press('/');
  await expect(box).toHaveValue('disk/');
});

test('Ctrl+K, a few letters and Enter open the incident (prefix, highlighted)', async ({ page }) => {
  const token = await createAccount(page, uniqueUser());
  await startSignedIn(page, token);
  const wanted = await logOops(page.request, token, { title: 'Primary Postgres ran out of disk' });
  await logOops(page.request, token, { title: 'Billing page slow', description: 'Nothing to do with it.' });
  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: 'Search incidents' })).toBeVisible({ timeout: LAZY });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('textbox', { name: 'Search incidents, actions, lessons and pages' });
  await expect(input).toBeFocused();
  await input.fill('postg');
  const result = page.getByRole('button', { name: /Primary Postgres ran out of disk/ });
  await expect(result).toBeVisible();
  await expect(result.locator('mark')).toHaveText('Postgres');
  await expect(page.getByRole('button', { name: /Billing page slow/ })).toHaveCount(0);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/oops/${wanted.id}-`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Primary Postgres ran out of disk' }),
  ).toBeVisible();
});

test('the palette lists pages and moves with the arrow keys', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  await expect(page.getByRole('searchbox', { name: 'Search incidents' })).toBeVisible({ timeout: LAZY });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('textbox', { name: 'Search incidents, actions, lessons and pages' });
  await input.fill('less');
  await expect(page.getByRole('button', { name: 'Lessons' })).toBeVisible();
  await input.press('ArrowDown');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/lessons$/);
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await input.press('Escape');
  await expect(input).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe: the palette open with results (${colorScheme})`, async ({ browser }) => {
    const page = await newIsolatedPage(browser, { colorScheme });
    const token = await createAccount(page, uniqueUser());
    await startSignedIn(page, token);
    await logOops(page.request, token, { title: 'Primary Postgres ran out of disk' });
    await page.goto('/dashboard');
    await expect(page.getByRole('searchbox', { name: 'Search incidents' })).toBeVisible({ timeout: LAZY });
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Search incidents, actions, lessons and pages' }).fill('disk');
    await expect(page.getByRole('button', { name: /Primary Postgres ran out of disk/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `palette (${colorScheme})`);
    await page.context().close();
  });
}

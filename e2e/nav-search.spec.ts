// The in-app navigation bar: global search (docs/product.md §5) and the presentation toggle shown only on /dashboard.
import { createAccount, expect, startSignedIn, test, uniqueUser } from './fixtures';

test.beforeEach(async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
});

test('the search box goes to /oops?search= with the trimmed, encoded text', async ({ page }) => {
  await page.goto('/dashboard');
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await search.fill('  db & cache outage  ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/oops\?search=db%20%26%20cache%20outage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops Log' })).toBeVisible();
  await expect(page.getByText('Incidents matching “db & cache outage”')).toBeVisible();
});

test('blank search text does not navigate', async ({ page }) => {
  await page.goto('/dashboard');
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await search.fill('    ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the presentation toggle shows only on /dashboard and switches its title', async ({ page }) => {
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Presentation Mode' });
  await expect(toggle).toHaveAttribute('title', 'Presentation Mode');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Exit Presentation Mode' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Exit Presentation Mode' }).click();
  await expect(page.getByRole('button', { name: 'Presentation Mode' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Oops Log' }).click();
  await expect(page).toHaveURL(/\/oops$/);
  await expect(page.getByRole('button', { name: /Presentation Mode/ })).toHaveCount(0);
});

test('Log Oops opens the incident form', async ({ page }) => {
  await page.goto('/oops');
  await page.getByRole('link', { name: 'Log Oops' }).click();
  await expect(page).toHaveURL(/\/oops\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

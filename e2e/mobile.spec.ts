// At 390 px the bar collapses into a burger menu that repeats the links, search, toggle and Log Oops (docs/product.md §2).
import { createAccount, expect, startSignedIn, test, uniqueUser } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('the mobile menu repeats the navigation and closes after use', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // Nothing may stick out sideways at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const mobileNav = drawer.getByRole('navigation', { name: 'Mobile' });
  for (const link of ['Dashboard', 'Oops Log', 'Team']) {
    await expect(mobileNav.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Presentation Mode' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Log Oops' })).toBeVisible();

  await mobileNav.getByRole('link', { name: 'Oops Log' }).click();
  await expect(page).toHaveURL(/\/oops$/);
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const search = page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('searchbox', { name: 'Search incidents' });
  await search.fill('login bug');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/oops\?search=login%20bug$/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});

test('presentation mode from the mobile menu closes the menu, leaving the wall display clear', async ({
  page,
}) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('button', { name: 'Presentation Mode' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('presentation-logo')).toBeVisible();
});

test('signed-out pages fit 390 px with Log In and Sign Up visible', async ({ page }) => {
  for (const path of ['/', '/login', '/signup']) {
    await page.goto(path);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

// Route guards of docs/product.md §2 and the redirects around them.
import {
  BASE_URL,
  createAccount,
  expect,
  startSignedIn,
  SUPER_ADMIN_EMAIL,
  test,
  uniqueUser,
} from './fixtures';

test('a signed-out visitor is sent from /dashboard to /login, which keeps where they were going', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to OopsBoard' })).toBeVisible();
});

test('a signed-out visitor is sent from admin and team pages to /login', async ({ page }) => {
  for (const path of ['/admin', '/team', '/oops/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(`${BASE_URL}/login?returnTo=${encodeURIComponent(path)}`);
  }
});

test('a user without the super-admin flag is sent from /admin to /unauthorized', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  for (const path of ['/admin', '/admin/users', '/admin/teams', '/admin/audit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/unauthorized$/);
  }
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Unauthorized: You do not have permission to view this page.',
    }),
  ).toBeVisible();
});

test('a team owner sees the Team link, and /team opens the settings area', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('a super admin sees the Admin link and the admin pages', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser({ email: SUPER_ADMIN_EMAIL })));
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('an invalid stored token is dropped and the visitor is treated as signed out', async ({ page }) => {
  await startSignedIn(page, 'not-a-real-token');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fdashboard&expired=1$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has expired. Please sign in again.' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
});

test('a magic-link token on / moves to /verify, replacing the history entry', async ({ page }) => {
  await page.goto('/terms');
  await page.goto('/?token=abc%20123');
  await expect(page).toHaveURL(/\/verify\?token=abc%20123$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
});

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Turn Setbacks Into Comebacks' })).toBeVisible();
});

test('/new-oops leads to /oops/new', async ({ page }) => {
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/new-oops');
  await expect(page).toHaveURL(/\/oops\/new$/);
});

// Platform administration (docs/product.md §2 Admin screens): a super admin finds a user, disables them (they are
// refused at once: their token gets 401, sign-in is refused), enables them again, and reads it in the audit log.
import type { Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  SUPER_ADMIN_EMAIL,
  test,
  uniqueUser,
  type TestUser,
} from './fixtures';

async function signInAsSuperAdmin(page: Page) {
  await startSignedIn(page, await createAccount(page, uniqueUser({ email: SUPER_ADMIN_EMAIL })));
}

async function findUser(page: Page, user: TestUser) {
  await page.getByRole('searchbox', { name: /Search users/ }).fill(user.email);
  const row = page.getByRole('row').filter({ hasText: user.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByText('Showing 1–1 of 1 users')).toBeVisible();
  return row;
}

test('a super admin disables a user who is refused at once, then enables them again', async ({
  page,
  browser,
}) => {
  // A long journey (two browsers, an axe scan, sign-ins and the audit log): about 15 s alone on a 2-core machine,
  // up to three times that while the other worker plays the landing page's video.
  test.setTimeout(90_000);
  const victim = uniqueUser();
  const victimToken = await createAccount(page, victim);
  await signInAsSuperAdmin(page);

  await page.goto('/admin');
  await expect(page.getByText('Oops created in the last 7 days')).toBeVisible();
  await expect(page.getByTestId('stat-Total Users')).not.toHaveText('0');
  await page.getByRole('link', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();

  let row = await findUser(page, victim);
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Not specified')).toBeVisible();
  await row.getByRole('button', { name: `Disable ${victim.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable user' });
  await expect(dialog).toContainText(victim.email);
  await expectNoSeriousA11yViolations(page, 'disable confirmation dialog');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${victim.name} has been disabled and signed out.`)).toBeVisible();
  row = page.getByRole('row').filter({ hasText: victim.email });
  await expect(row.getByText('Disabled')).toBeVisible();

  // The victim's session ends at once, and signing in is refused.
  const profile = await page.request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${victimToken}` },
  });
  expect(profile.status()).toBe(401);
  const victimPage = await newIsolatedPage(browser);
  await victimPage.goto('/login');
  await victimPage.getByRole('textbox', { name: 'Email' }).fill(victim.email);
  await victimPage.locator('#login-password').fill(victim.password);
  await victimPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(victimPage.getByRole('alert', { name: 'Sign-in failed' })).toBeVisible();
  await expect(victimPage).toHaveURL(`${BASE_URL}/login`);

  // Enabling restores sign-in.
  await row.getByRole('button', { name: `Enable ${victim.email}` }).click();
  await page.getByRole('dialog', { name: 'Enable user' }).getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText(`${victim.name} can sign in again.`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await victimPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(victimPage).toHaveURL(/\/dashboard$/);
  await victimPage.context().close();

  // Both actions are in the audit log, filtered by action.
  await page.goto('/admin/audit');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'User disabled' });
  const audit = page.getByRole('region', { name: 'Audit events' });
  await expect(audit.getByRole('row').nth(1)).toContainText('admin.user_disabled');
  await expect(audit.getByRole('row').nth(1)).toContainText(SUPER_ADMIN_EMAIL);
  await expect(audit.getByRole('row').filter({ hasNotText: 'admin.user_disabled' })).toHaveCount(1); // the header
});

test('a super admin cannot disable themselves: their own row has no button', async ({ page }) => {
  await signInAsSuperAdmin(page);
  await page.goto('/admin/users');
  const row = await findUser(page, uniqueUser({ email: SUPER_ADMIN_EMAIL }));
  await expect(row.getByText('Super Admin')).toBeVisible();
  await expect(row.getByText('You')).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
});

test('teams are listed and searchable by name', async ({ page }) => {
  const owner = uniqueUser();
  await createAccount(page, owner);
  await signInAsSuperAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Manage Teams' }).click();
  await page.getByRole('searchbox', { name: /Search teams/ }).fill(owner.teamName);
  const row = page.getByRole('row').filter({ hasText: owner.teamName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active')).toBeVisible();
  await expect(page.getByText('Showing 1–1 of 1 teams')).toBeVisible();
});

test('the audit log filters by action, actor and date, with times in the viewer’s zone', async ({ page }) => {
  const user = uniqueUser();
  const userToken = await createAccount(page, user);
  const profile = await page.request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${userToken}` },
  });
  const { id: userId } = (await profile.json()) as { id: number };
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: 'Wrong!Pass1' },
  });
  expect(login.status()).toBe(401);
  await signInAsSuperAdmin(page);
  await page.goto('/admin/audit');
  await expect(page.getByText(/Times are shown in your time zone/)).toBeVisible();
  const audit = page.getByRole('region', { name: 'Audit events' });
  const rows = audit.getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

  await page.getByLabel('Actor ID').fill(String(userId));
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: user.email })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Sign-in failed' });
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await page.getByLabel('From date').fill(today);
  await page.getByLabel('To date').fill(today);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('auth.login_failed');
  // The time is shown as the viewer's clock reads it.
  const shown = await rows.first().locator('time').getAttribute('datetime');
  const localText = await page.evaluate(
    (iso) =>
      new Date(iso!).toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      }),
    shown,
  );
  await expect(rows.first().locator('time')).toHaveText(localText);

  // A range in the past finds nothing; a bad id is explained and not sent.
  await page.getByLabel('From date').fill('2000-01-01');
  await page.getByLabel('To date').fill('2000-01-02');
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByLabel('Actor ID').fill('abc');
  await expect(page.getByText('Enter a user ID (a whole number).')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('');
  await expect(rows.first()).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`admin pages are axe-clean with data (${width} px, dark)`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await newIsolatedPage(browser, { colorScheme: 'dark', width });
    await signInAsSuperAdmin(page);
    for (const path of ['/admin', '/admin/users', '/admin/teams', '/admin/audit']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} fits ${width} px`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `${path} (${width} px, dark)`);
    }
    await page.context().close();
  });
}

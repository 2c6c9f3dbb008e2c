// Single sign-on in a real browser: /login offers the identity provider, the browser goes there and back (a real
// oidc-provider on loopback, started by scripts/e2e-server.mjs, that signs in the posted account at once), and lands
// signed in on the dashboard. The login page's error text for a failed sign-in is checked with axe as well.
import { randomBytes } from 'node:crypto';
import { SSO_ERROR_TEXTS } from '../common/domain/sso-texts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

const PROVIDER = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 100}`;

test('a person signs in with the identity provider and lands on the dashboard', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const id = randomBytes(5).toString('hex');
  const account = {
    sub: `e2e-${id}`,
    email: `sso-${id}@example.test`,
    email_verified: true,
    name: `Sam ${id}`,
  };
  expect((await request.post(`${PROVIDER}/test/next-account`, { data: account })).status()).toBe(204);

  await page.goto('/login?sso_error=email_unverified');
  await expect(page.getByRole('alert')).toContainText(SSO_ERROR_TEXTS.email_unverified);
  await expectNoSeriousA11yViolations(page, '/login with single sign-on');

  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByTestId('user-menu-name')).toHaveText(account.name);
  await context.close();
});

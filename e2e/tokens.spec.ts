// API tokens (personal access tokens): create one in /profile, see and copy its secret once, use it as a bearer
// on the API, and find only its hint after a reload; axe checks the tab with the secret on screen.
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('create a token, copy it once, use it, and see only its hint afterwards', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const session = await createAccount(page, uniqueUser());
  await startSignedIn(page, session);

  // The old tab's address leads to the settings area's Integrations page, where the tokens are now.
  await page.goto('/profile?tab=tokens');
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Integrations' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();
  await page.getByRole('textbox', { name: /Token name/ }).fill('E2E reader');
  // Read is ticked by default; add Ingest.
  await page.getByRole('checkbox', { name: /Ingest/ }).check();
  await page.getByRole('combobox', { name: 'Expires' }).selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create token' }).click();

  const secret = page.getByTestId('new-token');
  await expect(secret).toHaveText(/^oops_pat_[A-Za-z0-9_-]{43}$/);
  const token = (await secret.textContent())!;
  await expect(page.getByText("Copy this token now. You won't be able to see it again.")).toBeVisible();
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8000 });
  await expectNoSeriousA11yViolations(page, '/profile?tab=tokens with a new token');

  const list = page.getByRole('list', { name: 'Your API tokens' });
  await expect(list).toContainText('E2E reader');
  await expect(list).toContainText(`oops_pat_…${token.slice(-4)}`);
  await expect(list).toContainText('Last used never');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSeriousA11yViolations(page, '/profile?tab=tokens at 390 px');

  // The token works as a bearer on the API, within its scopes.
  const bearer = { authorization: `Bearer ${token}` };
  const read = await page.request.get(`${BASE_URL}/api/oops`, { headers: bearer });
  expect(read.status(), await read.text()).toBe(200);
  const tokensViaToken = await page.request.get(`${BASE_URL}/api/user/tokens`, { headers: bearer });
  expect(tokensViaToken.status()).toBe(403);

  // Once the page reloads, the secret is gone for good: only the hint, and the last use, remain.
  await page.reload();
  await expect(list).toContainText('E2E reader');
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(token);
  await expect(list).not.toContainText('Last used never');

  // Revoking it stops it at once.
  await page.getByRole('button', { name: 'Revoke E2E reader' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API token' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('You have no API tokens yet.')).toBeVisible();
  const after = await page.request.get(`${BASE_URL}/api/oops`, { headers: bearer });
  expect(after.status()).toBe(401);
});

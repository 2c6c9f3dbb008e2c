// One-click unsubscribe (decision 021): the link of a digest e-mail opens /unsubscribe signed out, turns
// the digest off, says so and points to the profile; a tampered link changes nothing. Axe-clean in both states.
// The token is signed with the E2E server's SECRETS_KEY (scripts/e2e-server.mjs) by the server's own signing code.
import { TIME_ZONE_TEXTS, UNSUBSCRIBE_TEXTS } from '../common/domain/digest-texts';
import { createUnsubscribeLinks } from '../server/lib/unsubscribe-tokens';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

const links = createUnsubscribeLinks({
  appUrl: BASE_URL,
  secretsKey: Buffer.alloc(32, 5).toString('base64'),
  dataDir: '/nonexistent',
});

test('the unsubscribe link turns the digest off without signing in; a tampered one does nothing', async ({
  page,
}) => {
  const user = uniqueUser();
  const token = await createAccount(page, user);
  const auth = { authorization: `Bearer ${token}` };
  const profile = await (await page.request.get(`${BASE_URL}/api/user/profile`, { headers: auth })).json();
  const settings = async () =>
    (await page.request.get(`${BASE_URL}/api/user/notifications`, { headers: auth })).json();
  const link = links.pageUrl(profile.id as number, 'digest');

  // Tampered: the last character changed.
  const last = link.at(-1) === 'A' ? 'B' : 'A';
  await page.goto(`${link.slice(0, -1)}${last}`);
  await expect(page.getByRole('alert')).toContainText(UNSUBSCRIBE_TEXTS.invalidToken);
  await expectNoSeriousA11yViolations(page, '/unsubscribe with a bad link');
  expect(await settings()).toEqual({ digest: true, reminders: true, feedback: true });

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.pageTitle })).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.done.digest)).toBeVisible();
  await expect(page.getByRole('link', { name: UNSUBSCRIBE_TEXTS.openProfile })).toHaveAttribute(
    'href',
    '/profile?tab=notifications',
  );
  await expectNoSeriousA11yViolations(page, '/unsubscribe');
  expect(await settings()).toEqual({ digest: false, reminders: true, feedback: true });
});

test('an owner sets the team time zone of the weekly digest in the Team tab, axe-clean', async ({ page }) => {
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  await startSignedIn(page, token);
  await page.goto('/profile?tab=team');
  const zone = page.getByRole('combobox', { name: TIME_ZONE_TEXTS.label });
  await expect(zone).toHaveValue('UTC');
  await expectNoSeriousA11yViolations(page, '/profile?tab=team');
  await zone.fill('Auckland');
  await page.getByRole('option', { name: 'Pacific/Auckland' }).click();
  await page.getByRole('button', { name: TIME_ZONE_TEXTS.save }).click();
  await expect(page.getByText(TIME_ZONE_TEXTS.saved)).toBeVisible();
  const team = await (
    await page.request.get(`${BASE_URL}/api/team/current`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(team.time_zone).toBe('Pacific/Auckland');
});

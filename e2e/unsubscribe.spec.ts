// One-click unsubscribe (issue 13, decision 021): the link of a digest e-mail opens /unsubscribe signed out, turns
// the digest off, says so and points to the profile; a tampered link changes nothing. Axe-clean in both states.
// The token is signed with the E2E server's SECRETS_KEY (scripts/e2e-server.mjs) by the server's own signing code.
import { UNSUBSCRIBE_TEXTS } from '../common/domain/digest-texts';
import { createUnsubscribeLinks } from '../server/lib/unsubscribe-tokens';
import { BASE_URL, createAccount, expect, expectNoSeriousA11yViolations, test, uniqueUser } from './fixtures';

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
  expect(await settings()).toEqual({ digest: true, reminders: true });

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.pageTitle })).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.done.digest)).toBeVisible();
  await expect(page.getByRole('link', { name: UNSUBSCRIBE_TEXTS.openProfile })).toHaveAttribute(
    'href',
    '/profile?tab=notifications',
  );
  await expectNoSeriousA11yViolations(page, '/unsubscribe');
  expect(await settings()).toEqual({ digest: false, reminders: true });
});

// Recurrence (decision 019): while logging, "This is a repeat of …" from the similar-incident list records
// the link; both detail pages show it, the list card and the new detail page flag "Repeated despite action" (the
// earlier incident's only action is done), the report lists the chain; unlinking removes it from both sides. The
// touched pages are axe-clean.
import { RECURRENCE_TEXTS as T } from '../common/domain/recurrence-texts';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  logOops,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('log a repeat from the similar list, see it on both incidents, then unlink it', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await createAccount(page, uniqueUser());
  const auth = { authorization: `Bearer ${token}` };
  const tag = `q${Date.now().toString(36)}`;
  const earlierTitle = `Payment gateway timeout ${tag}`;
  const repeatTitle = `Payment gateway timeout again ${tag}`;
  const earlier = await logOops(page.request, token, {
    title: earlierTitle,
    description: `The payment gateway timed out for every checkout (${tag}).`,
  });
  const action = await page.request.post(`${BASE_URL}/api/oops/${earlier.id}/actions`, {
    headers: auth,
    data: { title: 'Raise the gateway pool size', status: 'done' },
  });
  expect(action.status(), await action.text()).toBe(201);

  // Log the repeat through the form, choosing the earlier incident from the similar list.
  await startSignedIn(page, token);
  await page.goto('/oops/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Log an Oops' })).toBeVisible();
  await page.getByRole('button', { name: /Service Outage/ }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(repeatTitle);
  await page
    .getByRole('textbox', { name: 'Detailed description' })
    .fill(`The payment gateway timed out again during checkout (${tag}).`);
  const similar = page.getByRole('region', { name: 'Similar past incidents' });
  await expect(similar.getByRole('link', { name: earlierTitle })).toBeVisible();
  await similar.getByRole('button', { name: T.repeatOf(earlierTitle) }).click();
  await expect(similar.getByRole('status')).toContainText(T.repeatChosen(earlierTitle));
  await expectNoSeriousA11yViolations(page, '/oops/new with a repeat chosen');
  await page.getByRole('button', { name: 'Log Incident' }).click();
  await expect(page.getByText('Incident logged successfully! Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The list card flags it: its earlier incident's only action was done.
  await page.goto(`/oops?search=${tag}`);
  const card = page.getByRole('article', { name: repeatTitle });
  await expect(card.getByTestId('despite-action')).toHaveText(T.despiteAction);
  await expect(page.getByRole('article', { name: earlierTitle }).getByTestId('despite-action')).toHaveCount(
    0,
  );
  await expectNoSeriousA11yViolations(page, '/oops with a repeated-despite-action card');
  await card.getByRole('link', { name: `View Details: ${repeatTitle}` }).click();

  // The new incident's page: the flag, and the earlier incident as its earlier occurrence.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(repeatTitle);
  await expect(page.getByTestId('despite-action')).toBeVisible();
  const relatedOf = () => page.getByRole('list', { name: T.sectionTitle });
  const earlierRow = relatedOf().getByTestId('related-incident').filter({ hasText: earlierTitle });
  await expect(earlierRow).toContainText(T.repeatOfBadge);
  await expectNoSeriousA11yViolations(page, 'detail page with a repeat link');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, 'detail page with a repeat link (dark)');
  await page.emulateMedia({ colorScheme: 'light' });

  // The report lists the chain earlier → repeat.
  await page.goto('/executive-report');
  const recurrence = page.getByRole('region', { name: 'Recurrence' });
  const chain = recurrence.getByTestId('repeat-chain');
  await expect(chain).toHaveCount(1);
  await expect(chain.getByRole('link')).toHaveText([earlierTitle, repeatTitle]);
  await expectNoSeriousA11yViolations(page, '/executive-report with a repeat chain');

  // The earlier incident's page shows the link from its side; unlink it there.
  await page.goto(`/oops/${earlier.id_slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(earlierTitle);
  const repeatRow = relatedOf().getByTestId('related-incident').filter({ hasText: repeatTitle });
  await expect(repeatRow).toContainText(T.repeatedByBadge);
  await page.getByRole('button', { name: T.unlink(repeatTitle) }).click();
  await expect(page.getByText(T.unlinked)).toBeVisible();
  await expect(page.getByText(T.empty)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'detail page after unlinking');

  // Gone from the other side too, with the flag.
  await page.goto(`/oops?search=${tag}`);
  await expect(page.getByRole('article', { name: repeatTitle }).getByTestId('despite-action')).toHaveCount(0);
  await page
    .getByRole('article', { name: repeatTitle })
    .getByRole('link', { name: `View Details: ${repeatTitle}` })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(repeatTitle);
  await expect(page.getByText(T.empty)).toBeVisible();
  await expect(page.getByTestId('despite-action')).toHaveCount(0);
});

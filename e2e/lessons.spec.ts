// Lessons library: a lesson captured from an incident shows on /lessons; an owner adopts it (saying what
// changed), sees its state, verifies it, and the page is axe-clean in both schemes and at phone width.
import { LESSON_TEXTS } from '../common/domain/lesson-texts';
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

test('an owner adopts a lesson on /lessons and sees its state', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = uniqueUser();
  const token = await createAccount(page, owner);
  const incident = await logOops(page.request, token, {
    title: 'Certificate expired on the API',
    lesson_learned: 'Watch certificate expiry dates',
  });
  await logOops(page.request, token, { title: 'Late payroll', lesson_learned: 'Check the bank upload' });

  await startSignedIn(page, token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lessons' }).click();
  await expect(page).toHaveURL(/\/lessons$/);
  await expect(page.getByRole('heading', { level: 1, name: LESSON_TEXTS.pageTitle })).toBeVisible();
  const rows = page.getByTestId('lesson');
  await expect(rows).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, '/lessons (light)');

  // Search narrows the list; the lesson links to its incident.
  await page.getByRole('searchbox', { name: LESSON_TEXTS.searchLabel }).fill('CERTIFICATE');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('link', { name: 'Certificate expired on the API' })).toHaveAttribute(
    'href',
    `/oops/${incident.id_slug}`,
  );
  await expect(row.getByTestId('lesson-state')).toHaveText('Captured');

  await row.getByRole('button', { name: LESSON_TEXTS.adoptLabel('Watch certificate expiry dates') }).click();
  await row.getByRole('textbox', { name: LESSON_TEXTS.whatChanged }).fill('Expiry check added to CI');
  await row.getByRole('button', { name: LESSON_TEXTS.save }).click();
  await expect(page.getByText(LESSON_TEXTS.changed('Adopted'))).toBeVisible();
  await expect(row.getByTestId('lesson-state')).toHaveText('Adopted');
  await expect(row).toContainText('Expiry check added to CI');
  await expect(row).toContainText(`Adopted by ${owner.name}`);

  // The state is the server's: it holds after a reload, and the state filter finds it.
  await page.goto('/lessons?state=adopted');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('lesson-state')).toHaveText('Adopted');
  // Lessons adopted in the period, on the statistics (cached answers from before it go stale within a moment).
  await expect
    .poll(async () => {
      const stats = await page.request.get(`${BASE_URL}/api/oops/stats`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await stats.json()).lessons_adopted;
    })
    .toBe(1);

  // Verified, it leaves the "adopted" filter.
  await rows
    .first()
    .getByRole('button', { name: LESSON_TEXTS.verifyLabel('Watch certificate expiry dates') })
    .click();
  await expect(page.getByText(LESSON_TEXTS.changed('Verified'))).toBeVisible();
  await expect(page.getByText(LESSON_TEXTS.emptyFiltered)).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/lessons');
  await expect(rows).toHaveCount(2);
  await expect(
    rows.filter({ hasText: 'Watch certificate expiry dates' }).getByTestId('lesson-state'),
  ).toHaveText('Verified');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, '/lessons fits 390 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, '/lessons (dark, 390 px)');
});

test('while logging, the lessons of similar past incidents show beside Analysis & Learning', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const token = await createAccount(page, uniqueUser());
  await logOops(page.request, token, {
    title: 'Database connections exhausted',
    description: 'The connection pool ran dry during the sale.',
    lesson_learned: 'Size the connection pool for peak traffic',
  });
  await startSignedIn(page, token);
  await page.goto('/oops/new');
  await page.getByRole('textbox', { name: 'Title' }).fill('Database connections exhausted again');
  const region = page.getByRole('region', { name: LESSON_TEXTS.similarTitle });
  await expect(region).toContainText('Size the connection pool for peak traffic');
  await expect(region).toContainText('Captured');
  await expectNoSeriousA11yViolations(page, '/oops/new with similar lessons');
});

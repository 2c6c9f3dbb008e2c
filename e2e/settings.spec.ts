// The settings area (decision 043): every sub-page reached from its sub-navigation by keyboard alone, the old
// addresses landing on the right sub-page, a webhook edited in place with its health shown, and every sub-page
// axe-clean in the light and dark schemes at 1366 and 390 px.
import http from 'node:http';
import type { Page } from '@playwright/test';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

/** Each sub-page, and a landmark of its content. */
const SECTIONS = [
  {
    label: 'General',
    path: '/settings/general',
    shows: (p: Page) => p.getByRole('textbox', { name: 'Team Name' }),
  },
  {
    label: 'Members',
    path: '/settings/members',
    shows: (p: Page) => p.getByRole('button', { name: 'Send Invitation' }),
  },
  {
    label: 'Incident types',
    path: '/settings/incident-types',
    shows: (p: Page) => p.getByRole('region', { name: 'Incident types' }),
  },
  {
    label: 'Custom fields',
    path: '/settings/custom-fields',
    shows: (p: Page) => p.getByRole('region', { name: 'Custom fields' }),
  },
  {
    label: 'Integrations',
    path: '/settings/integrations',
    shows: (p: Page) => p.getByRole('region', { name: 'Webhooks' }),
  },
  {
    label: 'Notifications',
    path: '/settings/notifications',
    shows: (p: Page) => p.getByRole('region', { name: 'Notifications' }),
  },
] as const;

test.describe.configure({ timeout: 120_000 });

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

async function expectOn(page: Page, section: (typeof SECTIONS)[number]) {
  await expect(page).toHaveURL(`${BASE_URL}${section.path}`);
  // A loaded machine can take a while to check the session and load the panel's data.
  await expect(section.shows(page)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(`${section.label} · Settings · OopsBoard`);
  await expect(settingsNav(page).getByRole('link', { name: section.label })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

/** Presses Tab until the link named `name` in the settings navigation has the focus (at most 60 presses). */
async function tabTo(page: Page, name: string) {
  const link = settingsNav(page).getByRole('link', { name, exact: true });
  for (let i = 0; i < 60; i++) {
    if (await link.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${name} link`);
}

test('an owner reaches every settings sub-page from the sub-navigation by keyboard alone', async ({
  browser,
}) => {
  const page = await newIsolatedPage(browser, { width: 1366 });
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/settings');
  await expectOn(page, SECTIONS[0]);
  for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
    await tabTo(page, section.label);
    await page.keyboard.press('Enter');
    await expectOn(page, section);
  }
  await page.context().close();
});

test('at 390 px the sub-navigation is a select that moves between sub-pages', async ({ browser }) => {
  const page = await newIsolatedPage(browser, { width: 390 });
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  await page.goto('/settings/general');
  const select = settingsNav(page).getByRole('combobox', { name: 'Settings section' });
  await expect(select).toBeVisible();
  await expect(settingsNav(page).getByRole('link')).toHaveCount(0);
  await select.focus();
  await select.selectOption({ label: 'Integrations' });
  await expect(page).toHaveURL(`${BASE_URL}/settings/integrations`);
  await expect(SECTIONS[4].shows(page)).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});

test('the old addresses land on the right sub-page; the spec-defined profile tabs stay', async ({
  browser,
}) => {
  const page = await newIsolatedPage(browser, { width: 1366 });
  await startSignedIn(page, await createAccount(page, uniqueUser()));
  const old: [string, (typeof SECTIONS)[number]][] = [
    ['/team', SECTIONS[0]],
    ['/settings', SECTIONS[0]],
    ['/profile?tab=notifications', SECTIONS[5]],
    ['/profile?tab=tokens', SECTIONS[4]],
  ];
  for (const [from, section] of old) {
    await page.goto(from);
    await expectOn(page, section);
  }
  // docs/product.md §2: Profile, Password, Team, Team Members stay tabs of /profile with their content.
  await page.goto('/profile?tab=team');
  await expect(page.getByRole('tab', { name: 'Team', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Team Name' })).toBeVisible();
  await page.getByRole('link', { name: 'Team settings' }).click();
  await expectOn(page, SECTIONS[0]);
  await page.goto('/profile?tab=members');
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toBeVisible();
  await page.context().close();
});

test('a webhook is edited in place and shows its last delivery', async ({ browser }) => {
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(500);
      res.end('down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  const page = await newIsolatedPage(browser, { width: 1366 });
  try {
    const token = await createAccount(page, uniqueUser());
    await startSignedIn(page, token);
    const created = await page.request.post('/api/team/current/webhooks', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        url: `http://127.0.0.1:${port}/first`,
        events: ['*'],
        kind: 'generic',
        description: 'Old name',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/settings/integrations');
    const panel = page.getByRole('region', { name: 'Webhooks' });
    const card = panel.getByTestId('webhook-card');
    await expect(card).toContainText('No deliveries yet.', { timeout: 30_000 });
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = card.getByRole('form', { name: `Edit webhook http://127.0.0.1:${port}/first` });
    await form.getByRole('textbox', { name: /Payload URL/ }).fill(`http://127.0.0.1:${port}/second`);
    await form.getByRole('textbox', { name: 'Description' }).fill('Pager bridge');
    await form.getByRole('checkbox', { name: 'All events' }).uncheck();
    await form.getByRole('checkbox', { name: /^Oops logged/ }).check();
    await expectNoSeriousA11yViolations(page, '/settings/integrations editing a webhook');
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByText('Webhook saved.')).toBeVisible();
    await expect(card).toContainText(`http://127.0.0.1:${port}/second`);
    await expect(card).toContainText('Pager bridge');
    await expect(card).toContainText('Events: Oops logged');

    await card.getByRole('button', { name: 'Send test' }).click();
    await expect(card.getByTestId('delivery-row').first()).toContainText('500');
    await page.reload();
    await expect(card).toContainText(/Last delivery: .+ \(HTTP 500\)/);
    await expect(card.getByText('Failed', { exact: true })).toBeVisible();
  } finally {
    await page.context().close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [1366, 390]) {
    test(`every settings sub-page is axe-clean (${colorScheme}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await newIsolatedPage(browser, { colorScheme, width });
      await startSignedIn(page, await createAccount(page, uniqueUser()));
      for (const section of SECTIONS) {
        await page.goto(section.path);
        await expect(section.shows(page)).toBeVisible({ timeout: 30_000 });
        await expectNoSeriousA11yViolations(page, `${section.path} (${colorScheme}, ${width} px)`);
      }
      await page.context().close();
    });
  }
}

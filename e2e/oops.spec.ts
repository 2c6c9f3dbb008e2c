// The incident journey in a real browser: log through the form → list → search → inline edit →
// timeline events added and reordered → note and action → close (read-only) → the owner reopens; and axe on the
// three incident pages with real content, wide and at 390 px.
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
  logOops,
} from './fixtures';

const word = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function customOrder(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Custom events in order' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent ?? ''));
}

test('log, find, edit, build the timeline, note, act, close and reopen an incident', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = uniqueUser();
  await startSignedIn(page, await createAccount(page, owner));
  const tag = word();
  const title = `Checkout outage ${tag}`;

  // Log through the form, from a template.
  await page.goto('/oops/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Log an Oops' })).toBeVisible();
  await page.getByRole('button', { name: /Service Outage/ }).click();
  await expect(page.getByRole('region', { name: 'Suggestions for Service Outage' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Detailed description' })
    .fill('Checkout returned errors for every customer for 40 minutes.');
  await page.getByRole('button', { name: 'Log Incident' }).click();
  await expect(page.getByText('Incident logged successfully! Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // It is in the list, and the navigation bar's search finds it.
  await page.goto('/oops');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await search.fill(tag);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/oops\\?search=${tag}$`));
  await expect(page.getByText(`Showing 1 of 1 incidents matching “${tag}”`)).toBeVisible();
  await page
    .getByRole('article', { name: title })
    .getByRole('link', { name: /View Details/ })
    .click();

  // Inline edit with Enter.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(title);
  await heading.getByRole('button').click();
  const titleBox = page.getByRole('textbox', { name: 'Title' });
  await titleBox.fill(`${title} (payments)`);
  await titleBox.press('Enter');
  await expect(page.getByText('Title updated successfully!')).toBeVisible();
  await expect(heading).toHaveText(`${title} (payments)`);

  // Two custom timeline events, then reorder them by keyboard drag and drop.
  const eventType = page.getByRole('combobox', { name: 'Event type' });
  await eventType.selectOption('custom');
  await page.getByRole('textbox', { name: 'Custom event name' }).fill('Vendor paged');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByRole('list', { name: 'Timeline events' }).getByText('Vendor paged')).toBeVisible();
  await eventType.selectOption('escalation');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(page.getByRole('list', { name: 'Timeline events' }).getByText('Escalation')).toBeVisible();
  // The form's "Occurred at" (now by default) adds Incident Started beside Incident Detected.
  await expect(page.getByText('4 events spanning')).toBeVisible();

  await page.getByRole('button', { name: 'Reorder events' }).click();
  await expect(page.getByRole('list', { name: 'System events' })).toContainText('Incident Detected');
  expect(await customOrder(page)).toEqual(['Vendor paged', 'Escalation']);
  const handle = page.getByRole('button', { name: 'Drag Vendor paged' });
  await handle.focus();
  // Each key waits for the step before it to show: the handle pressed, then dnd-kit's announcement of the move.
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('status').filter({ hasText: 'Vendor paged is over Escalation.' }),
  ).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => customOrder(page)).toEqual(['Escalation', 'Vendor paged']);
  await page.reload();
  await page.getByRole('button', { name: 'Reorder events' }).click();
  await expect.poll(() => customOrder(page)).toEqual(['Escalation', 'Vendor paged']);
  await page.getByRole('button', { name: 'Done reordering' }).click();

  // A note and a follow-up action.
  await page.getByRole('textbox', { name: 'Add a note' }).fill('Rolled back the <b>payment</b> service.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.locator('b', { hasText: 'payment' })).toBeVisible();
  await expect(notes.getByText(`Added by ${owner.name}`)).toBeVisible();
  const actions = page.getByRole('region', { name: 'Follow-up actions' });
  await actions.getByRole('textbox', { name: 'Action' }).fill('Add a checkout smoke test');
  await actions.getByRole('combobox', { name: 'Action owner' }).selectOption({ label: owner.name });
  await actions.getByLabel('Due date').fill('2030-01-31');
  await actions.getByRole('button', { name: 'Add Action' }).click();
  await expect(actions.getByText('Add a checkout smoke test')).toBeVisible();
  await expect(actions.getByText(`Owner: ${owner.name}`)).toBeVisible();

  // Close: read-only banner, every editor disabled.
  await page.getByRole('button', { name: /^Status/ }).click();
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.selectOption('Closed');
  await status.press('Enter');
  await expect(page.getByText('Status updated successfully!')).toBeVisible();
  await expect(page.getByText('Read Only: This incident is closed and cannot be edited.')).toBeVisible();
  for (const name of [/^Severity/, /^Status/, /^Root cause/, /^Users affected/]) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(heading.getByRole('button')).toBeDisabled();
  // Even a forced click does not open an editor.
  await page.getByRole('button', { name: /^Severity/ }).click({ force: true });
  await expect(page.getByRole('combobox', { name: 'Severity' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Add a note' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add Event' })).toHaveCount(0);

  // The owner reopens.
  await page.getByRole('button', { name: 'Reopen for Edits' }).click();
  await expect(page.getByText('Incident reopened for edits.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Severity/ })).not.toHaveAttribute('aria-disabled');
  await expect(page.getByText('Tip: click any field to edit it. Enter saves, Escape cancels.')).toBeVisible();
});

test('the list pages with Load more from the keyboard, without repeating a row when incidents arrive', async ({
  page,
}) => {
  const token = await createAccount(page, uniqueUser());
  await startSignedIn(page, token);
  const tag = word();
  const logged: string[] = [];
  for (let i = 1; i <= 27; i++) {
    logged.push(`Paged ${tag} ${i}`);
    await logOops(page.request, token, { title: logged.at(-1) });
  }
  await page.goto('/oops');
  await expect(page.getByText('Showing 25 of 27 incidents')).toBeVisible();
  // Logged after the first page: newer than every row shown, so the next page must not repeat the 25th.
  await logOops(page.request, token, { title: `Paged ${tag} late` });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Showing 2[78] of 28 incidents/)).toBeVisible();
  await expect(loadMore).toHaveCount(0);
  const titles = await page
    .getByRole('region', { name: 'Incidents' })
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent),
    );
  expect(new Set(titles).size).toBe(titles.length);
  expect(titles).toEqual(expect.arrayContaining(logged));
});

for (const { width, colorScheme } of [
  { width: 1280, colorScheme: 'light' as const },
  { width: 390, colorScheme: 'dark' as const },
]) {
  test(`the incident pages have no serious axe violations (${colorScheme}, ${width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await newIsolatedPage(browser, { width, colorScheme });
    const token = await createAccount(page, uniqueUser());
    await startSignedIn(page, token);
    const auth = { authorization: `Bearer ${token}` };
    const { id, id_slug: idSlug } = await logOops(page.request, token, {
      title: 'Search index rebuild stalled',
      description: 'The nightly rebuild hung and search returned stale results.',
      oops_type: 'Performance Issue',
      root_cause: 'Lock contention',
    });
    const now = new Date().toISOString();
    await page.request.put(`/api/oops/${id}`, {
      headers: auth,
      data: {
        timeline_events: [
          { id: 'e1', timestamp: now, event: 'Paged on-call', color: 'blue' },
          { id: 'e2', timestamp: now, event: 'Restarted indexer', color: 'blue' },
        ],
      },
    });
    await page.request.post(`/api/oops/${id}/notes`, {
      headers: auth,
      data: { note: '<p>Watching it.</p>' },
    });

    await page.goto('/oops/new');
    await page.getByRole('button', { name: /Data Issue/ }).click();
    await page.getByRole('button', { name: /Impact Assessment/ }).click();
    await page.getByRole('button', { name: /Analysis & Learning/ }).click();
    await page.getByRole('button', { name: 'Log Incident' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/oops/new (${colorScheme}, ${width} px)`);

    await page.goto('/oops');
    await expect(page.getByRole('article', { name: 'Search index rebuild stalled' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/oops (${colorScheme}, ${width} px)`);

    await page.goto(`/oops/${idSlug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search index rebuild stalled');
    await page.getByRole('button', { name: 'Reorder events' }).click();
    await expectNoSeriousA11yViolations(page, `/oops/${idSlug} reorder mode (${colorScheme}, ${width} px)`);
    await page.getByRole('button', { name: 'Done reordering' }).click();
    await page.getByRole('button', { name: /^Impact/ }).click();
    await expectNoSeriousA11yViolations(page, `/oops/${idSlug} editing (${colorScheme}, ${width} px)`);
    await page.keyboard.press('Escape');

    await page.request.put(`/api/oops/${id}`, { headers: auth, data: { status: 'Closed' } });
    await page.reload();
    await expect(page.getByText('Read Only: This incident is closed and cannot be edited.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/oops/${idSlug} closed (${colorScheme}, ${width} px)`);

    // Nothing may stick out sideways at 390 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
}

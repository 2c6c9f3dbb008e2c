// Custom fields (decision 026): an owner defines a single select required for Service Outage incidents
// and a text field on /team; logging a Service Outage without the select is refused on the field, then succeeds;
// the value is edited inline on the detail page; the list is filtered by it (the filter is in the URL); a member
// reads the fields without edit controls. axe is clean on each screen.
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  joinByInvitation,
  logOops,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('owner defines custom fields; they are required, logged, edited, filtered, and read by a member', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newIsolatedPage(browser);
  const owner = uniqueUser();
  const ownerToken = await createAccount(page, owner);
  await startSignedIn(page, ownerToken);
  const member = uniqueUser();
  await joinByInvitation(page, ownerToken, member);

  // Define the fields.
  await page.goto('/settings/custom-fields');
  const panel = page.getByRole('region', { name: 'Custom fields' });
  await expect(panel.getByText('No custom fields yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'New custom field' }).click();
  let form = panel.getByRole('form', { name: 'New custom field' });
  await form.getByRole('textbox', { name: /Label/ }).fill('Customer tier');
  await form.getByRole('combobox', { name: 'Type' }).selectOption('select');
  await form.getByRole('textbox', { name: /Options/ }).fill('Gold\nSilver');
  await form.getByRole('checkbox', { name: 'Service Outage' }).check();
  await expectNoSeriousA11yViolations(page, '/settings/custom-fields custom field form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Custom field saved.')).toBeVisible();
  await expect(panel.getByText('Required for incident types: Service Outage')).toBeVisible();

  await panel.getByRole('button', { name: 'New custom field' }).click();
  form = panel.getByRole('form', { name: 'New custom field' });
  await form.getByRole('textbox', { name: /Label/ }).fill('Ticket reference');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Ticket reference', { exact: true })).toBeVisible();
  await expect(panel.getByText('ticket_reference', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/settings/custom-fields custom fields');

  // Log a Service Outage: the select is required for that type.
  const title = `Checkout outage ${Date.now().toString(36)}`;
  await page.goto('/oops/new');
  await page.getByRole('button', { name: /Service Outage/ }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Detailed description' })
    .fill('Checkout returned errors for every customer for 40 minutes.');
  await page.getByRole('button', { name: 'Log Incident' }).click();
  const tier = page.getByRole('combobox', { name: 'Customer tier' });
  await expect(page.getByText('Customer tier is required for Service Outage incidents.')).toBeVisible();
  await expect(tier).toBeFocused();
  await expectNoSeriousA11yViolations(page, '/oops/new with a required custom field missing');
  await tier.click();
  await page.getByRole('option', { name: 'Gold' }).click();
  await page.getByRole('textbox', { name: 'Ticket reference' }).fill('TCK-42');
  await page.getByRole('button', { name: 'Log Incident' }).click();
  await expect(page.getByText('Incident logged successfully! Redirecting to dashboard...')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Another incident, Gold, through the API: the filter below must leave it out.
  const otherTitle = `${title} (other)`;
  await logOops(page.request, ownerToken, {
    title: otherTitle,
    oops_type: 'Data Issue',
    custom_fields: { customer_tier: 'Gold' },
  });

  // Edit the value inline on the detail page.
  await page.goto('/oops');
  await page
    .getByRole('article', { name: title, exact: true })
    .getByRole('link', { name: /View Details/ })
    .click();
  const block = page.getByRole('region', { name: 'Custom fields' });
  await expect(block.getByRole('button', { name: /^Ticket reference TCK-42/ })).toBeVisible();
  await block.getByRole('button', { name: /^Customer tier Gold/ }).click();
  await block.getByRole('combobox', { name: 'Customer tier' }).selectOption('Silver');
  await block.getByRole('button', { name: 'Save Customer tier' }).click();
  await expect(page.getByText('Customer tier updated successfully!')).toBeVisible();
  await expect(block.getByRole('button', { name: /^Customer tier Silver/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/oops/:id custom fields');

  // Filter the list by it; the filter is in the URL.
  await page.goto('/oops');
  await expect(page.getByRole('article', { name: otherTitle, exact: true })).toBeVisible();
  const filter = page.getByRole('form', { name: 'Custom field filter' });
  await filter.getByRole('combobox', { name: 'Custom field' }).selectOption({ label: 'Customer tier' });
  await filter.getByRole('combobox', { name: 'Value' }).selectOption('Silver');
  await filter.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/[?&]cf\.customer_tier=Silver/);
  await expect(page.getByRole('article', { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: otherTitle, exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/oops filtered by a custom field');
  // The URL alone reproduces the filter.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove filter Customer tier: Silver' })).toBeVisible();
  await expect(page.getByRole('article', { name: otherTitle, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove filter Customer tier: Silver' }).click();
  await expect(page.getByRole('article', { name: otherTitle, exact: true })).toBeVisible();

  // A member reads the fields on the profile's Team tab, without edit controls.
  const memberPage = await newIsolatedPage(browser);
  await startSignedIn(memberPage, await createAccount(memberPage, member));
  await memberPage.goto('/profile?tab=team');
  const memberPanel = memberPage.getByRole('region', { name: 'Custom fields' });
  await expect(memberPanel.getByText('Customer tier', { exact: true })).toBeVisible();
  await expect(memberPanel.getByText('Only owners and admins can edit the custom fields.')).toBeVisible();
  await expect(memberPanel.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(memberPanel.getByRole('button', { name: 'New custom field' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(memberPage, '/profile Team tab, custom fields read-only');
});

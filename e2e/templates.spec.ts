// Team incident types (decision 025): an owner edits a type's suggestions and creates a new type on
// /team; a member of the team, logging an incident, finds the new type among the template tiles with its
// suggestions. axe is clean on the new panel.
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  joinByInvitation,
  newIsolatedPage,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

test('owner edits and creates incident types; a member sees the new one in the template picker', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ownerPage = await newIsolatedPage(browser);
  const owner = uniqueUser();
  const ownerToken = await createAccount(ownerPage, owner);
  await startSignedIn(ownerPage, ownerToken);

  // A member joins through an invitation (set-up: the invitation flow has its own spec).
  const member = uniqueUser();
  await joinByInvitation(ownerPage, ownerToken, member);

  await ownerPage.goto('/settings/incident-types');
  const panel = ownerPage.getByRole('region', { name: 'Incident types' });
  await expect(panel.getByText('Service Outage', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(ownerPage, '/settings/incident-types incident types');

  // Edit the suggestions of a built-in type.
  await panel.getByRole('button', { name: 'Edit Communication Issue' }).click();
  const editForm = panel.getByRole('form', { name: 'Edit Communication Issue' });
  const detection = editForm.getByRole('combobox', { name: 'Detection methods' });
  await detection.fill('Customer call');
  await detection.press('Enter');
  await expectNoSeriousA11yViolations(ownerPage, '/settings/incident-types incident type form');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(ownerPage.getByText('Incident type saved.')).toBeVisible();
  await expect(panel.getByText(/Customer call/)).toBeVisible();

  // Create a new type.
  await panel.getByRole('button', { name: 'New incident type' }).click();
  const newForm = panel.getByRole('form', { name: 'New incident type' });
  await newForm.getByRole('textbox', { name: 'Name' }).fill('Workplace Conflict');
  await newForm.getByRole('combobox', { name: 'Icon' }).selectOption('users');
  await newForm.getByRole('combobox', { name: 'Default severity' }).selectOption('Low');
  await newForm.getByRole('textbox', { name: 'Default department' }).fill('People');
  const impacts = newForm.getByRole('combobox', { name: 'Common impacts' });
  await impacts.fill('Team morale');
  await impacts.press('Enter');
  const methods = newForm.getByRole('combobox', { name: 'Detection methods' });
  await methods.fill('Employee report');
  await methods.press('Enter');
  await newForm.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Workplace Conflict', { exact: true })).toBeVisible();

  // The member logs an incident and picks the new type from the tiles.
  const memberPage = await newIsolatedPage(browser);
  await startSignedIn(memberPage, await createAccount(memberPage, member));
  await memberPage.goto('/oops/new');
  const tile = memberPage.getByRole('button', { name: /Workplace Conflict/ });
  await expect(tile).toBeVisible();
  await tile.click();
  const suggestions = memberPage.getByRole('region', { name: 'Suggestions for Workplace Conflict' });
  await expect(suggestions.getByRole('button', { name: 'Employee report' })).toBeVisible();
  await expect(suggestions.getByRole('button', { name: 'Team morale' })).toBeVisible();
  await expect(memberPage.getByRole('combobox', { name: /Incident Type/ })).toHaveValue('Workplace Conflict');
  await expectNoSeriousA11yViolations(memberPage, '/oops/new with a team type');

  // The member reads the types on the profile's Team tab, without edit buttons.
  await memberPage.goto('/profile?tab=team');
  const memberPanel = memberPage.getByRole('region', { name: 'Incident types' });
  await expect(memberPanel.getByText('Workplace Conflict', { exact: true })).toBeVisible();
  await expect(memberPanel.getByText('Only owners and admins can edit the incident types.')).toBeVisible();
  await expect(memberPanel.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(memberPage, '/profile Team tab, incident types read-only');
});

// The settings area's navigation: one nav landmark, the sub-pages in order, aria-current on the page shown, and
// moving between sub-pages by keyboard (the links) and by the narrow screen's select.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { SettingsLayout } from './settings-layout';
import { SETTINGS_SECTIONS } from './settings-sections';

function renderAt(path: string) {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      {
        element: <SettingsLayout />,
        children: SETTINGS_SECTIONS.map(({ label, to }) => ({ path: to, element: <p>{label} page</p> })),
      },
    ],
    path,
  );
  return { user, ...view };
}

const links = () => within(screen.getByRole('navigation', { name: 'Settings' })).getAllByRole('link');

describe('SettingsNav', () => {
  it('lists every sub-page in one nav landmark and marks the current one', async () => {
    renderAt('/settings/custom-fields');
    expect(await screen.findByText('Custom fields page')).toBeInTheDocument();
    expect(links().map((l) => l.textContent)).toEqual([
      'General',
      'Members',
      'Incident types',
      'Custom fields',
      'Integrations',
      'Notifications',
    ]);
    expect(links().map((l) => l.getAttribute('href'))).toEqual(SETTINGS_SECTIONS.map((s) => s.to));
    const current = links().filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current.map((l) => l.textContent)).toEqual(['Custom fields']);
    expect(document.title).toBe('Custom fields · Settings · OopsBoard');
    expect(screen.getByRole('combobox', { name: 'Settings section' })).toHaveValue('/settings/custom-fields');
  });

  it('moves to a sub-page with Tab and Enter, and the current mark follows', async () => {
    const { user, router } = renderAt('/settings/general');
    await screen.findByText('General page');
    const integrations = links().find((l) => l.textContent === 'Integrations')!;
    while (document.activeElement !== integrations) await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Integrations page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/integrations');
    expect(integrations).toHaveAttribute('aria-current', 'page');
    expect(links().find((l) => l.textContent === 'General')).not.toHaveAttribute('aria-current');
  });

  it('moves to a sub-page with the select (narrow screens)', async () => {
    const { user, router } = renderAt('/settings/general');
    await screen.findByText('General page');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Settings section' }), 'Notifications');
    expect(await screen.findByText('Notifications page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/notifications');
  });
});

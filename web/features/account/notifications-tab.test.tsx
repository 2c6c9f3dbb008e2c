import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../test/fetch-call';
import { jsonResponse, renderWithApp } from '../../test/render';
import { NotificationsTab } from './notifications-tab';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsTab', { timeout: 30_000 }, () => {
  it('shows both switches as saved and saves a change at once', async () => {
    const puts: unknown[] = [];
    let settings = { reminders: true, digest: false, feedback: true };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (urlOf(input).endsWith('/api/user/notifications') && init?.method === 'PUT') {
          const body = JSON.parse(init.body as string) as Partial<typeof settings>;
          puts.push(body);
          settings = { ...settings, ...body };
          return jsonResponse(200, settings);
        }
        if (urlOf(input).endsWith('/api/user/notifications')) return jsonResponse(200, settings);
        return jsonResponse(404, { error: 'Not found.' });
      }),
    );
    renderWithApp(<NotificationsTab />);
    // Headed like the settings area's other sub-pages: a section named by its h2.
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Notifications' })).toBeInTheDocument();
    const reminders = await within(section).findByRole('switch', { name: /Follow-up action reminders/ });
    const digest = screen.getByRole('switch', { name: /Weekly digest/ });
    expect(reminders).toBeChecked();
    expect(digest).not.toBeChecked();
    await userEvent.click(reminders);
    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(puts).toEqual([{ reminders: false }]);
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
  });

  it('offers Try again when the settings fail to load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { error: 'Nope.' })),
    );
    renderWithApp(<NotificationsTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load your notification settings');
    expect(alert).toHaveTextContent('Nope.');
  });
});

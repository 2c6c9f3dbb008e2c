import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_ZONE_TEXTS } from '../../../common/domain/digest-texts';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { CurrentTeam } from './api/current-team';
import { TimeZoneForm } from './time-zone-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const team = (role: CurrentTeam['role'], timeZone = 'UTC'): CurrentTeam => ({
  id: 3,
  name: 'Core',
  industry: 'Technology',
  owner_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  role,
  time_zone: timeZone,
});

describe('TimeZoneForm', { timeout: 30_000 }, () => {
  it('an admin searches for a zone and saves it', async () => {
    const api = routeFetch(fetchMock, {
      'PUT /api/team/current/time-zone': (body) =>
        jsonResponse(200, team('admin', (body as { time_zone: string }).time_zone)),
    });
    const user = userEvent.setup();
    renderWithApp(<TimeZoneForm team={team('admin')} />);
    const select = screen.getByRole('combobox', { name: TIME_ZONE_TEXTS.label });
    expect(select).toHaveValue('UTC');
    const save = screen.getByRole('button', { name: TIME_ZONE_TEXTS.save });
    // Nothing to save until the zone changes.
    expect(save).toBeDisabled();
    await user.clear(select);
    await user.type(select, 'Auckland');
    await user.click(await screen.findByRole('option', { name: 'Pacific/Auckland' }));
    expect(select).toHaveValue('Pacific/Auckland');
    await user.click(save);
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/team/current/time-zone')).toEqual([{ time_zone: 'Pacific/Auckland' }]),
    );
    expect(await screen.findByText(TIME_ZONE_TEXTS.saved)).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    routeFetch(fetchMock, {
      'PUT /api/team/current/time-zone': jsonResponse(403, {
        error: 'Only team owners and admins can do this.',
        code: 'forbidden',
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<TimeZoneForm team={team('owner', 'Europe/Paris')} />);
    const select = screen.getByRole('combobox', { name: TIME_ZONE_TEXTS.label });
    await user.clear(select);
    await user.type(select, 'Los_Angeles');
    await user.click(await screen.findByRole('option', { name: 'America/Los_Angeles' }));
    await user.click(screen.getByRole('button', { name: TIME_ZONE_TEXTS.save }));
    // The form's alert (a toast says it too).
    const reason = await screen.findByText('Only team owners and admins can do this.');
    expect(reason.closest('[role="alert"]')).toHaveTextContent(TIME_ZONE_TEXTS.saveFailed);
  });

  it('members see the zone but cannot change it', () => {
    routeFetch(fetchMock, {});
    renderWithApp(<TimeZoneForm team={team('member', 'Asia/Tokyo')} />);
    expect(screen.getByText(TIME_ZONE_TEXTS.managersOnly)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: TIME_ZONE_TEXTS.label })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: TIME_ZONE_TEXTS.label })).toHaveValue('Asia/Tokyo');
    expect(screen.queryByRole('button', { name: TIME_ZONE_TEXTS.save })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIDENTIAL_TEXTS as T } from '../../../common/domain/confidential-texts';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { CurrentTeam } from './api/current-team';
import { METRICS_SHARING_TEXTS as M } from '../../../common/domain/metrics-texts';
import { TeamSwitch } from './team-switch';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const team = (role: CurrentTeam['role'], on = false): CurrentTeam => ({
  id: 3,
  name: 'Core',
  industry: 'Technology',
  owner_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  role,
  time_zone: 'UTC',
  confidential_near_misses: on,
  share_metrics: false,
});

describe('TeamSwitch', { timeout: 30_000 }, () => {
  it('an admin turns confidential reports on, with what stays hidden said beside it', async () => {
    const api = routeFetch(fetchMock, {
      'PUT /api/team/current/confidential': (body) =>
        jsonResponse(200, team('admin', (body as { enabled: boolean }).enabled)),
    });
    const user = userEvent.setup();
    renderWithApp(<TeamSwitch team={team('admin')} setting="confidential_near_misses" />);
    const toggle = screen.getByRole('switch', { name: new RegExp(T.switchLabel) });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(T.settingDescription)).toBeVisible();
    await user.click(toggle);
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/team/current/confidential')).toEqual([{ enabled: true }]),
    );
    expect(await screen.findByText(T.saved)).toBeVisible();
  });

  it('a member sees the setting but cannot change it', () => {
    renderWithApp(<TeamSwitch team={team('member', true)} setting="confidential_near_misses" />);
    const toggle = screen.getByRole('switch', { name: new RegExp(T.switchLabel) });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(T.managersOnly)).toBeVisible();
  });

  it('an owner shares the learning metrics, a setting of its own', async () => {
    const api = routeFetch(fetchMock, {
      'PUT /api/team/current/metrics-sharing': (body) =>
        jsonResponse(200, { ...team('owner'), share_metrics: (body as { enabled: boolean }).enabled }),
    });
    const user = userEvent.setup();
    renderWithApp(<TeamSwitch team={team('owner', true)} setting="share_metrics" />);
    const toggle = screen.getByRole('switch', { name: new RegExp(M.switchLabel) });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('heading', { name: M.settingLabel })).toBeVisible();
    await user.click(toggle);
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/team/current/metrics-sharing')).toEqual([{ enabled: true }]),
    );
    expect(await screen.findByText(M.saved)).toBeVisible();
    expect(api.bodiesOf('PUT /api/team/current/confidential')).toEqual([]);
  });
});

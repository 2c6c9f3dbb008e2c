import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncidentTypeView, IncidentTypesResponse } from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_TEXTS as T } from '../../../common/domain/incident-type-texts';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { CurrentTeam } from './api/current-team';
import { IncidentTypesPanel } from './incident-types-panel';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const team = (role: CurrentTeam['role']): CurrentTeam => ({
  id: 3,
  name: 'Core',
  industry: 'Technology',
  owner_id: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  role,
  time_zone: 'UTC',
});
const type = (id: number, name: string, archived = false): IncidentTypeView => ({
  id,
  name,
  icon: 'users',
  severity: 'Low',
  area_department: 'People',
  tags: [],
  detection_methods: ['Employee report'],
  common_impacts: [],
  owners: [],
  root_causes: [],
  lessons_learned: [],
  position: id,
  archived,
  incident_count: 2,
});
const list = (...types: IncidentTypeView[]): IncidentTypesResponse => ({
  incident_types: types,
  other_types: [],
});
const LIST = 'GET /api/team/current/incident-types?include_archived=1';

describe('IncidentTypesPanel', { timeout: 30_000 }, () => {
  it('members read the active types, without edit controls', async () => {
    routeFetch(fetchMock, {
      'GET /api/team/current': jsonResponse(200, team('member')),
      [LIST]: jsonResponse(200, list(type(1, 'Workplace Conflict'), type(2, 'Old Type', true))),
    });
    renderWithApp(<IncidentTypesPanel />);
    expect(await screen.findByText('Workplace Conflict')).toBeInTheDocument();
    expect(await screen.findByText(T.readOnly)).toBeInTheDocument();
    expect(screen.queryByText('Old Type')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.create })).not.toBeInTheDocument();
  });

  it('an owner sees archived types, restores one, and an empty name is refused before any call', async () => {
    const api = routeFetch(fetchMock, {
      'GET /api/team/current': jsonResponse(200, team('owner')),
      [LIST]: jsonResponse(200, list(type(1, 'Workplace Conflict'), type(2, 'Old Type', true))),
      'POST /api/team/current/incident-types/2/restore': jsonResponse(200, type(2, 'Old Type')),
    });
    const user = userEvent.setup();
    renderWithApp(<IncidentTypesPanel />);
    await user.click(await screen.findByRole('button', { name: `${T.restore} Old Type` }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/team/current/incident-types/2/restore')).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: T.create }));
    const form = screen.getByRole('form', { name: T.create });
    await user.click(within(form).getByRole('button', { name: T.save }));
    expect(await within(form).findByText(T.nameRequired)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(api.bodiesOf('POST /api/team/current/incident-types')).toEqual([]);
  });

  it('says when the list cannot be loaded and offers a retry', async () => {
    routeFetch(fetchMock, {
      'GET /api/team/current': jsonResponse(200, team('owner')),
      [LIST]: jsonResponse(403, { error: 'Nope.', code: 'forbidden' }),
    });
    renderWithApp(<IncidentTypesPanel />);
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncidentTypeView } from '../../../common/contracts/incident-types';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { CurrentTeam } from './api/current-team';
import { CustomFieldsPanel } from './custom-fields-panel';
import { buildCustomField as field } from '../../test/custom-fields';

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
const incidentType = (id: number, name: string): IncidentTypeView => ({
  id,
  name,
  icon: 'server-crash',
  severity: 'High',
  area_department: '',
  tags: [],
  detection_methods: [],
  common_impacts: [],
  owners: [],
  root_causes: [],
  lessons_learned: [],
  position: id,
  archived: false,
  incident_count: 0,
});
const LIST = 'GET /api/team/current/custom-fields?include_archived=1';
const TYPES = 'GET /api/team/current/incident-types?include_archived=1';
const tier = field(1, 'Customer tier', { type: 'select', options: ['Gold', 'Silver'], required_for: [12] });
const ticket = field(2, 'Ticket reference');
const old = field(3, 'Old field', { archived: true });

function routes(role: CurrentTeam['role'], extra: Parameters<typeof routeFetch>[1] = {}) {
  return routeFetch(fetchMock, {
    'GET /api/team/current': jsonResponse(200, team(role)),
    [LIST]: jsonResponse(200, { fields: [tier, ticket, old] }),
    [TYPES]: jsonResponse(200, {
      incident_types: [incidentType(12, 'Service Outage'), incidentType(13, 'Data Issue')],
      other_types: [],
    }),
    ...extra,
  });
}

describe('CustomFieldsPanel', { timeout: 30_000 }, () => {
  it('members read the active fields with their type, options and required types, without edit controls', async () => {
    routes('member');
    renderWithApp(<CustomFieldsPanel />);
    const panel = await screen.findByRole('region', { name: T.heading });
    expect(await within(panel).findByText('Customer tier')).toBeInTheDocument();
    expect(within(panel).getByText(T.typeLabels.select)).toBeInTheDocument();
    expect(within(panel).getByText('Gold · Silver')).toBeInTheDocument();
    expect(await within(panel).findByText(`${T.fields.required_for}: Service Outage`)).toBeInTheDocument();
    expect(await within(panel).findByText(T.readOnly)).toBeInTheDocument();
    expect(within(panel).queryByText('Old field')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: T.create })).not.toBeInTheDocument();
  });

  it('an owner is told a select needs options before any call, then creates one required for a type', async () => {
    const created = field(4, 'Region', { type: 'select', options: ['EU', 'US'], required_for: [13] });
    const api = routes('owner', {
      'POST /api/team/current/custom-fields': jsonResponse(201, created),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CustomFieldsPanel />);
    await user.click(await screen.findByRole('button', { name: T.create }));
    const form = screen.getByRole('form', { name: T.create });
    await user.type(within(form).getByRole('textbox', { name: /Label/ }), 'Region');
    expect(within(form).getByRole('textbox', { name: 'Key' })).toHaveAttribute('placeholder', 'region');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Type' }), 'select');
    await user.click(within(form).getByRole('button', { name: T.save }));
    expect(await within(form).findByText(T.optionsRequired)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Options/ })).toHaveFocus();
    expect(api.bodiesOf('POST /api/team/current/custom-fields')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /Options/ }), 'EU{Enter}US');
    await user.click(await within(form).findByRole('checkbox', { name: 'Data Issue' }));
    await user.click(within(form).getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/team/current/custom-fields')).toEqual([
        { label: 'Region', type: 'select', options: ['EU', 'US'], required_for: [13] },
      ]),
    );
    expect(await screen.findByText(T.saved)).toBeInTheDocument();
  });

  it('an owner moves a field down (the whole order is sent) and restores an archived one', async () => {
    const api = routes('owner', {
      'PUT /api/team/current/custom-fields/order': jsonResponse(200, { fields: [ticket, tier, old] }),
      'POST /api/team/current/custom-fields/3/restore': jsonResponse(200, { ...old, archived: false }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CustomFieldsPanel />);
    expect(await screen.findByRole('button', { name: `${T.moveUp} Customer tier` })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `${T.moveDown} Customer tier` }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/team/current/custom-fields/order')).toEqual([{ ids: [2, 1, 3] }]),
    );
    await user.click(await screen.findByRole('button', { name: `${T.restore} Old field` }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /api/team/current/custom-fields/3/restore')).toHaveLength(1),
    );
  });

  it('an owner edits a field: type and key are fixed, the label is sent with the options', async () => {
    const api = routes('owner', {
      'PUT /api/team/current/custom-fields/1': jsonResponse(200, { ...tier, label: 'Tier' }),
    });
    const user = userEvent.setup({ delay: null });
    renderWithApp(<CustomFieldsPanel />);
    await user.click(await screen.findByRole('button', { name: `${T.edit} Customer tier` }));
    const form = screen.getByRole('form', { name: 'Edit Customer tier' });
    expect(within(form).getByRole('combobox', { name: 'Type' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Key' })).toHaveAttribute('readonly');
    const label = within(form).getByRole('textbox', { name: /Label/ });
    await user.clear(label);
    await user.type(label, 'Tier');
    await user.click(within(form).getByRole('button', { name: T.save }));
    await waitFor(() =>
      expect(api.bodiesOf('PUT /api/team/current/custom-fields/1')).toEqual([
        { label: 'Tier', options: ['Gold', 'Silver'], required_for: [12] },
      ]),
    );
  });

  it('says when the list cannot be loaded and offers a retry', async () => {
    routes('owner', { [LIST]: jsonResponse(403, { error: 'Nope.', code: 'forbidden' }) });
    renderWithApp(<CustomFieldsPanel />);
    expect(await screen.findByText(T.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says when the team has no fields yet', async () => {
    routes('owner', { [LIST]: jsonResponse(200, { fields: [] }) });
    renderWithApp(<CustomFieldsPanel />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});

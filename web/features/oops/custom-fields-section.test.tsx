// The detail page's "Custom fields" block (decision 026): values shown, click-to-edit like the built-in fields
// (PUT custom_fields with only that key, the same toast), and an archived field's old value read-only.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { OopsDetailPage } from './oops-detail-page';
import { apiStub, buildDetail, stubDocumentFonts } from '../../test/oops-test-data';
import { buildCustomField as field } from '../../test/custom-fields';

stubDocumentFonts();
let stub: ReturnType<typeof apiStub>;

const FIELDS = [
  field(1, 'Customer tier', { type: 'select', options: ['Gold', 'Silver'] }),
  field(2, 'Billable hours', { type: 'number' }),
  field(3, 'Regions', { type: 'multi_select', options: ['EU', 'US', 'APAC'] }),
  field(4, 'Old code', { archived: true }),
  field(5, 'Unused old', { archived: true }),
];
const VALUES = { customer_tier: 'Gold', regions: ['EU', 'US'], old_code: 'X-1' };

function setup() {
  window.sessionStorage.setItem('authToken', 'tok-1');
  const detail = buildDetail({ custom_fields: VALUES });
  stub = apiStub({
    'GET /api/user/profile': buildUser({ role: 'member' }),
    'GET /api/oops/detail/7': detail,
    'GET /api/oops/departments': ['Engineering'],
    'GET /api/oops/7/actions': { actions: [] },
    'GET /api/oops/7/related': { related: [], repeated_despite_action: false },
    'GET /api/team/current/custom-fields': { fields: FIELDS },
    'PUT /api/oops/7': (body: unknown) =>
      jsonResponse(200, {
        ...detail,
        custom_fields: { ...VALUES, ...(body as { custom_fields: object }).custom_fields },
      }),
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes([{ path: '/oops/:idSlug', element: <OopsDetailPage /> }], '/oops/7-database-outage');
}

afterEach(() => vi.unstubAllGlobals());

const puts = () => stub.calls.filter((c) => c.method === 'PUT');
const block = () => screen.findByRole('region', { name: T.section });

describe('Custom fields on the detail page', { timeout: 30_000 }, () => {
  it('shows the values, and an archived field only where the incident kept a value', async () => {
    setup();
    const region = await block();
    expect(await within(region).findByRole('button', { name: /^Customer tier Gold/ })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /^Regions EU, US/ })).toBeInTheDocument();
    expect(within(region).getByText('X-1')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /^Old code/ })).not.toBeInTheDocument();
    expect(within(region).queryByText(/Unused old/)).not.toBeInTheDocument();
  });

  it('edits a select inline: only that key is sent, with the field updated toast', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const region = await block();
    await user.click(await within(region).findByRole('button', { name: /^Customer tier/ }));
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Customer tier' }), 'Silver');
    await user.click(within(region).getByRole('button', { name: 'Save Customer tier' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ custom_fields: { customer_tier: 'Silver' } });
    expect(await screen.findByText('Customer tier updated successfully!')).toBeInTheDocument();
  });

  it('saves a number as a number, and clears a value with null', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const region = await block();
    await user.click(await within(region).findByRole('button', { name: /^Billable hours/ }));
    await user.type(within(region).getByRole('spinbutton', { name: 'Billable hours' }), '2.5{Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ custom_fields: { billable_hours: 2.5 } });

    await user.click(within(region).getByRole('button', { name: /^Customer tier/ }));
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Customer tier' }), '');
    await user.click(within(region).getByRole('button', { name: 'Save Customer tier' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body).toEqual({ custom_fields: { customer_tier: null } });
  });
});

// The list's custom field filter (decision 026), through the list page: the value is checked by the common parser,
// the filter goes in the URL as cf.<key> and in the list's and the export's query, and a button removes it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { renderRoutes } from '../../test/render';
import { buildOopsSummary } from '../../test/oops-fields';
import { OopsListPage } from './oops-list-page';
import { apiStub, listPage } from '../../test/oops-test-data';
import { buildCustomField as field } from '../../test/custom-fields';

let stub: ReturnType<typeof apiStub>;

const FIELDS = [
  field(1, 'Customer tier', { type: 'select', options: ['Gold', 'Silver'] }),
  field(2, 'Billable hours', { type: 'number' }),
  field(3, 'Retired', { archived: true }),
];

function setup(path: string) {
  stub = apiStub({
    'GET /api/oops': listPage([buildOopsSummary()]),
    'GET /api/team/current/custom-fields': { fields: FIELDS },
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes([{ path: '/oops', element: <OopsListPage /> }], path);
}

afterEach(() => vi.unstubAllGlobals());

const listCalls = () => stub.calls.filter((c) => c.path === '/api/oops').map((c) => c.url.searchParams);

describe('Custom field filter', { timeout: 30_000 }, () => {
  it('adds a select filter to the URL and the list call, and removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops?status=Open');
    const form = await screen.findByRole('form', { name: 'Custom field filter' });
    const fieldSelect = within(form).getByRole('combobox', { name: T.filterLabel });
    await waitFor(() =>
      expect(
        within(fieldSelect)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a field', 'Customer tier', 'Billable hours']),
    );
    await user.selectOptions(fieldSelect, 'customer_tier');
    await user.selectOptions(within(form).getByRole('combobox', { name: T.filterValue }), 'Gold');
    await user.click(within(form).getByRole('button', { name: 'Apply filter' }));

    await waitFor(() => expect(router.state.location.search).toBe('?status=Open&cf.customer_tier=Gold'));
    await waitFor(() => expect(listCalls().at(-1)!.get('cf.customer_tier')).toBe('Gold'));
    expect(listCalls().at(-1)!.get('status')).toBe('Open');

    await user.click(screen.getByRole('button', { name: 'Remove filter Customer tier: Gold' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Open'));
    await waitFor(() => expect(listCalls().at(-1)!.has('cf.customer_tier')).toBe(false));
  });

  it('reads a filter from the URL and refuses a value the field cannot hold', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops?cf.billable_hours=3');
    await waitFor(() => expect(listCalls().at(-1)!.get('cf.billable_hours')).toBe('3'));
    expect(
      await screen.findByRole('button', { name: 'Remove filter Billable hours: 3' }),
    ).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Custom field filter' });
    await waitFor(() =>
      expect(within(form).getAllByRole('option', { name: 'Billable hours' })).toHaveLength(1),
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: T.filterLabel }), 'billable_hours');
    await user.click(within(form).getByRole('button', { name: 'Apply filter' }));
    expect(await within(form).findByText(T.numberInvalid('Billable hours'))).toBeInTheDocument();
    expect(router.state.location.search).toBe('?cf.billable_hours=3');
  });
});

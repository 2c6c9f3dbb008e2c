// The log form's custom fields (decision 026), through the whole page: the required mark follows the chosen type,
// the common validator refuses before any call, the values go in custom_fields, and a server refusal naming a
// field shows on it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { INCIDENT_TEMPLATES } from '../../../common/domain/templates';
import { jsonResponse, renderRoutes } from '../../test/render';
import { NewOopsPage } from './new-oops-page';
import { apiStub, buildDetail, stubDocumentFonts } from '../../test/oops-test-data';
import { buildCustomField as field } from '../../test/custom-fields';

stubDocumentFonts();
let stub: ReturnType<typeof apiStub>;

const tier = field(1, 'Customer tier', { type: 'select', options: ['Gold', 'Silver'], required_for: [12] });
const ticket = field(2, 'Ticket reference');
const hours = field(3, 'Billable hours', { type: 'number' });
const retired = field(4, 'Retired', { archived: true, required_for: [12] });

function setup(routes: Parameters<typeof apiStub>[0] = {}) {
  stub = apiStub({
    'GET /api/oops/departments': ['Engineering'],
    'GET /api/oops/similar': { oops: [] },
    'GET /api/team/current/custom-fields': { fields: [tier, ticket, hours, retired] },
    'GET /api/team/current/incident-types': {
      incident_types: INCIDENT_TEMPLATES.map((t, i) => ({
        ...t,
        id: t.name === 'Service Outage' ? 12 : 20 + i,
        position: i,
        archived: false,
        incident_count: 0,
      })),
      other_types: [],
    },
    ...routes,
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/oops/new', element: <NewOopsPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    '/oops/new',
  );
}

afterEach(() => vi.unstubAllGlobals());

const posts = () => stub.calls.filter((c) => c.method === 'POST' && c.path === '/api/oops');

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Checkout down');
  await user.type(screen.getByRole('textbox', { name: /Detailed description/ }), 'Checkout returned 500s.');
}

describe('Custom fields on the log form', { timeout: 30_000 }, () => {
  it('marks a field required for the chosen type and refuses to send without it', async () => {
    const user = userEvent.setup({ delay: null });
    setup();
    const tierInput = () => screen.getByRole('combobox', { name: /Customer tier/ });
    await screen.findByRole('textbox', { name: 'Ticket reference' });
    expect(screen.queryByLabelText('Retired')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Data Issue/ }));
    await waitFor(() => expect(tierInput()).not.toBeRequired());

    await user.click(screen.getByRole('button', { name: /Service Outage/ }));
    await waitFor(() => expect(tierInput()).toBeRequired());
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    expect(await screen.findByText(T.required('Customer tier', 'Service Outage'))).toBeVisible();
    expect(tierInput()).toHaveFocus();
    expect(tierInput()).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('sends the values in custom_fields, only those set', async () => {
    const user = userEvent.setup({ delay: null });
    setup({ 'POST /api/oops': () => jsonResponse(201, buildDetail()) });
    await user.click(await screen.findByRole('button', { name: /Service Outage/ }));
    await fillBasics(user);
    await user.click(screen.getByRole('combobox', { name: /Customer tier/ }));
    await user.click(await screen.findByRole('option', { name: 'Gold' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket reference' }), '  TCK-1  ');
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((posts()[0]!.body as { custom_fields: unknown }).custom_fields).toEqual({
      customer_tier: 'Gold',
      ticket_reference: 'TCK-1',
    });
  });

  it("shows the server's refusal on the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    setup({
      'POST /api/oops': () => jsonResponse(400, { error: T.numberInvalid('Billable hours') }),
    });
    // A type that requires nothing, so the call is made.
    await user.click(await screen.findByRole('button', { name: /Data Issue/ }));
    await fillBasics(user);
    await user.type(await screen.findByRole('textbox', { name: 'Billable hours' }), '3');
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    expect(await screen.findByText(T.numberInvalid('Billable hours'))).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Billable hours' })).toHaveAttribute('aria-invalid', 'true');
  });
});

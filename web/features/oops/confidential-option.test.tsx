import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import { CONFIDENTIAL_TEXTS } from '../../../common/domain/confidential-texts';
import { NewOopsPage } from './new-oops-page';
import { apiStub, buildDetail, stubDocumentFonts } from '../../test/oops-test-data';

stubDocumentFonts();
let stub: ReturnType<typeof apiStub>;

const team = (allowed: boolean) => ({
  id: 1,
  name: 'Team',
  industry: null,
  owner_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  role: 'member',
  time_zone: 'UTC',
  confidential_near_misses: allowed,
});

function setup(allowed: boolean) {
  stub = apiStub({
    'GET /api/oops/departments': ['Engineering'],
    'GET /api/oops/similar': { oops: [] },
    'GET /api/team/current': team(allowed),
    'POST /api/oops': () => jsonResponse(201, buildDetail()),
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  renderRoutes(
    [
      { path: '/oops/new', element: <NewOopsPage /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    '/oops/new',
  );
}

afterEach(() => vi.unstubAllGlobals());

const option = () => screen.queryByRole('checkbox', { name: CONFIDENTIAL_TEXTS.checkbox });

describe('Report confidentially', { timeout: 30_000 }, () => {
  it('is offered for a near-miss when the team allows it, says what stays hidden, and is sent', async () => {
    const user = userEvent.setup({ delay: null });
    setup(true);
    await waitFor(() => expect(stub.calls.some((c) => c.path === '/api/team/current')).toBe(true));
    expect(option()).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Near-miss' }));
    const box = await screen.findByRole('checkbox', { name: CONFIDENTIAL_TEXTS.checkbox });
    expect(screen.getByText(CONFIDENTIAL_TEXTS.checkboxDescription)).toBeVisible();
    await user.click(box);
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Forklift nearly hit me');
    await user.type(screen.getByRole('textbox', { name: /Detailed description/ }), 'At the blind corner.');
    await user.selectOptions(screen.getByRole('combobox', { name: /Incident Type/ }), 'Service Outage');
    await user.click(screen.getByRole('button', { name: 'Log Incident' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      kind: 'near_miss',
      confidential: true,
    });
  });

  it('is not offered when the team does not allow it', async () => {
    const user = userEvent.setup({ delay: null });
    setup(false);
    await waitFor(() => expect(stub.calls.some((c) => c.path === '/api/team/current')).toBe(true));
    await user.click(screen.getByRole('radio', { name: 'Near-miss' }));
    expect(option()).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../../common/domain/admin-texts';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { AdminAuditPage } from './admin-audit-page';
import { urlOf } from '../../test/fetch-call';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path === '/api/user/profile') return jsonResponse(200, buildUser({ is_super_admin: true }));
    return jsonResponse(200, {
      events: [
        {
          id: 1,
          at: '2026-03-01T10:00:00.000Z',
          action: 'admin.user_disabled',
          actor_id: 1,
          actor_email: 'root@example.test',
          team_id: 4,
          target: 'user:9',
          ip: '10.0.0.1',
          details: null,
        },
      ],
      matched: 1,
    });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const auditCalls = () =>
  fetchMock.mock.calls.map(([u]) => urlOf(u)).filter((u) => u.startsWith('/api/admin/audit'));

describe('AdminAuditPage', () => {
  it('lists events and sends the chosen filters to the server', async () => {
    // The filters apply after a pause: a fake clock (moving with real time, so the page still settles) lets the
    // test skip past that pause instead of sleeping through it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    renderRoutes([{ path: '/admin/audit', element: <AdminAuditPage /> }], '/admin/audit');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('User disabled');
    expect(row).toHaveTextContent('root@example.test');
    expect(row).toHaveTextContent('user:9');
    expect(row).toHaveTextContent('10.0.0.1');
    expect(auditCalls()).toEqual(['/api/admin/audit?limit=25&offset=0']);

    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Sign-in failed');
    await user.type(screen.getByRole('textbox', { name: 'Actor ID' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), '4');
    await waitFor(() =>
      expect(auditCalls().at(-1)).toBe(
        '/api/admin/audit?limit=25&offset=0&action=auth.login_failed&actor_id=12&team_id=4',
      ),
    );

    await user.clear(screen.getByRole('textbox', { name: 'Actor ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Actor ID' }), 'x');
    expect(await screen.findByText('Enter a user ID (a whole number).')).toBeInTheDocument();
    // The invalid id is not sent; the last valid filters stay in force.
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DEBOUNCE_MS * 2));
    expect(auditCalls().some((u) => u.includes('actor_id=x'))).toBe(false);
  });
});

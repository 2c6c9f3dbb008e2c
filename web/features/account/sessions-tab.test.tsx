import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { buildUser } from '../../test/factories';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { SessionsTab } from './sessions-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const at = '2026-11-20T10:00:00.000Z';
const signIn = (kind: 'device' | 'session', id: number, device: string, current = false) => ({
  kind,
  id,
  device,
  ip: '127.0.0.1',
  created_at: at,
  last_used_at: at,
  expires_at: at,
  current,
});

describe('SessionsTab', () => {
  it('lists sessions and devices, marks this one, and signs out another', async () => {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const api = routeFetch(fetchMock, {
      'GET /api/user/profile': jsonResponse(200, buildUser()),
      'GET /api/auth/sessions': jsonResponse(200, {
        sessions: [signIn('device', 4, 'Chrome on Linux', true), signIn('session', 9, 'Firefox on Windows')],
      }),
      'DELETE /api/auth/sessions/9': jsonResponse(200, { success: true }),
    });
    renderRoutes([{ path: '/', element: <SessionsTab /> }]);
    const list = await screen.findByRole('list', { name: 'Your sessions and devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome on Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Remembered device');
    expect(items[1]).not.toHaveTextContent('This device');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Signed out of that session.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain('DELETE /api/auth/sessions/9'));
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });
});

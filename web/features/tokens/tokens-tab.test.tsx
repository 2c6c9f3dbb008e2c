import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../../../common/contracts/tokens';
import { API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { jsonResponse, renderWithApp } from '../../test/render';
import { routeFetch, type Reply } from '../../test/mock-api';
import { TokensTab } from './tokens-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const SECRET = `oops_pat_${'a'.repeat(39)}WXYZ`;

const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'CI pipeline',
  scopes: ['read', 'write'],
  token_hint: 'abcd',
  created_at: '2025-03-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  ...over,
});

function serve(list: ApiToken[], extra: Record<string, Reply> = {}) {
  return routeFetch(fetchMock, { 'GET /api/user/tokens': jsonResponse(200, { tokens: list }), ...extra });
}

describe('TokensTab', () => {
  it('lists tokens with their scopes, hint, expiry and last use, never a secret', async () => {
    serve([
      token(),
      token({
        id: 2,
        name: 'Old monitor',
        scopes: ['ingest'],
        token_hint: 'zz_9',
        expires_at: '2020-01-01T00:00:00.000Z',
        last_used_at: '2019-12-31T10:00:00.000Z',
      }),
    ]);
    renderWithApp(<TokensTab />);
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const [ci, old] = within(list).getAllByRole('listitem');
    expect(ci).toHaveTextContent('CI pipeline');
    expect(ci).toHaveTextContent('oops_pat_…abcd');
    expect(ci).toHaveTextContent('read');
    expect(ci).toHaveTextContent('write');
    expect(ci).toHaveTextContent('Never expires');
    expect(ci).toHaveTextContent('Last used never');
    expect(old).toHaveTextContent('Expired');
    expect(old).toHaveTextContent('ingest');
    expect(screen.queryByTestId('new-token')).toBeNull();
  });

  it('says so when there are none', async () => {
    serve([]);
    renderWithApp(<TokensTab />);
    expect(await screen.findByText(API_TOKEN_TEXTS.empty)).toBeVisible();
  });

  it('creates a token and shows its secret once, with a copy button and a warning', async () => {
    let list: ApiToken[] = [];
    const api = serve([], {
      'GET /api/user/tokens': () => jsonResponse(200, { tokens: list }),
      'POST /api/user/tokens': () => {
        const created = token({ id: 7, name: 'Deploy bot', scopes: ['write', 'ingest'], token_hint: 'WXYZ' });
        list = [created];
        return jsonResponse(201, { ...created, token: SECRET });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TokensTab />);
    await screen.findByText(API_TOKEN_TEXTS.empty);
    await user.type(screen.getByRole('textbox', { name: /Token name/ }), 'Deploy bot');
    await user.click(screen.getByRole('checkbox', { name: /Read/ }));
    await user.click(screen.getByRole('checkbox', { name: /Write/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ingest/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), 'Never expires');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByTestId('new-token')).toHaveTextContent(SECRET);
    expect(screen.getByText(API_TOKEN_TEXTS.copyOnce)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeVisible();
    expect(api.bodiesOf('POST /api/user/tokens')).toEqual([
      { name: 'Deploy bot', scopes: ['write', 'ingest'], expires_in_days: null },
    ]);
    const list2 = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(list2).toHaveTextContent('Deploy bot');
    expect(list2).not.toHaveTextContent(SECRET);

    await user.click(screen.getByRole('button', { name: 'I have copied it; hide the token' }));
    expect(screen.queryByTestId('new-token')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('checks name and scopes before sending, and shows the server refusal', async () => {
    serve([], {
      'POST /api/user/tokens': jsonResponse(409, { error: API_TOKEN_TEXTS.tooMany }),
    });
    const user = userEvent.setup();
    renderWithApp(<TokensTab />);
    await screen.findByText(API_TOKEN_TEXTS.empty);
    await user.click(screen.getByRole('checkbox', { name: /Read/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText(API_TOKEN_TEXTS.nameRequired)).toBeVisible();
    expect(screen.getByText(API_TOKEN_TEXTS.scopesRequired)).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Token name/ }), 'One more');
    await user.click(screen.getByRole('checkbox', { name: /Read/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const alert = await screen.findByRole('alert', { name: API_TOKEN_TEXTS.createFailed });
    expect(alert).toHaveTextContent(API_TOKEN_TEXTS.tooMany);
    expect(screen.queryByTestId('new-token')).toBeNull();
  });

  it('revokes a token only after confirmation', async () => {
    let list = [token()];
    const api = serve([], {
      'GET /api/user/tokens': () => jsonResponse(200, { tokens: list }),
      'DELETE /api/user/tokens/1': () => {
        list = [];
        return jsonResponse(200, { success: true });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TokensTab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke CI pipeline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token' });
    expect(dialog).toHaveTextContent(API_TOKEN_TEXTS.revokeConfirm('CI pipeline'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke CI pipeline' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke API token' });
    await user.click(within(again).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(API_TOKEN_TEXTS.revoked)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(API_TOKEN_TEXTS.empty)).toBeVisible());
    expect(api.calls.filter((c) => c.key === 'DELETE /api/user/tokens/1')).toHaveLength(1);
  });
});

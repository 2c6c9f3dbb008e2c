import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TriageQueueItem } from '../../../common/contracts/triage';
import { TRIAGE_TEXTS } from '../../../common/domain/triage';
import { buildUser } from '../../test/factories';
import { jsonBodyOf, urlOf } from '../../test/fetch-call';
import { jsonResponse, renderRoutes } from '../../test/render';
import { TriagePage } from './triage-page';

const item = (overrides: Partial<TriageQueueItem> = {}): TriageQueueItem => ({
  id: 9,
  id_slug: '9-wet-floor',
  title: 'Wet floor by the door',
  kind: 'near_miss',
  area_department: 'Operations',
  created_at: '2026-03-01T10:00:00.000Z',
  created_by: 'Confidential reporter',
  confidential: true,
  ...overrides,
});

let calls: { method: string; path: string; body: unknown }[] = [];
type Handler = (body: unknown) => Response;

function setup(routes: Record<string, Handler | object>) {
  window.sessionStorage.setItem('authToken', 'tok-1');
  calls = [];
  const all: Record<string, Handler | object> = {
    'GET /api/user/profile': buildUser({ role: 'owner' }),
    'GET /api/team/current/members': { members: [] },
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(urlOf(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = jsonBodyOf(init);
      calls.push({ method, path: url.pathname, body });
      const route = all[`${method} ${url.pathname}`];
      if (route === undefined) return jsonResponse(404, { error: 'Not found.' });
      return typeof route === 'function' ? (route as Handler)(body) : jsonResponse(200, route);
    }),
  );
  return renderRoutes([{ path: '/triage', element: <TriagePage /> }], '/triage');
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('TriagePage', { timeout: 30_000 }, () => {
  it('lists the waiting reports and sends an outcome with its note', async () => {
    let queue = { items: [item()], total: 1 };
    setup({
      'GET /api/triage/queue': () => jsonResponse(200, queue),
      'POST /api/triage/9': (body) => {
        queue = { items: [], total: 0 };
        return jsonResponse(200, {
          oops_id: 9,
          ...(body as object),
          triaged_at: '2026-03-02T10:00:00.000Z',
          action_id: 4,
        });
      },
    });
    const card = await screen.findByRole('article', { name: 'Wet floor by the door' });
    expect(screen.getByRole('heading', { level: 1, name: 'Triage (1)' })).toBeInTheDocument();
    expect(within(card).getByText('Confidential')).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: TRIAGE_TEXTS.submit });
    expect(save).toBeDisabled();
    await userEvent.click(within(card).getByRole('radio', { name: /Needs a fix/ }));
    expect(within(card).getByRole('combobox', { name: /Action owner/ })).toBeInTheDocument();
    await userEvent.type(
      within(card).getByRole('textbox', { name: /Note to the reporter/ }),
      'Put a mat down.',
    );
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        outcome: 'needs_fix',
        note: 'Put a mat down.',
      }),
    );
    expect(await screen.findByText(TRIAGE_TEXTS.empty)).toBeInTheDocument();
  });

  it('names the reporter of an ordinary report and shows the server error under the note', async () => {
    setup({
      'GET /api/triage/queue': { items: [item({ confidential: false, created_by: 'Ada' })], total: 1 },
      'POST /api/triage/9': () => jsonResponse(409, { error: 'This report has been triaged already.' }),
    });
    const card = await screen.findByRole('article', { name: 'Wet floor by the door' });
    expect(within(card).getByText(/Ada/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('radio', { name: /No action needed/ }));
    await userEvent.type(within(card).getByRole('textbox', { name: /Note to the reporter/ }), 'Fine.');
    await userEvent.click(within(card).getByRole('button', { name: TRIAGE_TEXTS.submit }));
    expect(await within(card).findByText('This report has been triaged already.')).toBeInTheDocument();
  });
});

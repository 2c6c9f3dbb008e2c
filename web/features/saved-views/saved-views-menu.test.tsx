// The saved views' menu (decision 041) under jsdom, against a stub of /api/saved-views that keeps what it is sent:
// save the current query under a name, apply a view (its query becomes the log's), delete one, and a refusal shown.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../common/contracts/saved-views';
import { jsonResponse, renderRoutes } from '../../test/render';
import { apiStub } from '../../test/oops-test-data';
import { SavedViewsMenu } from './saved-views-menu';

function setup(views: SavedView[], query = 'kind=near_miss&view=table') {
  let nextId = views.length + 1;
  const stub = apiStub({
    'GET /api/saved-views': () => jsonResponse(200, { views }),
    'POST /api/saved-views': (body: unknown) => {
      const { name, query: saved } = body as { name: string; query: string };
      if (views.some((v) => v.name === name)) return jsonResponse(409, { error: 'You already have a view of that name.' });
      const view = { id: nextId++, name, query: saved, created_at: '2026-03-01T10:00:00.000Z' };
      views.push(view);
      return jsonResponse(201, view);
    },
    'DELETE /api/saved-views/1': () => {
      views.splice(views.findIndex((v) => v.id === 1), 1);
      return jsonResponse(200, { success: true });
    },
  });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  const rendered = renderRoutes(
    [
      { path: '/', element: <SavedViewsMenu currentQuery={query} /> },
      { path: '/oops', element: <h1>The log</h1> },
    ],
    '/',
  );
  return { ...rendered, stub };
}

const view = (id: number, name: string, query: string): SavedView => ({
  id,
  name,
  query,
  created_at: '2026-03-01T10:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('SavedViewsMenu', { timeout: 30_000 }, () => {
  it('saves the current query under a name and lists it', async () => {
    const user = userEvent.setup({ delay: null });
    const { stub } = setup([]);
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    expect(await screen.findByText('No saved views yet.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Save the current view as'), 'Near misses');
    await user.click(save);
    expect(await screen.findByRole('button', { name: 'Near misses' })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Near misses',
      query: 'kind=near_miss&view=table',
    });
    expect(screen.getByLabelText('Save the current view as')).toHaveValue('');
  });

  it("shows the server's refusal under the name", async () => {
    const user = userEvent.setup({ delay: null });
    setup([view(1, 'Mine', 'status=Open')]);
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    await user.type(await screen.findByLabelText('Save the current view as'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a view of that name.')).toBeInTheDocument();
  });

  it('applies a view: its query becomes the log page', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup([view(1, 'Open high', 'status=Open&severity=High&view=table')]);
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    await user.click(await screen.findByRole('button', { name: 'Open high' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/oops'));
    expect(router.state.location.search).toBe('?status=Open&severity=High&view=table');
  });

  it('deletes a view', async () => {
    const user = userEvent.setup({ delay: null });
    const { stub } = setup([view(1, 'Old', 'status=Closed'), view(2, 'Kept', 'view=table')]);
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    const list = await screen.findByRole('list', { name: 'Saved views' });
    await within(list).findByRole('button', { name: 'Old' });
    await user.click(within(list).getByRole('button', { name: 'Delete saved view Old' }));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Old' })).not.toBeInTheDocument());
    expect(within(list).getByRole('button', { name: 'Kept' })).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'DELETE' && c.path === '/api/saved-views/1')).toBe(true);
  });
});

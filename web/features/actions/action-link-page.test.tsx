import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import { ActionLinkPage } from './action-link-page';
import { apiStub } from '../../test/oops-test-data';

let stub: ReturnType<typeof apiStub>;

function setup(path: string, routes: Record<string, unknown>) {
  stub = apiStub(routes);
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes([{ path: '/actions/done', element: <ActionLinkPage /> }], path);
}

afterEach(() => vi.unstubAllGlobals());

describe('ActionLinkPage', { timeout: 30_000 }, () => {
  it('marks the action done once, signed out, and links the incident and My Actions', async () => {
    setup('/actions/done?token=tok-123', {
      'POST /api/actions/done-by-link': {
        title: 'Rotate the keys',
        oops: { id_slug: '7-db-outage', title: 'DB outage' },
        already_done: false,
      },
    });
    expect(await screen.findByText('Done: Rotate the keys')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DB outage' })).toHaveAttribute('href', '/oops/7-db-outage');
    expect(screen.getByRole('link', { name: 'Go to My Actions' })).toHaveAttribute('href', '/actions');
    const posts = stub.calls.filter((c) => c.path === '/api/actions/done-by-link');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ token: 'tok-123' });
  });

  it("says why when the link was used or has expired, and doesn't call without a token", async () => {
    setup('/actions/done?token=used', {
      'POST /api/actions/done-by-link': () => jsonResponse(410, { error: 'This link was already used.' }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The action was not marked done');
    expect(alert).toHaveTextContent('This link was already used.');
  });

  it('needs a token', async () => {
    setup('/actions/done', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.');
    expect(stub.calls.filter((c) => c.path === '/api/actions/done-by-link')).toHaveLength(0);
  });
});

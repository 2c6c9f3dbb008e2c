import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../test/render';
import { MATCHED_COUNT_CAP } from '../../../common/domain/oops-options';
import { OOPS_PAGE_SIZE } from './api/list-oops';
import { OopsListPage } from './oops-list-page';
import { buildUser } from '../../test/factories';
import { buildOopsSummary } from '../../test/oops-fields';
import { apiStub, listPage } from '../../test/oops-test-data';
import { urlOf } from '../../test/fetch-call';

let stub: ReturnType<typeof apiStub>;

function setup(path: string, routes: Parameters<typeof apiStub>[0]) {
  stub = apiStub(routes);
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes(
    [
      { path: '/oops', element: <OopsListPage /> },
      { path: '/oops/:idSlug', element: <h1>Detail page</h1> },
    ],
    path,
  );
}

afterEach(() => vi.unstubAllGlobals());

const listCalls = () => stub.calls.filter((c) => c.path === '/api/oops').map((c) => c.url.searchParams);

// Whole pages under jsdom are slow on a busy 2-core machine; the default 5 s is too tight.
describe('OopsListPage', { timeout: 30_000 }, () => {
  it("says 'Loading...', then the totals and each card's fields", async () => {
    setup('/oops', {
      'GET /api/oops': listPage(
        [
          buildOopsSummary({
            downtime_hours: 0,
            completeness: 72,
            open_actions: 2,
            overdue_actions: 1,
            status: 'Open',
          }),
        ],
        { total: 4, matched: 4 },
      ),
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Database outage' });
    expect(screen.getByText(/Total Incidents/)).toHaveTextContent('Total Incidents: 4');
    expect(screen.getByText('Showing 1 of 4 incidents')).toBeInTheDocument();
    for (const text of [
      'Engines',
      'Engineering',
      'Service Outage',
      'High',
      'Open',
      '0 hours',
      '1-1000 Users',
    ]) {
      expect(within(card).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(card).getByText('1 System')).toBeInTheDocument();
    expect(within(card).getByText(/^Created /)).toBeInTheDocument();
    expect(within(card).getByText('Event Data Collected')).toBeInTheDocument();
    expect(within(card).getByText('72% · Fair')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '72');
    expect(within(card).getByText(/^2 open actions/)).toHaveTextContent('2 open actions · 1 overdue');
    expect(within(card).getByRole('link', { name: 'View Details: Database outage' })).toHaveAttribute(
      'href',
      '/oops/7-database-outage',
    );
    expect(listCalls()[0]!.get('limit')).toBe(String(OOPS_PAGE_SIZE));
    // The first page has no cursor; paging never sends an offset.
    expect(listCalls()[0]!.has('cursor')).toBe(false);
    expect(listCalls()[0]!.has('offset')).toBe(false);
  });

  it('marks a card "Resolved · in review" while a resolved incident is still open, never a closed one', async () => {
    setup('/oops', {
      'GET /api/oops': listPage([
        buildOopsSummary({
          id: 1,
          title: 'Resolved, open',
          status: 'Open',
          resolved_at: '2026-03-02T10:00:00.000Z',
        }),
        buildOopsSummary({
          id: 2,
          title: 'Resolved, closed',
          status: 'Closed',
          resolved_at: '2026-03-02T10:00:00.000Z',
        }),
        buildOopsSummary({ id: 3, title: 'Not resolved', status: 'Open', resolved_at: null }),
      ]),
    });
    const inReview = await screen.findByRole('article', { name: 'Resolved, open' });
    expect(within(inReview).getByText('Resolved · in review')).toBeInTheDocument();
    for (const name of ['Resolved, closed', 'Not resolved']) {
      expect(within(screen.getByRole('article', { name })).queryByText('Resolved · in review')).toBeNull();
    }
  });

  it('opens the detail page from anywhere on the card', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops', {
      'GET /api/oops': listPage([buildOopsSummary()]),
    });
    await user.click(await screen.findByText('Service Outage'));
    expect(router.state.location.pathname).toBe('/oops/7-database-outage');
  });

  it("shows 'No oops have been logged yet' for an empty team", async () => {
    setup('/oops', { 'GET /api/oops': listPage([]) });
    expect(await screen.findByText('No oops have been logged yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 incidents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('searches with the URL search term and names it', async () => {
    setup('/oops?search=outage', {
      'GET /api/oops': listPage([buildOopsSummary()], { total: 9 }),
    });
    expect(await screen.findByText('Showing 1 of 1 incidents matching “outage”')).toBeInTheDocument();
    expect(listCalls()[0]!.get('search')).toBe('outage');
  });

  it('filters by status: All Statuses / Open / Closed', async () => {
    const user = userEvent.setup({ delay: null });
    setup('/oops', { 'GET /api/oops': listPage([buildOopsSummary()]) });
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Statuses', 'Open', 'Closed']);
    await user.selectOptions(select, 'Closed');
    await waitFor(() => expect(listCalls().at(-1)!.get('status')).toBe('Closed'));
  });

  it('pages with Load more along the cursor instead of loading everything', async () => {
    const user = userEvent.setup({ delay: null });
    const rows = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) =>
        buildOopsSummary({ id: from + i, id_slug: `${from + i}-x`, title: `Incident ${from + i}` }),
      );
    const matched = OOPS_PAGE_SIZE + 5;
    setup('/oops?status=Open', {
      'GET /api/oops': (_body: unknown, url: URL) =>
        jsonResponse(
          200,
          url.searchParams.get('cursor') === 'page-2'
            ? listPage(rows(OOPS_PAGE_SIZE + 1, 5), { total: 40, matched })
            : listPage(rows(1, OOPS_PAGE_SIZE), { total: 40, matched, next_cursor: 'page-2' }),
        ),
    });
    expect(await screen.findByText(`Showing ${OOPS_PAGE_SIZE} of ${matched} incidents`)).toBeVisible();
    const loadMore = screen.getByRole('button', { name: 'Load more' });
    loadMore.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`Showing ${matched} of ${matched} incidents`)).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(matched);
    expect(listCalls().map((p) => [p.get('cursor'), p.get('status'), p.get('offset')])).toEqual([
      [null, 'Open', null],
      ['page-2', 'Open', null],
    ]);
    // The last page has no next_cursor, so there is nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "10,000+" when the server stopped counting at its cap', async () => {
    setup('/oops?search=outage', {
      'GET /api/oops': listPage([buildOopsSummary()], {
        total: 250_000,
        matched: MATCHED_COUNT_CAP,
        matched_capped: true,
        next_cursor: 'page-2',
      }),
    });
    expect(await screen.findByText('Showing 1 of 10,000+ incidents matching “outage”')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('exports the same filter as CSV with the bearer token', async () => {
    const user = userEvent.setup({ delay: null });
    window.sessionStorage.setItem('authToken', 'tok-1');
    // jsdom has no object URLs; the click on the download link is the browser's part.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    setup('/oops?search=db&status=Open', {
      'GET /api/user/profile': buildUser(),
      'GET /api/oops': listPage([buildOopsSummary()]),
      'GET /api/oops/export.csv': () =>
        new Response('id,title\n7,Database outage\n', {
          status: 200,
          headers: { 'content-type': 'text/csv' },
        }),
    });
    await screen.findByRole('article', { name: 'Database outage' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exportCall = stub.calls.find((c) => c.path === '/api/oops/export.csv')!;
    expect(exportCall.url.search).toBe('?search=db&status=Open');
    const init = vi.mocked(fetch).mock.calls.find(([p]) => urlOf(p).startsWith('/api/oops/export.csv'))![1];
    expect(init?.headers).toEqual({ authorization: 'Bearer tok-1' });
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('id,title\n7,Database outage\n');
    expect(click).toHaveBeenCalledOnce();
    click.mockRestore();
  });
});

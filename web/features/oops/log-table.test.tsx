// The log's table view and filters bar (decision 041) under jsdom: a sort header and a chosen filter land in the URL
// (and so in the list's request), "Clear filters" clears the bar's, the status and the custom field filters in one
// write, and a narrow screen gets the compact list instead of the table.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { buildOopsSummary } from '../../test/oops-fields';
import { apiStub, listPage } from '../../test/oops-test-data';
import { OopsListPage } from './oops-list-page';
import { withoutFilters } from './use-list-filters';

let stub: ReturnType<typeof apiStub>;

/**
 * The setup's matchMedia matches nothing; mantine-datatable shows a column while matchMedia('') matches (as in a
 * browser), so the empty query matches here, and the compact list's query when `narrow`.
 */
function stubMedia(narrow: boolean) {
  const base = window.matchMedia.bind(window);
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...base(query),
    matches: query === '' || (narrow && query.includes('max-width: 48em')),
  }));
}

function setup(path: string, { narrow = false } = {}) {
  stubMedia(narrow);
  stub = apiStub({ 'GET /api/oops': listPage([buildOopsSummary({ title: 'Database outage' })]) });
  vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
  return renderRoutes([{ path: '/oops', element: <OopsListPage /> }], path);
}

const lastListCall = () => stub.calls.filter((c) => c.path === '/api/oops').at(-1)!.url.searchParams;

afterEach(() => vi.unstubAllGlobals());

describe('the log table', { timeout: 30_000 }, () => {
  it('sorts by a header: the sort goes to the URL and to the request, a second click flips it', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops?view=table');
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'Database outage' })).toHaveAttribute(
      'href',
      '/oops/7-database-outage',
    );
    await user.click(within(table).getByRole('button', { name: /^Severity/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=severity'));
    await waitFor(() => expect(lastListCall().get('sort')).toBe('severity'));
    // A new column keeps the direction; the same column again flips it.
    await within(table).findByRole('button', { name: 'Severity Sorted descending' });
    // The table stays while the new order loads: the same element, so a header keeps the keyboard's focus.
    expect(screen.getByRole('table')).toBe(table);
    await user.click(within(table).getByRole('button', { name: /^Severity/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('dir')).toBe('asc'));
  });

  it('sorts from the keyboard: Enter on a focused header', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops?view=table');
    const header = await within(await screen.findByRole('table')).findByRole('button', { name: /^Owner/ });
    header.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('sort=owner'));
    await waitFor(() => expect(lastListCall().get('sort')).toBe('owner'));
    expect(header).toHaveFocus();
  });

  it('shows a compact list instead of the table on a narrow screen: title, severity, status and age a row', async () => {
    setup('/oops?view=table', { narrow: true });
    const list = await screen.findByRole('list', { name: 'Incidents' });
    const row = within(list).getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Database outage' })).toHaveAttribute(
      'href',
      '/oops/7-database-outage',
    );
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    // Its age from when it happened (or was logged), with the exact time on the element.
    expect(row.querySelector('time')).toHaveAttribute(
      'datetime',
      buildOopsSummary().occurred_at ?? buildOopsSummary().created_at,
    );
    expect(row.querySelector('time')?.textContent).toMatch(/^(\d+[mhd]|just now)$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says "Resolved · in review" in the compact list and the table for a resolved incident that is still open', async () => {
    for (const narrow of [true, false]) {
      stubMedia(narrow);
      stub = apiStub({
        'GET /api/oops': listPage([
          buildOopsSummary({
            title: 'Awaiting review',
            status: 'Open',
            resolved_at: '2026-03-02T10:00:00.000Z',
          }),
        ]),
      });
      vi.stubGlobal('fetch', vi.fn(stub.fetchImpl));
      const view = renderRoutes([{ path: '/oops', element: <OopsListPage /> }], '/oops?view=table');
      const rows = await screen.findByRole(narrow ? 'list' : 'table', { name: 'Incidents' });
      expect(await within(rows).findByText('Resolved · in review')).toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('the filters bar', { timeout: 30_000 }, () => {
  it('puts a chosen severity and kind in the URL and the request', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup('/oops?view=table');
    await user.click(await screen.findByRole('button', { name: /^Filters/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kind' }), 'near_miss');
    await waitFor(() => expect(router.state.location.search).toContain('kind=near_miss'));
    await user.click(screen.getByLabelText('Severity', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'High' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('severity')).toBe('High'),
    );
    await waitFor(() => expect(lastListCall().get('severity')).toBe('High'));
    expect(lastListCall().get('kind')).toBe('near_miss');
  });

  it('clears every filter in one write, keeping the search, sort and view', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = setup(
      '/oops?view=table&kind=incident&status=Open&cf.rig=North&cf.shift=Night&sort=owner&search=pump',
    );
    const navigations: string[] = [];
    router.subscribe((state) => navigations.push(state.location.search));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=table&sort=owner&search=pump'));
    expect(navigations).toEqual(['?view=table&sort=owner&search=pump']);
  });
});

describe('withoutFilters', () => {
  it('drops the filters, the status and the custom field filters, and keeps everything else', () => {
    const params = new URLSearchParams(
      'search=a&status=Open&severity=High&cf.rig=North&sort=owner&dir=asc&view=table&x=1',
    );
    expect(withoutFilters(params).toString()).toBe('search=a&sort=owner&dir=asc&view=table&x=1');
  });
});

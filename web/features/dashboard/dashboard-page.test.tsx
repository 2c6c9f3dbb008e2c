import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS, TOKEN_STORAGE_KEY } from '../../../common/domain/options';
import { setPresentationMode } from '../../lib/use-presentation-mode';
import { buildUser } from '../../test/factories';
import { jsonResponse, renderRoutes } from '../../test/render';
import { createQueryClient } from '../../app/query-client';
import { DashboardPage, readDashboardAhead } from './dashboard-page';
import { buildAttention, buildDepartment, buildStats, listBody } from './dashboard-test-data';
import { widgetStorageKey } from './use-widget-layout';
import { urlOf } from '../../test/fetch-call';
import { buildTrends } from '../../test/trends-test-data';

const fetchMock = vi.fn<typeof fetch>();
const user = buildUser({ id: 4242 });
let liveWrite: ((text: string) => void) | null = null;
let totals = 0;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  window.localStorage.clear();
  // Trends (on by default) has its own test below; the others leave its charts out.
  window.localStorage.setItem(widgetStorageKey(user.id), '[]');
  totals = 0;
  fetchMock.mockImplementation(async (input) => {
    const url = urlOf(input);
    if (url === '/api/user/profile') return jsonResponse(200, user);
    if (url === '/api/live') {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start: (c) => void (liveWrite = (text) => c.enqueue(encoder.encode(text))),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url.startsWith('/api/oops/stats')) return jsonResponse(200, buildStats({ total_oops: totals }));
    if (url.startsWith('/api/oops/last')) return jsonResponse(404, { error: 'No incidents yet.' });
    if (url.startsWith('/api/oops/department-stats'))
      return jsonResponse(
        200,
        ['Engineering', 'Support', 'Sales', 'HR'].map((department) => buildDepartment({ department })),
      );
    if (url.startsWith('/api/oops?')) return jsonResponse(200, listBody([]));
    if (url === '/api/dashboard/attention') return jsonResponse(200, buildAttention());
    if (url.startsWith('/api/team/current/trends')) return jsonResponse(200, buildTrends());
    if (url === '/api/auth/refresh-presentation') return jsonResponse(200, { success: true });
    return jsonResponse(404, { error: 'Not found.' });
  });
});
afterEach(() => {
  setPresentationMode(false);
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  liveWrite = null;
});

const calls = (prefix: string) => fetchMock.mock.calls.filter(([u]) => urlOf(u).startsWith(prefix)).length;
const renderDashboard = (queryClient = createQueryClient()) =>
  renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard', queryClient);

describe('DashboardPage', () => {
  it('shows what needs attention first, then the four panels in order: timer, Department Overview, stats cards, timeline', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // One placeholder holds the page until the attention lists are in, so nothing below them jumps.
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    await screen.findByRole('heading', { level: 2, name: 'Needs attention' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Needs attention',
      'Time Since Last Oops',
      'Department Overview',
      'Statistics',
      'Incident Timeline',
    ]);
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('0');
  });

  it('takes the answers read ahead as the app started rather than asking again on mount', async () => {
    const queryClient = createQueryClient();
    void readDashboardAhead(queryClient, {});
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    renderDashboard(queryClient);
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('0');
    await screen.findByRole('heading', { level: 2, name: 'Needs attention' });
    for (const path of [
      '/api/dashboard/attention',
      '/api/oops/stats',
      '/api/oops/department-stats',
      '/api/oops?',
    ]) {
      expect(calls(path), path).toBe(1);
    }
  });

  it('refreshes every widget when a live event arrives', async () => {
    renderDashboard();
    expect(await screen.findByTestId('stat-total')).toHaveTextContent('0');
    await waitFor(() => expect(liveWrite).not.toBeNull());
    const before = calls('/api/oops/department-stats');
    totals = 1;
    act(() => liveWrite!('event: oops\ndata: {"type":"oops.created","id":1}\n\n'));
    await waitFor(() => expect(screen.getByTestId('stat-total')).toHaveTextContent('1'));
    expect(calls('/api/oops/department-stats')).toBe(before + 1);
  });

  // Renders the whole page twice with extra widgets: slower than the rest on a busy machine.
  it('adds optional widgets through Customise and remembers them per user', { timeout: 15_000 }, async () => {
    const u = userEvent.setup({ delay: null });
    const first = renderDashboard();
    await screen.findByTestId('stat-total');
    await u.click(screen.getByRole('button', { name: 'Customise' }));
    await u.click(await screen.findByRole('checkbox', { name: 'Quick Actions' }, { timeout: 5000 }));
    await u.click(screen.getByRole('checkbox', { name: 'Recent Oops' }));
    expect(await screen.findByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Oops Log' })).toHaveAttribute('href', '/oops');
    expect(await screen.findByText('No oops logged yet')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(widgetStorageKey(user.id))!)).toEqual([
      'recent-oops',
      'quick-actions',
    ]);
    first.unmount();

    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Recent Oops' })).toBeInTheDocument();
    // Another user's choice is not this user's.
    expect(window.localStorage.getItem(widgetStorageKey(user.id + 1))).toBeNull();
  });

  it(
    'shows Trends until the user chooses otherwise, its charts with a table for screen readers',
    { timeout: 15_000 },
    async () => {
      window.localStorage.removeItem(widgetStorageKey(user.id));
      renderDashboard();
      const trends = await screen.findByRole('region', { name: 'Trends' }, { timeout: 5000 });
      const weekly = await within(trends).findByRole(
        'table',
        { name: /Incidents and near-misses per week/ },
        { timeout: 5000 },
      );
      expect(
        within(weekly)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual([
        'Week starting',
        'Low incidents',
        'Medium incidents',
        'High incidents',
        'Critical incidents',
        'Near-misses',
      ]);
      const resolve = within(trends).getByRole('table', { name: /Time to resolve per month/ });
      expect(within(resolve).getByRole('row', { name: /Jan 2026/ })).toHaveTextContent('10 h');
      expect(within(resolve).getByRole('row', { name: /Jan 2026/ })).toHaveTextContent('6 d 19 h');
      expect(window.localStorage.getItem(widgetStorageKey(user.id))).toBeNull();
    },
  );

  it('presents with the logo and only 3 department cards, and exits', async () => {
    const u = userEvent.setup();
    renderDashboard();
    expect(await screen.findAllByTestId('department-card')).toHaveLength(4);

    act(() => setPresentationMode(true));
    expect(document.documentElement).toHaveAttribute('data-presenting', 'true');
    expect(screen.getByTestId('presentation-logo')).toHaveTextContent('OopsBoard');
    expect(screen.getAllByTestId('department-card')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Customise' })).not.toBeInTheDocument();

    const exit = screen.getByRole('button', { name: 'Exit Presentation Mode' });
    await u.click(exit);
    expect(document.documentElement).not.toHaveAttribute('data-presenting');
    expect(await screen.findAllByTestId('department-card')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Customise' })).toBeInTheDocument();
  });

  it('leaves presentation when the page is left', async () => {
    const view = renderDashboard();
    await screen.findByTestId('stat-total');
    act(() => setPresentationMode(true));
    view.unmount();
    expect(document.documentElement).not.toHaveAttribute('data-presenting');
  });

  it('polls the widgets every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderDashboard();
    await screen.findByTestId('stat-total');
    const before = calls('/api/oops/stats');
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.widgetRefreshMs));
    await waitFor(() => expect(calls('/api/oops/stats')).toBe(before + 1));
  });
});
